/**
 * A production-build step: the `description`s of the statecharts' configs are left out of the
 * bundles. They are the spec's words for the diagrams (docs/statecharts, exported from the
 * source) and for the Stately inspector, which only development builds start
 * (src/app/inspector.ts); a production page never reads them, and on the landing route they were
 * some 9 KB of text (about 3 KB gzip) of its JavaScript budget.
 *
 * Written here, not taken from a library: no maintained bundler plugin knows XState's config
 * shape. It removes only properties named `description` inside the object literal given to a
 * `.createMachine(...)` call, so a `description` anywhere else (a contract's field, a form's
 * hint) is kept.
 */
import MagicString from 'magic-string';
import type { ESTree, Plugin } from 'vite';

type Node = ESTree.Node & { start: number; end: number };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

const isCreateMachineCall = (node: Node): boolean =>
  node.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  !node.callee.computed &&
  node.callee.property.type === 'Identifier' &&
  node.callee.property.name === 'createMachine';

const isDescription = (node: Node): boolean =>
  node.type === 'Property' &&
  !node.computed &&
  ((node.key.type === 'Identifier' && node.key.name === 'description') ||
    (node.key.type === 'Literal' && node.key.value === 'description'));

/** The `description` properties of every object literal inside `config`. */
function descriptionsIn(config: Node, found: Node[]): void {
  for (const child of children(config)) {
    if (isDescription(child)) found.push(child);
    else descriptionsIn(child, found);
  }
}

/** The `description` properties of the configs given to `.createMachine(...)` in `program`. */
export function machineDescriptions(program: ESTree.Program): Node[] {
  const found: Node[] = [];
  const visit = (node: Node) => {
    if (isCreateMachineCall(node)) {
      const config = (node as ESTree.CallExpression).arguments[0] as Node | undefined;
      if (config?.type === 'ObjectExpression') descriptionsIn(config, found);
    }
    for (const child of children(node)) visit(child);
  };
  visit(program as unknown as Node);
  return found;
}

/** `code` without the descriptions of its statecharts (each with its comma), or null if none. */
export function stripMachineDescriptions(
  code: string,
  program: ESTree.Program,
): MagicString | null {
  const descriptions = machineDescriptions(program);
  if (descriptions.length === 0) return null;
  const edited = new MagicString(code);
  for (const property of descriptions) {
    const comma = /^\s*,/.exec(code.slice(property.end));
    edited.remove(property.start, property.end + (comma ? comma[0].length : 0));
  }
  return edited;
}

/** The machines' modules: `*Machine.ts` of the app and the contract, never a dependency's. */
const MACHINE_MODULE = /[\\/](?:src|contract)[\\/](?:[^\\/]+[\\/])*[^\\/]*Machine\.ts$/;

/** The Vite plugin: production builds only (vitest and the dev server keep the descriptions). */
export function stripMachineDescriptionsPlugin(): Plugin {
  return {
    name: 'givedrop:strip-machine-descriptions',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!MACHINE_MODULE.test(id) || !code.includes('description')) return null;
      const edited = stripMachineDescriptions(code, this.parse(code));
      if (!edited) return null;
      return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
    },
  };
}
