import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst, transformWithOxc } from 'vite';
import {
  machineDescriptions,
  stripMachineDescriptions,
} from '../../scripts/stripMachineDescriptions';

const strip = (code: string) => stripMachineDescriptions(code, parseAst(code))?.toString() ?? code;

describe("the production build's statecharts", () => {
  it('lose the descriptions of their states and transitions, and nothing else', () => {
    const code = [
      "const kept = { description: 'a form hint' };",
      "const m = setup({ actors: { load: { description: 'kept too' } } }).createMachine({",
      "  id: 'x',",
      "  description: 'The ' + 'machine.',",
      '  states: {',
      '    a: {',
      '      description: `State a`,',
      "      on: { go: [{ guard: 'g', target: 'b', description: 'Guarded.' }, { target: 'b' }] },",
      '    },',
      "    b: { 'description': 'Quoted key.', type: 'final' },",
      '  },',
      '});',
    ].join('\n');
    const stripped = strip(code);
    expect(stripped).not.toMatch(/machine\.|State a|Guarded|Quoted key/);
    expect(stripped).toContain("{ description: 'a form hint' }");
    expect(stripped).toContain("{ description: 'kept too' }");
    // Still a program, with the same shape less the descriptions.
    const config = (parseAst(stripped).body[1] as { declarations: { init: unknown }[] })
      .declarations[0]?.init as { arguments: { properties: { key: { name: string } }[] }[] };
    expect(config.arguments[0]?.properties.map((p) => p.key.name)).toEqual(['id', 'states']);
    expect(stripped).toContain("on: { go: [{ guard: 'g', target: 'b',  }, { target: 'b' }] }");
  });

  it('leaves a module without a statechart as it is', () => {
    const code = "export const texts = { description: 'kept' };";
    expect(stripMachineDescriptions(code, parseAst(code))).toBeNull();
  });

  it("finds every description of the app's machines, and what is left still parses", async () => {
    const files = ['src', 'contract'].flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('Machine.ts'))
        .map((name) => path.join(root, name)),
    );
    expect(files.length).toBeGreaterThan(20);
    let total = 0;
    for (const file of files) {
      const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file);
      const program = parseAst(code);
      const count = machineDescriptions(program).length;
      const source = readFileSync(file, 'utf8');
      // As many as the source's `description:` keys inside its createMachine call.
      const inConfig = source.slice(source.indexOf('.createMachine(')).match(/\bdescription:/g);
      expect(count, file).toBe(inConfig?.length ?? 0);
      total += count;
      const stripped = strip(code);
      expect(machineDescriptions(parseAst(stripped)), file).toEqual([]);
    }
    expect(total).toBeGreaterThan(300);
  });
});
