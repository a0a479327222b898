import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The dependency direction of design.md §2 is enforced by lint: these imports must fail. */
const eslint = new ESLint({ cwd: process.cwd() });

async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? '');
}

describe('dependency boundaries', () => {
  it.each([
    [
      'src/views/screens/X.tsx',
      "import { createActor } from 'xstate';\nexport const x = createActor;\n",
    ],
    [
      'src/views/screens/X.tsx',
      "import { createHttp } from '../../services/http';\nexport const x = createHttp;\n",
    ],
    [
      'src/views/screens/X.tsx',
      "import { sessionMachine } from '../../machines/sessionMachine';\nexport const x = sessionMachine;\n",
    ],
    [
      'src/machines/x.ts',
      "import { createHttp } from '../services/http';\nexport const x = createHttp;\n",
    ],
    ['src/machines/x.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    [
      'src/services/x.ts',
      "import { appMachine } from '../machines/appMachine';\nexport const x = appMachine;\n",
    ],
    [
      'server/x.ts',
      "import { appMachine } from '../src/machines/appMachine';\nexport const x = appMachine;\n",
    ],
  ])('%s refuses a forbidden import', async (file, code) => {
    expect(await errorsFor(file, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/views/screens/X.tsx', 'export const x = () => fetch("/api");\n'],
    ['src/machines/x.ts', 'export const x = () => localStorage.getItem("a");\n'],
    ['src/app/x.ts', 'export const x = () => sessionStorage.getItem("a");\n'],
  ])('%s may not do browser I/O', async (file, code) => {
    expect(await errorsFor(file, code)).toContain('no-restricted-globals');
  });

  it('allows the permitted directions', async () => {
    expect(
      await errorsFor(
        'src/machines/x.ts',
        "import { assign } from 'xstate';\nimport type { User } from '../../contract/auth';\nexport const x = assign;\nexport type U = User;\n",
      ),
    ).toEqual([]);
    expect(await errorsFor('src/services/x.ts', 'export const x = () => fetch("/api");\n')).toEqual(
      [],
    );
  });
});
