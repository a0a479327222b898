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
import { allMachines } from '../src/app/machineList';
import { flowRegistry } from '../src/app/flowList';

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

function label(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return (value as { name?: string }).name || 'inline';
  if (typeof value === 'object') {
    const v = value as { type?: unknown; guards?: unknown[] };
    if (typeof v.type === 'string') {
      if (v.type.startsWith('xstate.') && Array.isArray(v.guards)) {
        return `${v.type.replace('xstate.', '')}(${v.guards.map(label).join(', ')})`;
      }
      return v.type;
    }
  }
  return 'inline';
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'function') {
    const g = guard as { check?: unknown; guards?: unknown[]; stateValue?: unknown; name?: string };
    if (g.stateValue !== undefined) return `in ${JSON.stringify(g.stateValue)}`;
    if (Array.isArray(g.guards)) {
      const op = (g.name || '').replace(/^(.*)$/, '$1') || 'combined';
      return `${op}(${g.guards.map(guardLabel).join(', ')})`;
    }
    return g.name || 'inline';
  }
  return label(guard);
}

function actionLabels(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((a) => {
    const l = label(a);
    return l.startsWith('xstate.') ? l.replace('xstate.', '') : l;
  });
}

function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
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

function escapeMermaid(text: string): string {
  return text.replace(/[:;#{}]/g, ' ').replace(/"/g, "'");
}

function mermaidBody(node: AnyStateNode, indent: string, lines: string[]): void {
  const children = Object.values(node.states) as AnyStateNode[];
  if (node.type === 'parallel') {
    children.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}--`);
      mermaidState(child, indent, lines);
    });
    return;
  }
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const child of children) mermaidState(child, indent, lines);
  for (const child of children) {
    if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
  }
}

function mermaidState(node: AnyStateNode, indent: string, lines: string[]): void {
  const id = mermaidId(node);
  lines.push(`${indent}state "${node.key}" as ${id}`);
  if (Object.keys(node.states).length > 0) {
    lines.push(`${indent}state ${id} {`);
    mermaidBody(node, `${indent}  `, lines);
    lines.push(`${indent}}`);
  }
}

function mermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  mermaidBody(machine.root, '  ', lines);
  for (const node of allNodes(machine.root)) {
    for (const t of transitionsOf(node)) {
      const guard = guardLabel(t.guard);
      const text = escapeMermaid(`${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`);
      const targets = t.target?.length ? t.target : [node];
      const source = node === machine.root ? null : mermaidId(node);
      for (const target of targets) {
        // Transitions declared on the root apply in every state: draw them from the root's
        // initial child's parent is not possible in Mermaid, so they go in the table only.
        if (!source) continue;
        lines.push(`  ${source} --> ${mermaidId(target)} : ${text}`);
      }
    }
  }
  return lines.join('\n');
}

function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function relativeId(machine: AnyStateMachine, node: AnyStateNode): string {
  return node === machine.root ? `(${machine.id})` : node.id.slice(machine.id.length + 1);
}

function delayRows(machine: AnyStateMachine): string[] {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  return Object.entries(delays).map(([name, value]) => {
    const shown = typeof value === 'number' ? `${value} ms` : 'computed from context';
    return `| ${name} | ${shown} |`;
  });
}

function markdown(machine: AnyStateMachine): string {
  const nodes = allNodes(machine.root);
  const out: string[] = [];
  out.push(`# ${machine.id}`);
  out.push('');
  out.push('<!-- Generated by `npm run statecharts` from src/machines. Do not edit by hand. -->');
  out.push('');
  if (machine.root.description) out.push(machine.root.description, '');
  out.push('```mermaid', mermaid(machine), '```', '');

  out.push('## States', '');
  out.push('| State | Type | Tags | Invokes | Description |');
  out.push('| --- | --- | --- | --- | --- |');
  for (const node of nodes) {
    const invokes = node.invoke.map(
      (i) => `${label(i.src)}${i.systemId ? ` (systemId ${i.systemId})` : ''}`,
    );
    out.push(
      `| ${cell(relativeId(machine, node))} | ${node.type} | ${cell(node.tags.join(', '))} | ${cell(invokes.join(', '))} | ${cell(node.description)} |`,
    );
  }
  out.push('');

  out.push('## Transitions', '');
  out.push('| From | Event | Guard | To | Actions | Description |');
  out.push('| --- | --- | --- | --- | --- | --- |');
  for (const node of nodes) {
    for (const t of transitionsOf(node)) {
      const to = t.target?.length
        ? t.target.map((n) => relativeId(machine, n)).join(', ')
        : '(stays)';
      out.push(
        `| ${cell(relativeId(machine, node))} | ${cell(eventLabel(t.eventType))} | ${cell(guardLabel(t.guard))} | ${cell(to)} | ${cell(actionLabels(t.actions).join(', '))} | ${cell(t.description)} |`,
      );
    }
  }
  out.push('');

  const impl = machine.implementations;
  out.push('## Implementations', '');
  out.push(`- **Actors:** ${Object.keys(impl.actors ?? {}).join(', ') || 'none'}`);
  out.push(`- **Actions:** ${Object.keys(impl.actions ?? {}).join(', ') || 'none'}`);
  out.push(`- **Guards:** ${Object.keys(impl.guards ?? {}).join(', ') || 'none'}`);
  out.push('');
  const delays = delayRows(machine);
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
    "'landing' is the public layout signed out and the app layout signed in; `*` is any path no",
    'other route claims (spec §2.1: it shows the landing page).',
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

function files(): Map<string, string> {
  const result = new Map<string, string>();
  for (const machine of machineRegistry) {
    result.set(`${machine.id}.md`, `${markdown(machine)}`);
    result.set(`${machine.id}.json`, `${JSON.stringify(machine.root.definition, null, 2)}\n`);
  }
  result.set('README.md', index());
  result.set('routes.md', routes());
  return result;
}

const check = process.argv.includes('--check');
const wanted = files();

/** Writes docs/statecharts from the machines: every wanted file, and none other. */
function write(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const name of readdirSync(OUT_DIR)) {
    if (!wanted.has(name)) rmSync(path.join(OUT_DIR, name));
  }
  for (const [name, content] of wanted) writeFileSync(path.join(OUT_DIR, name), content);
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

if (check) {
  // The check regenerates the docs (so the command a developer runs leaves them fresh), then
  // fails when they differ from what is committed: CI, on a fresh clone, fails on stale docs.
  const stale: string[] = [];
  for (const [name, content] of wanted) {
    const file = path.join(OUT_DIR, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) stale.push(name);
  }
  const extra = existsSync(OUT_DIR) ? readdirSync(OUT_DIR).filter((name) => !wanted.has(name)) : [];
  write();
  const differing = differingFromGit() ?? [...stale, ...extra];
  if (differing.length) {
    console.error(`docs/statecharts differs from what is committed: ${differing.join(', ')}`);
    console.error('They have been regenerated: review and commit docs/statecharts.');
    process.exit(1);
  }
  console.log(`docs/statecharts is fresh (${wanted.size} files).`);
} else {
  write();
  console.log(`Wrote ${wanted.size} files to docs/statecharts.`);
}
