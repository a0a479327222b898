/**
 * Exports every machine of src/machines/registry.ts to docs/statecharts/ (architecture.md §8):
 * `<machine>.md` (a Mermaid stateDiagram-v2 plus tables of states, events, guards, delays and
 * actors with their descriptions), `<machine>.json` (the machine's definition) and `README.md`
 * (an index). With `--check` it writes them too, then fails when they differ from what git has
 * (changed, deleted or new files): a developer's run leaves them fresh to commit, and CI, on a
 * fresh clone, fails when the committed ones are stale.
 *
 *   npm run statecharts          # write
 *   npm run statecharts:check    # write, then verify against git (npm test, CI)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allMachines, sharedMachines } from '../src/app/machineList';
import { flowRegistry } from '../src/app/flowList';
import { delayValue, internalNames, specSection, transitionWords } from './statechartsLabels';
import { page, type StateRow, type TransitionRow } from './statechartsPage';
import { renderSvgs, sourceHash } from './statechartsRender';

const machineRegistry = await allMachines();

const OUT_DIR = path.resolve('docs/statecharts');

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions?: readonly unknown[];
  description?: string;
  reenter?: boolean;
}

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');
/** The "any state" pseudo-node inside a compound state (or at the top, for the root). */
const anyId = (node: AnyStateNode) => `${mermaidId(node)}__any`;

function label(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return (value as { name?: string }).name || 'inline';
  if (typeof value === 'object') {
    const v = value as { type?: unknown };
    if (typeof v.type === 'string') return v.type;
  }
  return 'inline';
}

function actionLabels(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((a) => label(a).replace(/^xstate\./, ''));
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((c) => allNodes(c as AnyStateNode))];
}

function transitionsOf(node: AnyStateNode): TransitionLike[] {
  const list: TransitionLike[] = [];
  for (const [, ts] of node.transitions) list.push(...(ts as unknown as TransitionLike[]));
  list.push(...((node.always ?? []) as unknown as TransitionLike[]));
  return list;
}

const delaysOf = (machine: AnyStateMachine) =>
  (machine.implementations.delays ?? {}) as Record<string, unknown>;

function isCompound(node: AnyStateNode): boolean {
  return Object.keys(node.states).length > 0;
}

function isAncestor(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  for (let n: AnyStateNode | undefined = node.parent; n; n = n.parent) {
    if (n === ancestor) return true;
  }
  return false;
}

/** An end of an arrow: a state, or the "any state" node inside a compound state. */
interface End {
  node: AnyStateNode;
  any: boolean;
}

/** One transition of a diagram: its source and target and its label. */
interface Arrow {
  from: End;
  to: End;
  text: string;
}

/**
 * The arrows of a machine. A transition declared on a compound state (the root included) applies
 * in any of its states: it is drawn from the state's border, or — for the root, and where it
 * leads back inside the state, which ELK cannot draw from a border — from an "any state"
 * pseudo-node inside it. A target that encloses its source is drawn to its "any state" node.
 */
function arrows(machine: AnyStateMachine): Arrow[] {
  const list: Arrow[] = [];
  const delays = delaysOf(machine);
  for (const node of allNodes(machine.root)) {
    for (const t of transitionsOf(node)) {
      const text = escapeMermaid(transitionWords(t, delays).arrow);
      const targets = t.target?.length ? t.target : [node];
      for (const target of targets) {
        const from: End = { node, any: false };
        const to: End = { node: target, any: false };
        if (
          isCompound(node) &&
          (node === machine.root || target === node || isAncestor(node, target))
        ) {
          from.any = true;
          if (target === node) to.any = true;
        }
        if (isCompound(target) && target !== node && isAncestor(target, node)) to.any = true;
        list.push({ from, to, text });
      }
    }
  }
  return list;
}

/**
 * What one picture shows. The whole machine; an overview, with the innermost compound states
 * drawn as single boxes; or one such compound state with its inside, the states outside it that
 * its arrows reach drawn as dashed boxes.
 */
type View =
  | { kind: 'whole' }
  | { kind: 'overview'; collapsed: Set<AnyStateNode> }
  | { kind: 'part'; part: AnyStateNode; parts: AnyStateNode[] };

const within = (node: AnyStateNode, ancestor: AnyStateNode) =>
  node === ancestor || isAncestor(ancestor, node);

/**
 * The parts of a machine too big to read at once: its outermost compound states below the root
 * (looking through parallel states, whose regions are parts).
 */
function machineParts(machine: AnyStateMachine): AnyStateNode[] {
  const partsOf = (node: AnyStateNode): AnyStateNode[] =>
    (Object.values(node.states) as AnyStateNode[]).flatMap((c) =>
      c.type === 'parallel' ? partsOf(c) : isCompound(c) ? [c] : [],
    );
  return partsOf(machine.root);
}

/** Whether a machine is split into an overview and one picture per innermost compound state. */
function isSplit(machine: AnyStateMachine): boolean {
  return allNodes(machine.root).length >= 13 && machineParts(machine).length > 0;
}

function escapeMermaid(text: string): string {
  return text
    .replace(/[:;#{}<>]/g, ' ')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** How the states of a picture are drawn: hidden, as a single box, or as themselves. */
interface Drawing {
  anyNodes: Set<AnyStateNode>;
  collapsed: Set<AnyStateNode>;
}

function endId(end: End): string {
  return end.any ? anyId(end.node) : mermaidId(end.node);
}

function mermaidBody(node: AnyStateNode, indent: string, lines: string[], d: Drawing): void {
  const children = Object.values(node.states) as AnyStateNode[];
  if (d.anyNodes.has(node)) {
    const name = node.parent ? `any state of ${node.key}` : 'any state';
    lines.push(`${indent}state "${name}" as ${anyId(node)}`);
    lines.push(`${indent}class ${anyId(node)} anyState`);
  }
  if (node.type === 'parallel') {
    children.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}--`);
      mermaidState(child, indent, lines, d);
    });
    return;
  }
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const child of children) mermaidState(child, indent, lines, d);
  for (const child of children) {
    if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
  }
}

function mermaidState(node: AnyStateNode, indent: string, lines: string[], d: Drawing): void {
  const id = mermaidId(node);
  if (d.collapsed.has(node)) {
    const inside = allNodes(node).length - 1;
    const states = inside === 1 ? '1 state' : `${inside} states`;
    lines.push(`${indent}state "${node.key} (${states} inside)" as ${id}`);
    lines.push(`${indent}class ${id} collapsed`);
    return;
  }
  lines.push(`${indent}state "${node.key}" as ${id}`);
  if (isCompound(node)) {
    lines.push(`${indent}state ${id} {`);
    mermaidBody(node, `${indent}  `, lines, d);
    lines.push(`${indent}}`);
  }
}

/** The arrows of a view, their ends moved to what the view draws; undefined: not shown. */
function viewArrow(a: Arrow, view: View): Arrow | undefined {
  if (view.kind === 'overview') {
    const fold = (end: End): End => {
      for (const c of view.collapsed) {
        if (within(end.node, c)) return { node: c, any: false };
      }
      return end;
    };
    const from = fold(a.from);
    const to = fold(a.to);
    const inside = [...view.collapsed].some((c) => within(a.from.node, c) && within(a.to.node, c));
    return inside ? undefined : { from, to, text: a.text };
  }
  if (view.kind === 'part') {
    // The part is drawn flat (its states without the enclosing box: ELK keeps the labels of
    // arrows within one level apart, not those crossing a border). An arrow declared on the
    // part starts at its "any state" node; one entering it ends at its initial state; the
    // states outside are folded into their own parts.
    const { part, parts } = view;
    if (!within(a.from.node, part) && !within(a.to.node, part)) return undefined;
    const initial = part.initial?.target?.[0] as AnyStateNode | undefined;
    const outside = (end: End): End => {
      const fold = parts.find((p) => p !== part && within(end.node, p));
      return fold ? { node: fold, any: false } : end;
    };
    const from: End =
      a.from.node === part
        ? { node: part, any: true }
        : within(a.from.node, part)
          ? a.from
          : outside(a.from);
    const to: End =
      a.to.node === part && !a.to.any
        ? within(a.from.node, part)
          ? { node: part, any: true }
          : { node: initial ?? part, any: !initial }
        : within(a.to.node, part)
          ? a.to
          : outside(a.to);
    return { from, to, text: a.text };
  }
  return a;
}

const CLASS_DEFS = [
  '  classDef anyState fill:#ffffff,stroke:#6b7785,stroke-dasharray:5 4,font-style:italic',
  '  classDef collapsed fill:#e3edf8,stroke:#2f5d8a,stroke-width:2px',
  '  classDef outside fill:#ffffff,stroke:#8a96a3,stroke-dasharray:2 3,color:#4f5b67',
];

/** The Mermaid source of one picture of a machine, and its arrow labels (for the xstate. check). */
function mermaid(
  machine: AnyStateMachine,
  view: View = { kind: 'whole' },
): { source: string; labels: string[] } {
  const list = arrows(machine)
    .map((a) => viewArrow(a, view))
    .filter((a): a is Arrow => a !== undefined);
  const anyNodes = new Set(
    list
      .flatMap((a) => [a.from, a.to])
      .filter((e) => e.any)
      .map((e) => e.node),
  );
  const d: Drawing = {
    anyNodes,
    collapsed: view.kind === 'overview' ? view.collapsed : new Set(),
  };
  const lines = ['stateDiagram-v2'];
  if (view.kind === 'part') {
    // The part with its inside, and dashed boxes for the states outside it that arrows reach.
    const outside = new Map<string, string>();
    for (const a of list) {
      for (const end of [a.from, a.to]) {
        if (within(end.node, view.part)) continue;
        const name = end.any
          ? `any state${end.node.parent ? ` of ${end.node.key}` : ''}`
          : relativeId(machine, end.node);
        outside.set(endId(end), name);
      }
    }
    for (const [id, name] of outside) {
      lines.push(`  state "${name}" as ${id}`, `  class ${id} outside`);
    }
    mermaidBody(view.part, '  ', lines, d);
  } else if (machine.root.type === 'parallel') {
    // Mermaid draws parallel regions only inside a composite state: the machine is one, and its
    // "any state" node sits beside it.
    if (anyNodes.has(machine.root)) {
      lines.push(
        `  state "any state" as ${anyId(machine.root)}`,
        `  class ${anyId(machine.root)} anyState`,
      );
    }
    const rootId = mermaidId(machine.root);
    lines.push(`  state "${machine.id} (its parts run side by side)" as ${rootId}`);
    lines.push(`  state ${rootId} {`);
    mermaidBody(machine.root, '    ', lines, {
      ...d,
      anyNodes: new Set([...anyNodes].filter((n) => n !== machine.root)),
    });
    lines.push('  }');
  } else {
    mermaidBody(machine.root, '  ', lines, d);
  }
  // Arrows between the same two states (self-loops above all) are drawn once, one line per
  // transition: separate arrows would put their labels on top of each other.
  const merged = new Map<string, { from: string; to: string; text: string }>();
  for (const a of list) {
    const from = endId(a.from);
    const to = endId(a.to);
    const key = `${from} ${to}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { from, to, text: a.text });
    else if (!seen.text.split('<br>').includes(a.text)) seen.text += `<br>${a.text}`;
  }
  for (const a of merged.values()) lines.push(`  ${a.from} --> ${a.to} : ${a.text}`);
  lines.push(...CLASS_DEFS);
  return { source: lines.join('\n'), labels: list.map((a) => a.text) };
}

/** The pictures of a machine: the whole, and for a big one an overview and one per part. */
function pictures(
  machine: AnyStateMachine,
): { file: string; title: string; source: string; labels: string[] }[] {
  const whole = mermaid(machine);
  const result = [{ file: `${machine.id}.svg`, title: `The ${machine.id} statechart`, ...whole }];
  if (!isSplit(machine)) return result;
  const parts = machineParts(machine);
  result.push({
    file: `${machine.id}--overview.svg`,
    title: `${machine.id} at a glance (${parts.map((p) => p.key).join(', ')} folded)`,
    ...mermaid(machine, { kind: 'overview', collapsed: new Set(parts) }),
  });
  for (const part of parts) {
    result.push({
      file: `${machine.id}--${relativeId(machine, part).replace(/[^A-Za-z0-9]+/g, '-')}.svg`,
      title: `${machine.id}: inside ${relativeId(machine, part)}`,
      ...mermaid(machine, { kind: 'part', part, parts }),
    });
  }
  return result;
}

function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function relativeId(machine: AnyStateMachine, node: AnyStateNode): string {
  return node === machine.root ? `(${machine.id})` : node.id.slice(machine.id.length + 1);
}

function delayText(machine: AnyStateMachine, name: string): string {
  return delayValue(delaysOf(machine), name) ?? 'computed when the state is entered';
}

function stateRows(machine: AnyStateMachine): StateRow[] {
  return allNodes(machine.root).map((node) => ({
    id: relativeId(machine, node),
    type: node.type,
    tags: [...node.tags],
    invokes: node.invoke.map(
      (i) => `${label(i.src)}${i.systemId ? ` (systemId ${i.systemId})` : ''}`,
    ),
    description: node.description ?? '',
    spec: specSection(node.description),
  }));
}

function transitionRows(machine: AnyStateMachine): TransitionRow[] {
  const delays = delaysOf(machine);
  return allNodes(machine.root).flatMap((node) =>
    transitionsOf(node).map((t) => {
      const w = transitionWords(t, delays);
      return {
        from: node === machine.root ? `any state (${machine.id})` : relativeId(machine, node),
        when: w.when,
        guard: w.guard,
        to: t.target?.length ? t.target.map((n) => relativeId(machine, n)).join(', ') : '(stays)',
        actions: actionLabels(t.actions),
        description: t.description ?? '',
        spec: specSection(t.description),
        event: t.eventType || '(always)',
      };
    }),
  );
}

function markdown(
  machine: AnyStateMachine,
  source: string,
  more: readonly { file: string; title: string }[],
): string {
  const out: string[] = [];
  out.push(`# ${machine.id}`);
  out.push('');
  out.push('<!-- Generated by `npm run statecharts` from src/machines. Do not edit by hand. -->');
  out.push('');
  if (machine.root.description) out.push(machine.root.description, '');
  out.push(`![The ${machine.id} statechart](./${machine.id}.svg)`, '');
  if (more.length) {
    out.push('Too big to read at once, it is also drawn in parts:', '');
    for (const p of more) out.push(`- [${p.title}](./${p.file})`);
    out.push('');
  }
  out.push('```mermaid', source, '```', '');

  out.push('## States', '');
  out.push('| State | Type | Tags | Invokes | Description |');
  out.push('| --- | --- | --- | --- | --- |');
  for (const s of stateRows(machine)) {
    out.push(
      `| ${cell(s.id)} | ${s.type} | ${cell(s.tags.join(', '))} | ${cell(s.invokes.join(', '))} | ${cell(s.description)} |`,
    );
  }
  out.push('');

  out.push('## Transitions', '');
  out.push('| From | When | Guard | To | Description | Actions | Event |');
  out.push('| --- | --- | --- | --- | --- | --- | --- |');
  for (const t of transitionRows(machine)) {
    out.push(
      `| ${cell(t.from)} | ${cell(t.when)} | ${cell(t.guard)} | ${cell(t.to)} | ${cell(t.description)} | ${cell(t.actions.join(', '))} | \`${cell(t.event)}\` |`,
    );
  }
  out.push('');

  const impl = machine.implementations;
  out.push('## Implementations', '');
  out.push(`- **Actors:** ${Object.keys(impl.actors ?? {}).join(', ') || 'none'}`);
  out.push(`- **Actions:** ${Object.keys(impl.actions ?? {}).join(', ') || 'none'}`);
  out.push(`- **Guards:** ${Object.keys(impl.guards ?? {}).join(', ') || 'none'}`);
  out.push('');
  const delays = Object.keys(delaysOf(machine)).map(
    (name) => `| ${name} | ${delayText(machine, name)} |`,
  );
  if (delays.length) {
    out.push('## Delays', '', '| Delay | Value |', '| --- | --- |', ...delays, '');
  }
  return out.join('\n');
}

function index(): string {
  const lines = [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run statecharts`. Do not edit by hand. -->',
    '',
    'Every flow of Givedrop is one of these machines (src/machines and src/features/*). Each page',
    'has the diagram and tables of states, transitions, guards, delays and actors with their',
    'descriptions. [The route table](./routes.md) lists every route and the flow that runs it.',
    '[index.html](./index.html) shows them all on one page, with their pictures (`<machine>.svg`),',
    'the routes that run them, their path coverage and their mutation scores: open it from disk.',
    '',
    '| Machine | States | Transitions | Description |',
    '| --- | --- | --- | --- |',
  ];
  for (const machine of machineRegistry) {
    const nodes = allNodes(machine.root);
    const transitions = nodes.reduce((n, node) => n + transitionsOf(node).length, 0);
    lines.push(
      `| [${machine.id}](./${machine.id}.md) | ${nodes.length} | ${transitions} | ${cell(machine.root.description)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The route table, derived from the flow registry (architecture.md §8). */
function routes(): string {
  const lines = [
    '# Routes',
    '',
    '<!-- Generated by `npm run statecharts` from src/app/flowRegistry.ts. Do not edit by hand. -->',
    '',
    'Every route of the app and the flow that runs it. Access: public (anyone), user (a signed-in',
    'Administrator or User), admin (Administrator), host (Administrator and host). Layout',
    "'landing' is the public layout signed out and the app layout signed in (access 'landing':",
    'anyone, but a signed-in person whose organisation is onboarding goes to /onboarding); `*` is',
    'any path no other route claims (spec §2.1: it shows the landing page). A route that signs out',
    'on visit does so for any path that starts with its path too (`/loginfoo`, `/signup/extra`).',
    '',
    '| Path | Title | Layout | Access | Flow | Actors | Signs out on visit | When signed in | Secret params |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const rows = flowRegistry.flatMap((flow) => flow.routes.map((route) => ({ flow, route })));
  rows.sort((a, b) => a.route.path.localeCompare(b.route.path));
  for (const { flow, route } of rows) {
    const signedIn = flow.whenSignedIn
      ? `${flow.whenSignedIn.to}${flow.whenSignedIn.orRemembered ? ' (or the remembered path)' : ''}`
      : '';
    lines.push(
      `| \`${route.path}\` | ${route.title} | ${route.layout} | ${route.access ?? flow.access} | ${flow.id} | ${flowActors.get(flow.id) ?? ''} | ${flow.signsOutOnVisit ? 'yes' : ''} | ${signedIn} | ${(flow.secretParams ?? []).join(', ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Each flow's machines, by id (its actors' logic), for the route table. */
const flowActors = new Map<string, string>();
for (const flow of flowRegistry) {
  const machines = (await flow.machines?.()) ?? [];
  flowActors.set(flow.id, machines.map((m) => `[${m.id}](./${m.id}.md)`).join(', '));
}

/** The routes that run each machine: its flow's, and those of every flow whose machines invoke it. */
async function machineRoutes(): Promise<Map<AnyStateMachine, string[]>> {
  const result = new Map<AnyStateMachine, Set<string>>();
  const add = (machine: AnyStateMachine, paths: string[], seen = new Set<AnyStateMachine>()) => {
    if (seen.has(machine)) return;
    seen.add(machine);
    const set = result.get(machine) ?? new Set<string>();
    for (const p of paths) set.add(p);
    result.set(machine, set);
    for (const logic of Object.values(machine.implementations.actors ?? {})) {
      const child = machineRegistry.find((m) => m === logic);
      if (child) add(child, paths, seen);
    }
  };
  for (const flow of flowRegistry) {
    const paths = flow.routes.map((r) => r.path);
    for (const machine of (await flow.machines?.()) ?? []) add(machine, paths);
  }
  return new Map([...result].map(([m, set]) => [m, [...set].sort()]));
}

const routesByMachine = await machineRoutes();

function readJson(file: string): unknown {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined;
}

/** Whether an SVG was rendered from this Mermaid source (by the hash it carries). */
const SVG_HASH = /^<!-- source-sha256: ([0-9a-f]{64}) -->\n/;

/** The transitions drawn on the machines' whole pictures (one arrow label each). */
let transitionCount = 0;

async function files(): Promise<{ files: Map<string, string>; labels: Map<string, string[]> }> {
  const result = new Map<string, string>();
  const labels = new Map<string, string[]>();
  const sources = new Map<string, string>();
  const parts = new Map<AnyStateMachine, { file: string; title: string }[]>();
  for (const machine of machineRegistry) {
    const [whole, ...more] = pictures(machine);
    if (!whole) continue;
    for (const p of [whole, ...more]) sources.set(p.file, p.source);
    labels.set(
      machine.id,
      [whole, ...more].flatMap((p) => p.labels),
    );
    transitionCount += whole.labels.length;
    parts.set(
      machine,
      more.map(({ file, title }) => ({ file, title })),
    );
    result.set(`${machine.id}.md`, `${markdown(machine, whole.source, more)}`);
    result.set(`${machine.id}.json`, `${JSON.stringify(machine.root.definition, null, 2)}\n`);
  }
  // SVGs: re-rendered only when their Mermaid source (or the renderer) changed, so the check
  // compares hashes, not pixels that depend on the fonts of the machine that runs it.
  const toRender = new Map<string, string>();
  for (const [name, source] of sources) {
    const file = path.join(OUT_DIR, name);
    const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (SVG_HASH.exec(existing)?.[1] === sourceHash(source)) result.set(name, existing);
    else toRender.set(name, source);
  }
  if (toRender.size) {
    const started = Date.now();
    const svgs = await renderSvgs(toRender);
    for (const [id, svg] of svgs) {
      result.set(id, `<!-- source-sha256: ${sourceHash(sources.get(id) ?? '')} -->\n${svg}\n`);
    }
    console.log(`Rendered ${svgs.size} SVGs in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  result.set('README.md', index());
  result.set('routes.md', routes());
  result.set(
    'index.html',
    page({
      machines: machineRegistry.map((machine) => ({
        id: machine.id,
        description: machine.root.description ?? '',
        spec: specSection(machine.root.description),
        states: stateRows(machine),
        transitions: transitionRows(machine),
        routes: routesByMachine.get(machine) ?? [],
        shared: sharedMachines.includes(machine),
        parts: parts.get(machine) ?? [],
      })),
      coverage: readJson('docs/path-coverage.json'),
      ledger: readJson('docs/mutation-ledger.json'),
    }),
  );
  return { files: result, labels };
}

const check = process.argv.includes('--check');
const started = Date.now();
const { files: wanted, labels } = await files();

/** The files of docs/statecharts written by hand, not generated: index.html's style sheet. */
const KEPT = new Set(['index.css']);

/** Writes docs/statecharts from the machines: every wanted file, and none other but KEPT. */
function write(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const name of readdirSync(OUT_DIR)) {
    if (!wanted.has(name) && !KEPT.has(name)) rmSync(path.join(OUT_DIR, name));
  }
  for (const [name, content] of wanted) {
    const file = path.join(OUT_DIR, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) writeFileSync(file, content);
  }
}

/**
 * The files of docs/statecharts that differ from what git has (changed, deleted or new), or
 * undefined when this is no git work tree (an unpacked archive).
 */
function differingFromGit(): string[] | undefined {
  const git = (...args: string[]) =>
    spawnSync('git', args, { encoding: 'utf8', shell: false, cwd: OUT_DIR });
  const changed = git('diff', '--name-only', '--', '.');
  const added = git('ls-files', '--others', '--exclude-standard', '--', '.');
  if (changed.status !== 0 || added.status !== 0) return undefined;
  return `${changed.stdout}${added.stdout}`.split('\n').filter(Boolean);
}

const rootTransitions = machineRegistry.map((m) => [m.id, transitionsOf(m.root).length] as const);
const drawnAtRoot = rootTransitions.filter(([, n]) => n > 0);
console.log(
  `Transitions declared at a machine's root, drawn from "any state": ${drawnAtRoot.reduce((n, [, c]) => n + c, 0)} in ${drawnAtRoot.length} machines.`,
);
const internal = [...labels].flatMap(([id, list]) => internalNames(list).map((l) => `${id}: ${l}`));

if (internal.length) {
  write();
  console.error(`Arrow labels must be words, not xstate. names:\n  ${internal.join('\n  ')}`);
  process.exit(1);
}

if (check) {
  // The check regenerates the docs (so the command a developer runs leaves them fresh), then
  // fails when they differ from what is committed: CI, on a fresh clone, fails on stale docs.
  const stale: string[] = [];
  for (const [name, content] of wanted) {
    const file = path.join(OUT_DIR, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) stale.push(name);
  }
  const extra = existsSync(OUT_DIR)
    ? readdirSync(OUT_DIR).filter((name) => !wanted.has(name) && !KEPT.has(name))
    : [];
  write();
  const differing = differingFromGit() ?? [...stale, ...extra];
  if (differing.length) {
    console.error(`docs/statecharts differs from what is committed: ${differing.join(', ')}`);
    console.error('They have been regenerated: review and commit docs/statecharts.');
    process.exit(1);
  }
  console.log(
    `docs/statecharts is fresh (${wanted.size} files, ${transitionCount} transitions drawn, every label in words) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} else {
  write();
  console.log(
    `Wrote ${wanted.size} files to docs/statecharts (${transitionCount} transitions drawn, every label in words) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}
