// ESLint 9 flat config. The layout and dependency direction of architecture.md §2 are enforced here,
// not by memory:
//   - boundaries/dependencies: which layer may import which (static imports, re-exports and
//     dynamic import() all count), and which layer may use which package;
//   - no-restricted-globals/-properties/-syntax: only src/services does browser I/O, and the
//     machines read no clock, start no timer and touch no window/location/history/document;
//   - type-aware: no floating or misused promises, everywhere.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import checkFile from 'eslint-plugin-check-file';

// ---------------------------------------------------------------------------------------------
// Layers (architecture.md §2). Element = the folder a file lives in; a feature is captured by its
// folder name so that "same feature" can be told from "another feature". A statechart is a file
// category, not a folder: src/machines/** and src/features/<flow>/*Machine.ts are both machines,
// and the machine policies below apply to both (a feature machine stays part of its feature).
// Files under no element (tests/, scripts/, root configs) are not checked by boundaries.
// ---------------------------------------------------------------------------------------------

const SRC = ['app', 'feature', 'shared', 'machine', 'view', 'service', 'validation'];
const MACHINE_FILES = ['src/machines/**/*.{ts,tsx}', 'src/features/*/*Machine.ts'];
// A view is a file category too: src/views/** and a flow's own src/features/<flow>/*View.tsx.
const VIEW_FILES = ['src/views/**/*.tsx', 'src/features/*/*View.tsx'];

const elements = [
  { type: 'app', pattern: 'src/app', partialMatch: false },
  { type: 'feature', pattern: 'src/features/*', capture: ['flow'], partialMatch: false },
  { type: 'shared', pattern: 'src/shared', partialMatch: false },
  { type: 'machine', pattern: 'src/machines', partialMatch: false },
  { type: 'view', pattern: 'src/views', partialMatch: false },
  { type: 'service', pattern: 'src/services', partialMatch: false },
  { type: 'validation', pattern: 'src/validation', partialMatch: false },
  { type: 'contract', pattern: 'contract', partialMatch: false },
  { type: 'server', pattern: 'server', partialMatch: false },
];

const files = [
  // src/main.tsx starts the app: it belongs to the composition root.
  { category: 'entry', pattern: 'src/main.tsx' },
  {
    category: 'view',
    pattern: [...VIEW_FILES, 'src/views/**/*.css', 'src/features/*/*.module.css'],
  },
  {
    category: 'machine',
    pattern: ['src/machines/**', 'src/features/*/*Machine.ts', 'contract/*Machine.ts'],
  },
  // The server's layers (architecture.md §2): routes.ts (HTTP only) -> the domain (rules) -> queries.ts
  // (Drizzle). server/domain/ is the domain every area shares, with its own queries.ts.
  { category: 'serverRoutes', pattern: 'server/features/*/routes.ts' },
  // An area's plugin.ts composes its routes with the core (server/area.ts): above the routes.
  { category: 'serverArea', pattern: 'server/features/*/plugin.ts' },
  {
    category: 'serverQueries',
    pattern: ['server/features/*/queries.ts', 'server/domain/queries.ts'],
  },
  {
    category: 'serverDomain',
    pattern: ['server/features/*/!(routes|queries|plugin).ts', 'server/domain/!(queries).ts'],
  },
  { category: 'serverSchema', pattern: ['server/db/schema.ts', 'server/db/database.ts'] },
  { category: 'serverHttp', pattern: 'server/http/**' },
];

const from = (...types) => ({ element: { type: types } });
const to = (...types) => ({ to: { element: { type: types } } });
const pkg = (...sources) => ({ to: { module: { origin: 'external', source: sources } } });
const anyPackage = { to: { module: { origin: ['external', 'core'] } } };
const machineFile = { file: { categories: 'machine' } };
const category = (...categories) => ({ file: { categories } });
const toCategory = (...categories) => ({ to: category(...categories) });
/** A dependency that exists at run time (an `import type` is not one). */
const atRunTime = { dependency: { kind: 'value' } };
const DATABASE_PACKAGES = ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'];
const entryFile = { file: { categories: 'entry' } };

const REACT = ['react', 'react-dom', '@xstate/react', 'wouter'];
const XSTATE = ['xstate', '@xstate/*', '@statelyai/*'];

/** Read top to bottom: the last policy that matches a dependency decides it. */
const policies = [
  // Files of one element import each other freely (a feature's own files, machines/ among
  // themselves...), and packages are allowed unless a layer's policy below says otherwise.
  { allow: { dependency: { relationship: { to: 'internal' } } } },
  { allow: anyPackage },

  // app (and src/main.tsx) -> everything in src/.
  { from: [from('app'), entryFile], allow: to(...SRC, 'contract') },
  // a feature -> machines, services, views, validation, the shared layer, the contract.
  {
    from: from('feature'),
    allow: to('machine', 'service', 'view', 'validation', 'shared', 'contract'),
  },
  {
    from: from('feature'),
    disallow: {
      to: { element: { type: 'feature', captured: { flow: '!{{ from.element.captured.flow }}' } } },
    },
    message:
      'A feature never imports another feature (architecture.md §2): share it through src/machines, src/shared or src/views.',
  },
  // the shared layer -> machines, services, views, validation, the contract.
  { from: from('shared'), allow: to('machine', 'service', 'view', 'validation', 'contract') },
  // machines -> validation, the contract (and each other: internal).
  { from: from('machine'), allow: to('validation', 'contract') },
  // views -> validation, the contract; React and view libraries, never an actor (nor fetch: below).
  { from: from('view'), allow: to('validation', 'contract') },
  {
    from: category('view'),
    disallow: to('app', 'feature', 'shared', 'machine', 'service', 'server'),
    message:
      "Views never see an actor and do no I/O: a flow's view imports views (its flow's and src/views), validation and the contract only.",
  },
  {
    from: category('view'),
    allow: {
      to: {
        element: { type: 'feature', captured: { flow: '{{ from.element.captured.flow }}' } },
        file: { categories: 'view' },
      },
    },
  },
  {
    from: [from('view'), category('view')],
    disallow: pkg(...XSTATE),
    message: 'Views never see an actor and do no I/O: a connector maps actor state to props.',
  },
  {
    from: [from('view'), category('view')],
    disallow: toCategory('machine'),
    message:
      "Views never import a statechart, not even the contract's: a selector beside the flow's machine decides what the view shows.",
  },
  // services -> the contract, browser APIs (fetch); no React, no xstate.
  { from: from('service'), allow: to('contract') },
  {
    from: from('service'),
    disallow: pkg(...REACT, ...XSTATE),
    message: 'Services talk to the world; they know no React and no xstate.',
  },
  // validation and contract are pure: superstruct (and libphonenumber-js for phone numbers).
  { from: from('validation'), allow: to('contract') },
  {
    from: from('validation'),
    disallow: { to: { module: { origin: ['external', 'core'] } } },
    message: 'Validation rules are pure: superstruct, libphonenumber-js and the contract only.',
  },
  { from: from('validation'), allow: pkg('superstruct', 'libphonenumber-js') },
  {
    from: from('contract'),
    disallow: { to: { module: { origin: ['external', 'core'] } } },
    message:
      'The contract depends on nothing but superstruct, and xstate for the statecharts the client and the server both follow (pure, no actors).',
  },
  { from: from('contract'), allow: pkg('superstruct', 'xstate') },
  // server -> the contract (and itself).
  { from: from('server'), allow: to('contract') },

  // Every statechart, in src/machines or in a feature, is pure: xstate, the contract,
  // validation and other machines (of its own feature, or src/machines) only.
  {
    from: machineFile,
    disallow: to('app', 'feature', 'shared', 'view', 'service', 'server'),
    message:
      'Machines are pure: their effects are named actors provided by the feature (architecture.md §3).',
  },
  {
    from: machineFile,
    allow: {
      to: {
        element: { type: 'feature', captured: { flow: '{{ from.element.captured.flow }}' } },
        file: { categories: 'machine' },
      },
    },
  },
  {
    from: machineFile,
    disallow: pkg(...REACT, '@statelyai/*'),
    message: 'Machines never import React, routing, the network or the inspector.',
  },

  // The server's layers: routes -> domain -> queries (architecture.md §2). Types may cross (a route
  // names the row type its domain returns); statements may not.
  {
    from: category('serverRoutes'),
    disallow: { ...toCategory('serverQueries', 'serverSchema'), ...atRunTime },
    message: 'Routes never query the database: call the domain (architecture.md §2).',
  },
  {
    from: category('serverArea'),
    disallow: { ...toCategory('serverQueries', 'serverSchema'), ...atRunTime },
    message: "An area's plugin.ts composes its routes and their dependencies: it never queries.",
  },
  {
    from: category('serverRoutes', 'serverDomain', 'serverArea'),
    disallow: pkg(...DATABASE_PACKAGES),
    message:
      "Only queries.ts (and server/db) speak SQL: move the statement to the area's queries.ts.",
  },
  {
    from: category('serverDomain'),
    disallow: { ...toCategory('serverSchema'), ...atRunTime },
    message: 'The domain reaches the tables through queries.ts, never through the schema itself.',
  },
  {
    from: category('serverDomain', 'serverQueries'),
    disallow: { ...toCategory('serverRoutes', 'serverHttp', 'serverArea'), ...atRunTime },
    message: 'The domain and the queries know no HTTP: routes call them, never the reverse.',
  },
  {
    from: category('serverQueries'),
    disallow: { ...toCategory('serverDomain'), ...atRunTime },
    message: 'Queries are plain statements: the rules that use them live in the domain.',
  },

  // Nothing in src/ (nor the contract) imports server/.
  {
    from: [from(...SRC, 'contract'), entryFile],
    disallow: to('server'),
    message:
      'Nothing in src/ or contract/ imports server/: the client and server share contract/ only.',
  },
];

// ---------------------------------------------------------------------------------------------
// Browser I/O: only src/services calls the network or touches browser storage.
// ---------------------------------------------------------------------------------------------

const IO = 'Only src/services does browser I/O (architecture.md §2): call a service instead.';
const IO_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'indexedDB',
  'localStorage',
  'sessionStorage',
];
const GLOBAL_OBJECTS = ['window', 'globalThis', 'self'];
const BEACON_CONSTRUCTORS = 'Image|Audio|Worker|SharedWorker';
const FETCHING_ELEMENTS = 'img|script|iframe|link|audio|video|source|embed|object|track';

const browserIo = {
  globals: IO_GLOBALS.map((name) => ({ name, message: IO })),
  properties: [
    ...GLOBAL_OBJECTS.flatMap((object) =>
      IO_GLOBALS.map((property) => ({ object, property, message: IO })),
    ),
    { object: 'document', property: 'cookie', message: IO },
    { object: 'navigator', property: 'sendBeacon', message: IO },
    { object: 'navigator', property: 'locks', message: IO },
  ],
  syntax: [
    {
      // window.document.cookie, globalThis.navigator.sendBeacon, ...
      selector:
        "MemberExpression[object.type='MemberExpression'][object.property.name='document'][property.name='cookie'], MemberExpression[object.type='MemberExpression'][object.property.name='navigator'][property.name=/^(sendBeacon|locks)$/]",
      message: IO,
    },
    {
      // `const g = globalThis; g.fetch()`, `window['fe' + 'tch']`, `f(self)`: a global object is
      // only ever the object of a plain property access (window.addEventListener) or typeof, so
      // the rules above cannot be walked around through an alias.
      selector: `Identifier[name=/^(${GLOBAL_OBJECTS.join('|')})$/]:not(MemberExpression[computed=false] > Identifier.object, MemberExpression[computed=false] > Identifier.property, UnaryExpression[operator='typeof'] > Identifier, Property > Identifier.key, TSTypeQuery > Identifier, TSQualifiedName > Identifier, TSPropertySignature > Identifier.key)`,
      message: `${IO} A global object (${GLOBAL_OBJECTS.join(', ')}) is not passed around or indexed by a computed name.`,
    },
    {
      // A request made by side effect: new Image().src = url (a beacon), an <img>/<script>/... made
      // by hand, a worker.
      selector: `NewExpression[callee.name=/^(${BEACON_CONSTRUCTORS})$/], NewExpression[callee.property.name=/^(${BEACON_CONSTRUCTORS})$/]`,
      message: IO,
    },
    {
      selector: `CallExpression[callee.property.name='createElement'][arguments.0.value=/^(${FETCHING_ELEMENTS})$/i]`,
      message: `${IO} (An element that loads a URL is a request.)`,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Code loading: every import() in src/ names its module literally, so that the boundaries above
// see it (a template-literal or computed specifier would cross into another feature unseen).
// ---------------------------------------------------------------------------------------------

const literalImports = {
  globals: [],
  properties: [],
  syntax: [
    {
      selector: "ImportExpression[source.type!='Literal']",
      message:
        "import() takes a literal module path (architecture.md §2): lint cannot check where a computed one leads. List the modules instead: () => import('./x').",
    },
    {
      // File names: a CSS module is its component's, so it is named like it (Button.module.css).
      selector: String.raw`ImportDeclaration[source.value=/(^|\/)[^A-Z/][^/]*\.module\.css$/]`,
      message: 'A CSS module is named after its component, in PascalCase (Button.module.css).',
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Machines: no timers, no clock, no window. The clock is an input or a named delay; navigation
// is an action the app provides (architecture.md §2, §3).
// ---------------------------------------------------------------------------------------------

const TIMER = 'Machines start no timers: use a named delay (after: { name: ... }).';
const CLOCK = "Machines read no clock: take the time as an input (event or the actor's input).";
const WINDOW = 'Machines do not touch the window: navigation is an action the app provides.';
const TIMERS = [
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'queueMicrotask',
];
const WINDOWS = ['window', 'self', 'document', 'location', 'history'];

const machinePurity = {
  globals: [
    ...TIMERS.map((name) => ({ name, message: TIMER })),
    ...WINDOWS.map((name) => ({ name, message: WINDOW })),
  ],
  properties: [
    { object: 'Date', property: 'now', message: CLOCK },
    { object: 'performance', property: 'now', message: CLOCK },
    ...['globalThis'].flatMap((object) => [
      ...TIMERS.map((property) => ({ object, property, message: TIMER })),
      ...WINDOWS.map((property) => ({ object, property, message: WINDOW })),
      { object, property: 'performance', message: CLOCK },
      { object, property: 'Date', message: CLOCK },
    ]),
  ],
  syntax: [
    { selector: "NewExpression[callee.name='Date']", message: CLOCK },
    { selector: "CallExpression[callee.name='Date']", message: CLOCK },
  ],
};

/** One entry per rule: a later config block replaces a rule's options, it does not add to them. */
const restrict = (...sets) => ({
  'no-restricted-globals': ['error', ...sets.flatMap((set) => set.globals)],
  'no-restricted-properties': ['error', ...sets.flatMap((set) => set.properties)],
  'no-restricted-syntax': ['error', ...sets.flatMap((set) => set.syntax)],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e/**',
      'node_modules/**',
      'coverage/**',
      'docs/**',
      'test-results/**',
      '.data*/**',
      'playwright-report/**',
      'reports/**',
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
  // Type-aware rules, on every TypeScript file (src, server, contract, tests, scripts, configs).
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Root configs that tsconfig.json does not include.
          allowDefaultProject: ['drizzle.config.ts', 'vitest.stryker.config.ts'],
          defaultProject: 'tsconfig.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export', 'require'],
      'boundaries/legacy-templates': false,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkAllOrigins: true, checkInternals: true, policies },
      ],
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
    files: VIEW_FILES,
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/services/**'],
    rules: restrict(browserIo, literalImports),
  },
  {
    files: ['src/services/**/*.{ts,tsx}'],
    rules: restrict(literalImports),
  },
  {
    files: MACHINE_FILES,
    rules: restrict(browserIo, machinePurity, literalImports),
  },
  // File names (architecture.md): a file is named after what it holds. React components (and a
  // component's CSS module) in PascalCase; every other module in camelCase, with a role suffix
  // where one applies (login.flow.ts, loginMachine.ts, x.test.ts, x.spec.ts); the entry modules
  // main.tsx, index.tsx and mount.tsx in lower case; folders in camelCase. Tests are named after
  // what they test (either case). Scripts are named after their npm command (kebab-case) or, for
  // the modules they share, in camelCase.
  {
    files: ['{src,server,contract,tests,scripts}/**/*.{ts,tsx,mjs,js}'],
    ignores: ['**/__probe__*', '**/__probe__/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/**/!(main|index|mount).tsx': 'PASCAL_CASE',
          '{src,server,contract}/**/*.ts': 'CAMEL_CASE',
          'tests/**/*.{ts,tsx}': '+([a-zA-Z0-9])',
          'scripts/**/*.{ts,mjs,js}': '+([a-z])*([a-zA-Z0-9])*(-+([a-z0-9]))',
        },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{src,server,contract,tests,scripts}/**/': 'CAMEL_CASE' },
      ],
    },
  },
  prettier,
);
