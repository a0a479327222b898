import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layout of architecture.md §2 is enforced by lint (eslint.config.js): each probe below is a file
 * that breaks one rule, linted in place (lintText with a path inside the layer), and must fail
 * with that rule. The probes do not exist on disk: the type-aware rules see them through the
 * project service's default project, allowed here for the probe names only.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    files: ['**/__probe__*', '**/__probe__/**'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'src/*/__probe__*',
            'src/features/*/__probe__*',
            'server/__probe__*',
            'server/domain/__probe__*',
            'server/features/__probe__/*',
            'contract/__probe__*',
          ],
          defaultProject: 'tsconfig.json',
          // Each probe path opened counts: they are few, small and import little.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
      },
    },
  },
});

async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const code = (...lines: string[]) => `${lines.join('\n')}\n`;

const VIEW = 'src/views/__probe__.tsx';
const MACHINE = 'src/machines/__probe__.ts';
const FEATURE_MACHINE = 'src/features/foo/__probe__Machine.ts';
const FEATURE = 'src/features/foo/__probe__.ts';

// The first lint builds the TypeScript program: paid once here, not by the first test.
beforeAll(async () => {
  await errorsFor(VIEW, 'export const x = 1;\n');
}, 120_000);

describe('dependency direction (boundaries/dependencies)', () => {
  it.each([
    [
      'a view imports xstate',
      VIEW,
      code("import { createActor } from 'xstate';", 'export const x = createActor;'),
    ],
    [
      'a view imports @xstate/react',
      VIEW,
      code("import { useSelector } from '@xstate/react';", 'export const x = useSelector;'),
    ],
    [
      'a view imports a service',
      VIEW,
      code("import { createHttp } from '../services/http';", 'export const x = createHttp;'),
    ],
    [
      'a view imports a service with import()',
      VIEW,
      code("export const x = () => import('../services/http');"),
    ],
    [
      'a view imports a machine',
      VIEW,
      code("import * as m from '../machines/sessionMachine';", 'export const x = m;'),
    ],
    ['a view re-exports a machine', VIEW, code("export * from '../machines/sessionMachine';")],
    [
      'a view imports a feature',
      VIEW,
      code("import * as m from '../features/login/loginMachine';", 'export const x = m;'),
    ],
    [
      "a view imports the contract's statechart (a selector decides what it shows)",
      VIEW,
      code(
        "import { invitationBadgeLevel } from '../../contract/invitationStatusMachine';",
        'export const x = invitationBadgeLevel;',
      ),
    ],
    [
      'a view imports the platform',
      VIEW,
      code("import * as m from '../shared/flow';", 'export const x = m;'),
    ],
    [
      'a machine imports a service',
      MACHINE,
      code("import { createHttp } from '../services/http';", 'export const x = createHttp;'),
    ],
    [
      'a machine imports a service with import()',
      MACHINE,
      code("export const x = () => import('../services/http');"),
    ],
    [
      'a machine imports React',
      MACHINE,
      code("import { useState } from 'react';", 'export const x = useState;'),
    ],
    [
      'a machine imports a view',
      MACHINE,
      code("import * as v from '../views/components/Button';", 'export const x = v;'),
    ],
    [
      'a machine imports the platform',
      MACHINE,
      code("import * as p from '../shared/flow';", 'export const x = p;'),
    ],
    [
      'a feature machine imports a service',
      FEATURE_MACHINE,
      code("import { createHttp } from '../../services/http';", 'export const x = createHttp;'),
    ],
    [
      'a feature machine imports @xstate/react',
      FEATURE_MACHINE,
      code("import { useSelector } from '@xstate/react';", 'export const x = useSelector;'),
    ],
    [
      'a feature machine imports its own Screen',
      'src/features/login/__probe__Machine.ts',
      code("import * as s from './LoginScreen';", 'export const x = s;'),
    ],
    [
      'a feature imports another feature',
      FEATURE,
      code("import * as m from '../login/loginMachine';", 'export const x = m;'),
    ],
    [
      'a feature imports another feature with import()',
      FEATURE,
      code("export const x = () => import('../login');"),
    ],
    [
      'a feature imports the composition root',
      FEATURE,
      code("import * as a from '../../app/flowRegistry';", 'export const x = a;'),
    ],
    [
      'the platform imports a feature',
      'src/shared/__probe__.ts',
      code("import * as m from '../features/login/loginMachine';", 'export const x = m;'),
    ],
    [
      'the platform imports a feature with import()',
      'src/shared/__probe__.ts',
      code("export const x = () => import('../features/login');"),
    ],
    [
      'a service imports a machine',
      'src/services/__probe__.ts',
      code("import * as m from '../machines/appMachine';", 'export const x = m;'),
    ],
    [
      'a service imports React',
      'src/services/__probe__.ts',
      code("import { useState } from 'react';", 'export const x = useState;'),
    ],
    [
      'validation imports xstate',
      'src/validation/__probe__.ts',
      code("import { assign } from 'xstate';", 'export const x = assign;'),
    ],
    [
      'the app imports server/',
      'src/app/__probe__.ts',
      code("import * as s from '../../server/app';", 'export const x = s;'),
    ],
    [
      'a feature imports server/ with import()',
      FEATURE,
      code("export const x = () => import('../../../server/config');"),
    ],
    [
      'the contract imports src/',
      'contract/__probe__.ts',
      code("import * as v from '../src/validation/login';", 'export const x = v;'),
    ],
    [
      'the server imports src/',
      'server/__probe__.ts',
      code("import * as m from '../src/machines/appMachine';", 'export const x = m;'),
    ],
  ])('%s: refused', async (_name, file, source) => {
    expect(await errorsFor(file, source)).toContain('boundaries/dependencies');
  });
});

/**
 * A flow's own view (src/features/<flow>/*View.tsx) is a view by category, not by folder: it
 * lives beside its flow's machine and connector but may import none of them.
 */
const FLOW_VIEW = 'src/features/login/__probe__View.tsx';

describe("a flow's view (file category view)", () => {
  it.each([
    [
      'imports xstate',
      code("import { createActor } from 'xstate';", 'export const x = createActor;'),
    ],
    [
      "imports its flow's machine",
      code("import * as m from './loginMachine';", 'export const x = m;'),
    ],
    [
      "imports its flow's connector",
      code("import * as c from './LoginScreen';", 'export const x = c;'),
    ],
    [
      "imports another flow's view",
      code("import * as v from '../signup/SignupView';", 'export const x = v;'),
    ],
    ['imports a service', code("import * as h from '../../services/http';", 'export const x = h;')],
    [
      'imports a shared machine',
      code("import * as m from '../../machines/sessionMachine';", 'export const x = m;'),
    ],
    [
      "imports the contract's statechart",
      code(
        "import { invitationBadgeLevel } from '../../../contract/invitationStatusMachine';",
        'export const x = invitationBadgeLevel;',
      ),
    ],
  ])('%s: refused', async (_name, source) => {
    expect(await errorsFor(FLOW_VIEW, source)).toContain('boundaries/dependencies');
  });

  it('imports React, shared views, validation and the contract: permitted', async () => {
    expect(
      await errorsFor(
        FLOW_VIEW,
        code(
          "import { useState } from 'react';",
          "import * as button from '../../views/components/Button';",
          "import * as rules from '../../validation/login';",
          "import type { LoginRequest } from '../../../contract/auth';",
          'export const x = [useState, button, rules];',
          'export type R = LoginRequest;',
        ),
      ),
    ).toEqual([]);
  });
});

/** The server's layers: routes.ts -> the domain -> queries.ts (architecture.md §2). */
const SERVER_ROUTES = 'server/features/__probe__/routes.ts';
const SERVER_DOMAIN = 'server/features/__probe__/domain.ts';
const SERVER_QUERIES = 'server/features/__probe__/queries.ts';
const SERVER_AREA = 'server/features/__probe__/plugin.ts';
const SHARED_DOMAIN = 'server/domain/__probe__.ts';

describe('server layering (boundaries/dependencies)', () => {
  it.each([
    [
      'a route calls a query',
      SERVER_ROUTES,
      code("import { readFeed } from '../posts/queries';", 'export const x = readFeed;'),
    ],
    [
      'a route loads a query with import()',
      SERVER_ROUTES,
      code("export const x = () => import('../posts/queries');"),
    ],
    [
      'a route reads a table',
      SERVER_ROUTES,
      code("import { posts } from '../../db/schema';", 'export const x = posts;'),
    ],
    [
      'a route writes SQL',
      SERVER_ROUTES,
      code("import { sql } from 'drizzle-orm';", 'export const x = sql;'),
    ],
    [
      'the domain writes SQL',
      SERVER_DOMAIN,
      code("import { eq } from 'drizzle-orm';", 'export const x = eq;'),
    ],
    [
      'the shared domain writes SQL',
      SHARED_DOMAIN,
      code("import { eq } from 'drizzle-orm';", 'export const x = eq;'),
    ],
    [
      'the domain reads a table',
      SERVER_DOMAIN,
      code("import { users } from '../../db/schema';", 'export const x = users;'),
    ],
    [
      'the domain imports a route',
      SERVER_DOMAIN,
      code("import { postRoutes } from '../posts/routes';", 'export const x = postRoutes;'),
    ],
    [
      'the domain uses the HTTP layer',
      SHARED_DOMAIN,
      code("import { route } from '../http/route';", 'export const x = route;'),
    ],
    [
      'the domain imports an area plugin',
      SERVER_DOMAIN,
      code("import { postsArea } from '../posts/plugin';", 'export const x = postsArea;'),
    ],
    [
      'an area plugin calls a query',
      SERVER_AREA,
      code("import { readFeed } from '../posts/queries';", 'export const x = readFeed;'),
    ],
    [
      'an area plugin writes SQL',
      SERVER_AREA,
      code("import { sql } from 'drizzle-orm';", 'export const x = sql;'),
    ],
    [
      'a query calls the domain',
      SERVER_QUERIES,
      code("import { feedList } from '../posts/domain';", 'export const x = feedList;'),
    ],
    [
      'a query uses the HTTP layer',
      SERVER_QUERIES,
      code("import { ok } from '../../http/envelope';", 'export const x = ok;'),
    ],
  ])('%s: refused', async (_name, file, source) => {
    expect(await errorsFor(file, source)).toContain('boundaries/dependencies');
  });

  it.each([
    [
      'a route calls the domain and the HTTP layer, and names a row type',
      SERVER_ROUTES,
      code(
        "import { feedList } from '../posts/domain';",
        "import { route } from '../../http/route';",
        "import type { PostRow } from '../posts/queries';",
        'export const x = [feedList, route];',
        'export type R = PostRow;',
      ),
    ],
    [
      'the domain calls queries and names the database type',
      SERVER_DOMAIN,
      code(
        "import { readFeed } from '../posts/queries';",
        "import { findUserById } from '../../domain/queries';",
        "import type { Queryable } from '../../db/database';",
        'export const x = [readFeed, findUserById];',
        'export type Q = Queryable;',
      ),
    ],
    [
      'an area plugin composes its routes, its domain and the core',
      SERVER_AREA,
      code(
        "import { defineArea } from '../../area';",
        "import { feedList } from '../posts/domain';",
        "import { postRoutes } from '../posts/routes';",
        'export const x = feedList;',
        "export const a = defineArea({ name: 'probe', register: () => postRoutes({} as never) });",
      ),
    ],
    [
      'a query speaks SQL over the schema',
      SERVER_QUERIES,
      code(
        "import { eq } from 'drizzle-orm';",
        "import { posts } from '../../db/schema';",
        'export const x = eq(posts.id, 1);',
      ),
    ],
  ])('%s: allowed', async (_name, file, source) => {
    expect(await errorsFor(file, source)).toEqual([]);
  });
});

describe('browser I/O only in src/services', () => {
  it.each([
    ['fetch in a view', VIEW, "export const x = () => fetch('/api');", 'no-restricted-globals'],
    [
      'globalThis.fetch in a view',
      VIEW,
      "export const x = () => globalThis.fetch('/api');",
      'no-restricted-properties',
    ],
    [
      'window.fetch in a feature',
      FEATURE,
      "export const x = () => window.fetch('/api');",
      'no-restricted-properties',
    ],
    [
      'globalThis.fetch in a feature',
      FEATURE,
      "export const x = () => globalThis.fetch('/api');",
      'no-restricted-properties',
    ],
    [
      'WebSocket in a view',
      VIEW,
      "export const x = () => new WebSocket('wss://x');",
      'no-restricted-globals',
    ],
    [
      'WebSocket in a feature',
      FEATURE,
      "export const x = () => new WebSocket('wss://x');",
      'no-restricted-globals',
    ],
    [
      'EventSource in the platform',
      'src/shared/__probe__.ts',
      "export const x = () => new EventSource('/e');",
      'no-restricted-globals',
    ],
    [
      'indexedDB in a view',
      VIEW,
      "export const x = () => indexedDB.open('db');",
      'no-restricted-globals',
    ],
    [
      'document.cookie in a view',
      VIEW,
      'export const x = () => document.cookie;',
      'no-restricted-properties',
    ],
    [
      'document.cookie in a feature',
      FEATURE,
      'export const x = () => document.cookie;',
      'no-restricted-properties',
    ],
    [
      'window.document.cookie in a feature',
      FEATURE,
      'export const x = () => window.document.cookie;',
      'no-restricted-syntax',
    ],
    [
      'navigator.sendBeacon in the app',
      'src/app/__probe__.ts',
      "export const x = () => navigator.sendBeacon('/b');",
      'no-restricted-properties',
    ],
    [
      'navigator.locks in a feature',
      FEATURE,
      'export const x = () => navigator.locks;',
      'no-restricted-properties',
    ],
    [
      'localStorage in a machine',
      MACHINE,
      "export const x = () => localStorage.getItem('a');",
      'no-restricted-globals',
    ],
    [
      'sessionStorage in the app',
      'src/app/__probe__.ts',
      "export const x = () => sessionStorage.getItem('a');",
      'no-restricted-globals',
    ],
    [
      'XMLHttpRequest in a view',
      VIEW,
      'export const x = () => new XMLHttpRequest();',
      'no-restricted-globals',
    ],
    [
      'globalThis aliased to reach fetch in a feature',
      FEATURE,
      "const g = globalThis;\nexport const x = () => g.fetch('/api');",
      'no-restricted-syntax',
    ],
    [
      'window destructured for fetch in a view',
      VIEW,
      "const { fetch: get } = window;\nexport const x = () => get('/api');",
      'no-restricted-syntax',
    ],
    [
      'window indexed by a computed name in the app',
      'src/app/__probe__.ts',
      "const name = 'fe' + 'tch';\nexport const x = () => (window as never)[name];",
      'no-restricted-syntax',
    ],
    [
      'self passed to a helper in a feature',
      FEATURE,
      'const use = (o: object) => o;\nexport const x = () => use(self);',
      'no-restricted-syntax',
    ],
    [
      'new Image() as a beacon in a view',
      VIEW,
      "export const x = (u: string) => {\n  new Image().src = '/b?' + u;\n};",
      'no-restricted-syntax',
    ],
    [
      'new window.Image() as a beacon in a feature',
      FEATURE,
      "export const x = () => {\n  new window.Image().src = '/b';\n};",
      'no-restricted-syntax',
    ],
    [
      'an <img> made by hand in the app',
      'src/app/__probe__.ts',
      "export const x = () => document.createElement('img');",
      'no-restricted-syntax',
    ],
    [
      'a <script> made by hand in a view',
      VIEW,
      "export const x = () => document.createElement('SCRIPT');",
      'no-restricted-syntax',
    ],
  ])('%s: refused', async (_name, file, source, rule) => {
    expect(await errorsFor(file, `${source}\n`)).toContain(rule);
  });
});

describe('import() names its module literally', () => {
  it.each([
    [
      'a template-literal import() across features',
      FEATURE,
      "const flow = 'login';\nexport const x = () => import(`../${flow}/index`);",
    ],
    [
      'a computed import() in the composition root',
      'src/app/__probe__.ts',
      "export const x = (flow: string) => import('../features/' + flow + '/index');",
    ],
    [
      'a template-literal import() in a service',
      'src/services/__probe__.ts',
      'export const x = (m: string) => import(`./${m}`);',
    ],
    ['a variable import() in a machine', MACHINE, 'export const x = (m: string) => import(m);'],
  ])('%s: refused', async (_name, file, source) => {
    expect(await errorsFor(file, `${source}\n`)).toContain('no-restricted-syntax');
  });
});

describe('machines take no timer, no clock, no window', () => {
  it.each(
    [MACHINE, FEATURE_MACHINE].flatMap((file) => [
      [
        'setInterval',
        file,
        'export const x = () => setInterval(() => {}, 1000);',
        'no-restricted-globals',
      ],
      [
        'setTimeout',
        file,
        'export const x = () => setTimeout(() => {}, 1000);',
        'no-restricted-globals',
      ],
      [
        'queueMicrotask',
        file,
        'export const x = () => queueMicrotask(() => {});',
        'no-restricted-globals',
      ],
      ['Date.now()', file, 'export const x = () => Date.now();', 'no-restricted-properties'],
      ['new Date()', file, 'export const x = () => new Date();', 'no-restricted-syntax'],
      [
        'new Date(value)',
        file,
        "export const x = () => new Date('2024-01-01');",
        'no-restricted-syntax',
      ],
      [
        'performance.now()',
        file,
        'export const x = () => performance.now();',
        'no-restricted-properties',
      ],
      [
        'window.location',
        file,
        'export const x = () => window.location.href;',
        'no-restricted-globals',
      ],
      ['location', file, 'export const x = () => location.pathname;', 'no-restricted-globals'],
      [
        'globalThis.location',
        file,
        'export const x = () => globalThis.location;',
        'no-restricted-properties',
      ],
      [
        'history',
        file,
        "export const x = () => history.pushState(null, '', '/');",
        'no-restricted-globals',
      ],
      ['fetch', file, "export const x = () => fetch('/api');", 'no-restricted-globals'],
    ]),
  )('%s in %s: refused', async (_name, file, source, rule) => {
    expect(await errorsFor(file, `${source}\n`)).toContain(rule);
  });
});

describe('promises (type-aware)', () => {
  it('refuses a floating promise', async () => {
    expect(
      await errorsFor(
        'src/app/__probe__.ts',
        code('const later = async () => 1;', 'export function run(): void {', '  later();', '}'),
      ),
    ).toContain('@typescript-eslint/no-floating-promises');
  });

  it('refuses an async function where void is expected', async () => {
    expect(
      await errorsFor(
        VIEW,
        code(
          'const save = async () => 1;',
          'export const X = () => (',
          '  <button type="button" onClick={async () => { await save(); }}>Save</button>',
          ');',
        ),
      ),
    ).toContain('@typescript-eslint/no-misused-promises');
  });
});

describe('permitted directions', () => {
  it.each([
    [
      'a feature imports its own files, machines, services, views, validation, platform, contract',
      'src/features/login/__probe__.ts',
      code(
        "import * as own from './loginMachine';",
        "import * as screen from './LoginScreen';",
        "import * as session from '../../machines/sessionMachine';",
        "import * as http from '../../services/http';",
        "import * as button from '../../views/components/Button';",
        "import * as rules from '../../validation/login';",
        "import * as flow from '../../shared/flow';",
        "import type { LoginRequest } from '../../../contract/auth';",
        "import { createActor } from 'xstate';",
        'export const all = [own, screen, session, http, button, rules, flow, createActor];',
        "export const load = () => import('./index');",
        'export type R = LoginRequest;',
      ),
    ],
    [
      'the app imports a feature, statically and with import()',
      'src/app/__probe__.ts',
      code(
        "import * as login from '../features/login/login.flow';",
        'export const flow = login;',
        "export const load = () => import('../features/login');",
        'export const go = (path: string) => window.location.assign(path);',
      ),
    ],
    [
      'a machine imports xstate, contract types, validation and other machines',
      MACHINE,
      code(
        "import { assign } from 'xstate';",
        "import type { LoginRequest } from '../../contract/auth';",
        "import * as rules from '../validation/login';",
        "import * as session from './sessionMachine';",
        'export const x = [assign, rules, session];',
        'export type U = LoginRequest;',
      ),
    ],
    [
      'a feature machine imports its own machines, src/machines, xstate and the contract',
      'src/features/home/__probe__Machine.ts',
      code(
        "import { setup } from 'xstate';",
        "import * as feed from './postsFeedMachine';",
        "import * as notProvided from '../../machines/notProvided';",
        "import type { FeedPost } from '../../../contract/posts';",
        'export const x = [setup, feed, notProvided];',
        'export type P = FeedPost;',
      ),
    ],
    [
      'a view imports React, view libraries, validation and the contract',
      VIEW,
      code(
        "import { useState } from 'react';",
        "import { useForm } from 'react-hook-form';",
        "import * as rules from '../validation/login';",
        "import * as auth from '../../contract/auth';",
        'export const x = [useState, useForm, rules, auth];',
      ),
    ],
    [
      'a service calls the network and reads storage',
      'src/services/__probe__.ts',
      code(
        "export const get = () => fetch('/api');",
        "export const read = () => localStorage.getItem('a');",
      ),
    ],
    [
      'the server imports the contract',
      'server/__probe__.ts',
      code("import * as auth from '../contract/auth';", 'export const x = auth;'),
    ],
  ])('%s', async (_name, file, source) => {
    expect(await errorsFor(file, source)).toEqual([]);
  });
});

/**
 * File names (architecture.md): components and their CSS modules in PascalCase, other modules in
 * camelCase with their role suffix, entry modules in lower case, folders in camelCase; scripts
 * named after their npm command. Linted without type information: the names need no program.
 */
describe('file names (check-file)', () => {
  const untyped = new ESLint({
    cwd: process.cwd(),
    overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked },
  });
  const naming = async (filePath: string, source = 'export const x = 1;\n') => {
    const [result] = await untyped.lintText(source, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.severity === 2)
      .map((m) => m.ruleId ?? m.message);
  };

  it.each([
    ['a component file in lower case', 'src/views/components/button.tsx', 'filename'],
    ['a module in PascalCase', 'src/features/login/LoginRules.ts', 'filename'],
    ['a module in kebab-case', 'server/features/team/mail-limits.ts', 'filename'],
    ['a test in kebab-case', 'tests/e2e/tabs-and-versions.spec.ts', 'filename'],
    ['a folder in PascalCase', 'src/features/Login/login.flow.ts', 'folder'],
    ['a folder in kebab-case', 'server/features/reference-lists/routes.ts', 'folder'],
  ])('%s: refused', async (_name, file, kind) => {
    expect(await naming(file)).toContain(`check-file/${kind}-naming-convention`);
  });

  it('refuses a CSS module named in lower case', async () => {
    expect(
      await naming(
        'src/views/components/Button.tsx',
        "import styles from './button.module.css';\nexport const x = styles;\n",
      ),
    ).toContain('no-restricted-syntax');
  });

  it.each([
    'src/features/login/login.flow.ts',
    'src/features/login/loginMachine.ts',
    'src/features/login/LoginView.tsx',
    'src/features/signup/index.tsx',
    'src/main.tsx',
    'server/features/team/mailLimits.ts',
    'tests/views/LoginView.test.tsx',
    'tests/machines/loginMachine.test.ts',
    'tests/app/appLogic.dom.test.ts',
    'scripts/bench-api.ts',
    'scripts/benchServer.ts',
  ])('%s: permitted', async (file) => {
    expect(await naming(file)).toEqual([]);
  });
});
