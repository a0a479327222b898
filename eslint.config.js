// ESLint 9 flat config. The dependency direction of design.md §2 is enforced here:
//   views -> (react, validation, view-only libs); machines -> (xstate, contract, validation);
//   services -> (contract, ky, browser APIs); app -> everything; server -> (contract, server libs).
// Only src/services may touch fetch, storage, XMLHttpRequest or navigator.locks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const layer = (name) => [`**/${name}`, `**/${name}/**`];

const restrict = (groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map(([group, message]) => ({ group, message })),
    },
  ],
});

const browserIo = {
  'no-restricted-globals': [
    'error',
    { name: 'fetch', message: 'Only src/services calls the network (design.md §5).' },
    { name: 'localStorage', message: 'Only src/services touches browser storage.' },
    { name: 'sessionStorage', message: 'Only src/services touches browser storage.' },
    { name: 'XMLHttpRequest', message: 'Only src/services calls the network.' },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'window', property: 'fetch', message: 'Only src/services calls the network.' },
    { object: 'window', property: 'localStorage', message: 'Only src/services touches storage.' },
    { object: 'window', property: 'sessionStorage', message: 'Only src/services touches storage.' },
    { object: 'navigator', property: 'locks', message: 'Only src/services uses Web Locks.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'docs/**',
      'test-results/**',
      '.data*/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/views/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      ...restrict([
        [
          ['xstate', '@xstate/*', '@statelyai/*'],
          'Views never see an actor: a connector in src/app maps actor state to props.',
        ],
        [[...layer('services'), 'ky'], 'Views do no I/O: services are used by src/app only.'],
        [layer('machines'), 'Views never import a machine (design.md §4).'],
        [layer('app'), 'Views are imported by src/app, not the other way round.'],
      ]),
      ...browserIo,
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      ...restrict([
        [
          [...layer('services'), 'ky'],
          'Machines are pure: their effects are named actors provided in src/app.',
        ],
        [
          [...layer('views'), 'react', 'react-dom', '@xstate/react', 'wouter'],
          'Machines never import React or views.',
        ],
        [layer('app'), 'Machines never import the composition root.'],
      ]),
      ...browserIo,
    },
  },
  {
    files: ['src/validation/**/*.ts'],
    rules: {
      ...restrict([
        [
          [...layer('services'), ...layer('machines'), ...layer('views'), ...layer('app')],
          'Validation rules are pure superstruct.',
        ],
        [['react', 'react-dom', 'xstate', 'ky'], 'Validation rules are pure superstruct.'],
      ]),
      ...browserIo,
    },
  },
  {
    files: ['src/services/**/*.ts'],
    rules: {
      ...restrict([
        [
          [...layer('machines'), ...layer('views'), ...layer('app')],
          'Services talk to the world; they know no machine, view or app code.',
        ],
        [['react', 'react-dom', 'xstate', '@xstate/*'], 'Services know no React or xstate.'],
      ]),
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'],
    rules: { ...browserIo },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      ...restrict([
        [[...layer('src'), ...layer('server')], 'The contract depends on nothing but superstruct.'],
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      ...restrict([
        [
          [...layer('src'), 'react', 'react-dom', 'xstate'],
          'The server shares only contract/ with the client.',
        ],
      ]),
    },
  },
  prettier,
);
