// @ts-check
/**
 * A Stryker ignorer (stryker.config.mjs `ignorers`) for the mutants of a statechart that no
 * behaviour can tell apart from the original: they are reported as Ignored, with the reason,
 * instead of counting against the machine's score.
 *
 * - `types: { ... }` in `setup({ ... })` (or a machine factory's options, which it passes to
 *   setup): TypeScript-only declarations that xstate never reads
 *   at run time (`{} as LoginContext`).
 * - The placeholder implementations in `setup({ actors | actions | guards | delays })` that only
 *   throw `notProvided(...)`: every entry (src/features/<flow>/index.ts, src/app/appLogic.ts)
 *   and every test provides the real or fake one, so the placeholder never runs.
 * - Invariants: `if (...) throw new Error(...)` guards on what the typed events and states
 *   already ensure (an output read in a final state that is only reached with its value).
 *
 * Everything else (transitions, guards, actions, tags, delays, selectors, texts) is mutated.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/**
 * A machine factory's call (src/machines/*Factory.ts: `createRecordListMachine({ ... })`,
 * `createLoadEditSaveMachine({ ... })`): its options' types, actors, actions, guards and delays
 * go to setup() unchanged, so they are read as setup()'s.
 */
const MACHINE_FACTORY = /^create[A-Z]\w*Machine$/;

/** @param {import('@babel/core').types.Node | null | undefined} node */
function isSetupArgument(node, parent) {
  return (
    parent?.type === 'CallExpression' &&
    parent.callee.type === 'Identifier' &&
    (parent.callee.name === 'setup' || MACHINE_FACTORY.test(parent.callee.name)) &&
    parent.arguments[0] === node
  );
}

/** @param {unknown} node */
function callsNotProvided(node) {
  if (!node || typeof node !== 'object') return false;
  const n = /** @type {Record<string, unknown>} */ (node);
  if (
    n.type === 'CallExpression' &&
    /** @type {{ type?: string; name?: string }} */ (n.callee)?.type === 'Identifier' &&
    /** @type {{ name?: string }} */ (n.callee).name === 'notProvided'
  ) {
    return true;
  }
  return Object.entries(n).some(
    ([key, value]) =>
      !['loc', 'start', 'end', 'leadingComments', 'trailingComments'].includes(key) &&
      (Array.isArray(value) ? value.some(callsNotProvided) : callsNotProvided(value)),
  );
}

/** @param {import('@babel/core').NodePath} path */
function setupProperty(path) {
  if (!path.isObjectProperty()) return undefined;
  const key = path.node.key;
  const name = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : '';
  const object = path.parentPath;
  return object && isSetupArgument(object.node, object.parentPath?.node) ? name : undefined;
}

/**
 * An object literal, or the object of a cast of one (`{ ... } as T`, `{ ... } satisfies T`).
 * @param {import('@babel/core').types.Node} node
 */
function objectOf(node) {
  const inner =
    node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression'
      ? node.expression
      : node;
  return inner.type === 'ObjectExpression' ? inner : undefined;
}

/** The implementation groups of setup() whose placeholders the entries replace. */
const IMPLEMENTATIONS = ['actors', 'actions', 'guards', 'delays'];

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'statechart', {
    /** @param {import('@babel/core').NodePath} path */
    shouldIgnore(path) {
      const property = setupProperty(path);
      if (property === 'types') {
        return 'setup({ types }) only declares TypeScript types; xstate never reads it.';
      }
      if (path.isObjectProperty() && callsNotProvided(path.node.value)) {
        // The group's object, or a cast of it (`{ ... } as Record<...>`, a factory's named actors).
        let group = path.parentPath?.parentPath;
        if (group?.isTSAsExpression() || group?.isTSSatisfiesExpression()) group = group.parentPath;
        const groupName = group ? setupProperty(group) : undefined;
        if (groupName && IMPLEMENTATIONS.includes(groupName)) {
          return `A placeholder in setup({ ${groupName} }) (notProvided): every entry and test provides the real one.`;
        }
      }
      if (
        property !== undefined &&
        IMPLEMENTATIONS.includes(property) &&
        path.isObjectProperty() &&
        objectOf(path.node.value)?.properties.length &&
        objectOf(path.node.value)?.properties.every(
          (p) => p.type === 'ObjectProperty' && callsNotProvided(p.value),
        )
      ) {
        return `Only placeholders in setup({ ${property} }) (notProvided): every entry and test provides the real ones.`;
      }
      if (
        path.isIfStatement() &&
        !path.node.alternate &&
        (path.node.consequent.type === 'ThrowStatement' ||
          (path.node.consequent.type === 'BlockStatement' &&
            path.node.consequent.body.length === 1 &&
            path.node.consequent.body[0]?.type === 'ThrowStatement'))
      ) {
        return 'An invariant (if ... throw): the typed events and states already ensure it.';
      }
      return undefined;
    },
  }),
];
