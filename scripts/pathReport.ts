/**
 * The path report QA reads (architecture.md §7), built by scripts/coverage-paths.ts from what the
 * generated path tests recorded in coverage/paths/ (tests/support/pathHarness.ts):
 *
 * - reports/paths/paths.json: per machine, every path with its steps (state → event → state and
 *   what the oracle checked), and for every state id and transition key the paths that reach it;
 * - reports/paths/index.html: the same, readable, static (no network, opens from disk), with the
 *   e2e figures beside the unit ones when reports/paths/e2e.json exists (written by the e2e run);
 * - docs/path-coverage.json: the deterministic figures per machine (committed).
 */
import type {
  CheckedSpec,
  CoverageRecord,
  PathRecord,
  PathsFile,
  PathStepRecord,
} from '../tests/support/pathHarness';

/** A recorded path in the report: where it runs, and how the report refers to it. */
export interface ReportPath {
  /** The anchor of the path in index.html, unique in the report. */
  id: string;
  /** Its test's name, with the input group (and the test file when the machine has several). */
  title: string;
  name: string;
  group?: string;
  file: string;
  /** The describe title of its suite. */
  suite: string;
  start?: string;
  startSpec?: CheckedSpec;
  steps: PathStepRecord[];
  ok: boolean;
  error?: string;
}

export interface MachineReport {
  states: { reached: string[]; all: string[] };
  transitions: { reached: string[]; all: string[] };
  paths: ReportPath[];
  /** For every state id and transition key, the titles of the paths that reach it. */
  reachedBy: { states: Record<string, string[]>; transitions: Record<string, string[]> };
}

export type PathsReport = Record<string, MachineReport>;

/** reports/paths/e2e.json (written by the e2e run): what Chromium reached, per machine. */
export type E2eReport = Record<
  string,
  {
    states: { reached: string[]; all: string[] };
    transitions: { reached: string[]; all: string[] };
  }
>;

/** docs/path-coverage.json: the committed figures per machine. */
export type PathCoverage = Record<
  string,
  {
    states: { reached: number; all: number };
    transitions: { reached: number; all: number };
    paths: number;
  }
>;

/** Builds the report of one machine from its coverage record and its suites' path files. */
export function machineReport(
  id: string,
  coverage: CoverageRecord,
  files: PathsFile[],
): MachineReport {
  const sorted = [...files].sort(
    (a, b) => a.file.localeCompare(b.file) || a.suite.localeCompare(b.suite),
  );
  const severalFiles = new Set(sorted.map((f) => f.file)).size > 1;
  const severalSuites = new Set(sorted.map((f) => `${f.file}\u0000${f.suite}`)).size > 1;
  const paths: ReportPath[] = [];
  const states: Record<string, string[]> = Object.fromEntries(
    coverage.states.all.map((s) => [s, [] as string[]]),
  );
  const transitions: Record<string, string[]> = Object.fromEntries(
    coverage.transitions.all.map((t) => [t, [] as string[]]),
  );
  for (const file of sorted) {
    for (const p of file.paths) {
      const title = [
        severalFiles ? file.file : undefined,
        severalSuites ? file.suite : undefined,
        p.group,
        p.name,
      ]
        .filter((x) => x !== undefined)
        .join(' > ');
      paths.push(reportPath(`${id}-p${paths.length + 1}`, title, file, p));
      for (const s of new Set(p.states)) states[s]?.push(title);
      for (const t of new Set(p.transitions)) transitions[t]?.push(title);
    }
  }
  return {
    states: coverage.states,
    transitions: coverage.transitions,
    paths,
    reachedBy: { states, transitions },
  };
}

function reportPath(id: string, title: string, from: PathsFile, p: PathRecord): ReportPath {
  return {
    id,
    title,
    name: p.name,
    ...(p.group === undefined ? {} : { group: p.group }),
    file: from.file,
    suite: from.suite,
    ...(p.start === undefined ? {} : { start: p.start }),
    ...(p.startSpec ? { startSpec: p.startSpec } : {}),
    steps: p.steps,
    ok: p.ok,
    ...(p.error === undefined ? {} : { error: p.error }),
  };
}

/** The committed figures (docs/path-coverage.json), keyed by machine id in sorted order. */
export function pathCoverage(records: CoverageRecord[]): PathCoverage {
  const sorted = [...records].sort((a, b) => a.machine.localeCompare(b.machine));
  return Object.fromEntries(
    sorted.map((r) => [
      r.machine,
      {
        states: { reached: r.states.reached.length, all: r.states.all.length },
        transitions: { reached: r.transitions.reached.length, all: r.transitions.all.length },
        paths: r.paths,
      },
    ]),
  );
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const pct = (reached: number, all: number): string =>
  `${all === 0 ? '100.0' : ((100 * reached) / all).toFixed(1)} %`;

export const figure = (reached: number, all: number): string =>
  `${reached}/${all} (${pct(reached, all)})`;

/** What the oracle checked at a point, in words. */
export function describeSpec(spec: CheckedSpec | undefined): string {
  if (!spec) return 'the state the plan predicted (no spec table)';
  const parts = [`state ${escapeHtml(stateLine(spec.value))}`];
  const tags = Object.entries(spec.tags ?? {});
  if (tags.length) {
    parts.push(
      `tags ${tags.map(([tag, has]) => `${escapeHtml(tag)}: ${has ? 'yes' : 'no'}`).join(', ')}`,
    );
  }
  parts.push(spec.done ? 'the flow ends' : 'running');
  if (spec.shown !== undefined) {
    parts.push(`shown <code>${escapeHtml(JSON.stringify(spec.shown) ?? '')}</code>`);
  }
  return parts.join(' · ');
}

function stateLine(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
    const inner = stateLine(v);
    return inner ? `${k}.${inner}` : k;
  });
  return parts.length > 1 ? `(${parts.join(' + ')})` : (parts[0] ?? '');
}

const anchor = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '_');

function pathHtml(p: ReportPath): string {
  const status = p.ok ? '' : ' <strong class="failed">failed</strong>';
  const rows = p.steps
    .map(
      (s, i) =>
        `<tr><td>${i + 1}</td><td>${escapeHtml(s.from)}</td><td>${escapeHtml(s.event)}${
          s.payload ? ` <code>${escapeHtml(s.payload)}</code>` : ''
        }${s.elapsedMs ? ` (${s.elapsedMs} ms)` : ''}</td><td>${escapeHtml(s.to)}${
          s.status && s.status !== 'active' ? ` (${escapeHtml(s.status)})` : ''
        }</td><td>${describeSpec(s.spec)}</td></tr>`,
    )
    .join('');
  return `<li id="${anchor(p.id)}"><details><summary>${escapeHtml(p.name)}${status}</summary>
<p>Test: <code>${escapeHtml(p.file)}</code> › ${escapeHtml(p.suite)}${
    p.group ? ` › ${escapeHtml(p.group)}` : ''
  }</p>
<p>After start: ${escapeHtml(p.start ?? '?')}; checked: ${describeSpec(p.startSpec)}</p>
${
  p.steps.length
    ? `<table><thead><tr><th scope="col">Step</th><th scope="col">From</th><th scope="col">Event</th><th scope="col">To</th><th scope="col">Asserted</th></tr></thead><tbody>${rows}</tbody></table>`
    : ''
}${p.error ? `<pre class="failed">${escapeHtml(p.error)}</pre>` : ''}</details></li>`;
}

/** Links to the paths that reach a state or transition: the three shortest, then all. */
function reachedByHtml(titles: string[], byTitle: Map<string, ReportPath>): string {
  if (!titles.length) return '<strong class="failed">no path</strong>';
  const link = (t: string) => {
    const p = byTitle.get(t);
    return p ? `<a href="#${anchor(p.id)}">${escapeHtml(p.name)}</a>` : escapeHtml(t);
  };
  const shortest = [...titles].sort(
    (a, b) => (byTitle.get(a)?.steps.length ?? 0) - (byTitle.get(b)?.steps.length ?? 0),
  );
  const first = shortest.slice(0, 3);
  const rest = shortest.slice(3);
  return `${titles.length} ${titles.length === 1 ? 'path' : 'paths'}: <ul>${first
    .map((t) => `<li>${link(t)}</li>`)
    .join('')}</ul>${
    rest.length
      ? `<details><summary>all ${titles.length}</summary><ul>${rest
          .map((t) => `<li>${link(t)}</li>`)
          .join('')}</ul></details>`
      : ''
  }`;
}

function e2eCell(e2e: E2eReport[string] | undefined, kind: 'states' | 'transitions', key: string) {
  if (!e2e) return '';
  return `<td>${e2e[kind].reached.includes(key) ? 'reached' : '<strong>not reached</strong>'}</td>`;
}

function machineHtml(id: string, m: MachineReport, e2e: E2eReport[string] | undefined): string {
  const byTitle = new Map(m.paths.map((p) => [p.title, p]));
  const failed = m.paths.filter((p) => !p.ok).length;
  const summary = [
    `${m.paths.length} paths${failed ? `, <strong class="failed">${failed} failed</strong>` : ''}`,
    `states ${figure(m.states.reached.length, m.states.all.length)}`,
    `transitions ${figure(m.transitions.reached.length, m.transitions.all.length)}`,
    ...(e2e
      ? [
          `e2e states ${figure(e2e.states.reached.length, e2e.states.all.length)}`,
          `e2e transitions ${figure(e2e.transitions.reached.length, e2e.transitions.all.length)}`,
        ]
      : []),
  ].join(' · ');
  const e2eHead = e2e ? '<th scope="col">e2e</th>' : '';
  /** A row a state (or transition): the paths that reached it, and whether the e2e run did. */
  const rows = (kind: 'states' | 'transitions') =>
    m[kind].all
      .map(
        (key) =>
          `<tr><th scope="row"><code>${escapeHtml(key)}</code></th><td>${reachedByHtml(
            m.reachedBy[kind][key] ?? [],
            byTitle,
          )}</td>${e2eCell(e2e, kind, key)}</tr>`,
      )
      .join('\n');
  const stateRows = rows('states');
  const transitionRows = rows('transitions');
  const e2eMissing = e2e
    ? (() => {
        const states = e2e.states.all.filter((s) => !e2e.states.reached.includes(s));
        const transitions = e2e.transitions.all.filter((t) => !e2e.transitions.reached.includes(t));
        const list = (items: string[]) =>
          items.length
            ? `<ul>${items.map((x) => `<li><code>${escapeHtml(x)}</code></li>`).join('')}</ul>`
            : '<p>none</p>';
        return `<h3 id="${anchor(id)}-e2e">Not reached by any e2e test</h3>
<h4>States (${states.length})</h4>${list(states)}
<h4>Transitions (${transitions.length})</h4>${list(transitions)}`;
      })()
    : '';
  return `<section id="${anchor(id)}" aria-labelledby="${anchor(id)}-title">
<details><summary><h2 id="${anchor(id)}-title">${escapeHtml(id)}</h2> <span>${summary}</span></summary>
<h3>Paths</h3>
<ol class="paths">${m.paths.map(pathHtml).join('\n')}</ol>
<h3>States</h3>
<table><thead><tr><th scope="col">State</th><th scope="col">Reached by</th>${e2eHead}</tr></thead><tbody>
${stateRows}</tbody></table>
<h3>Transitions</h3>
<table><thead><tr><th scope="col">Transition (source | event | #)</th><th scope="col">Reached by</th>${e2eHead}</tr></thead><tbody>
${transitionRows}</tbody></table>
${e2eMissing}
</details></section>`;
}

/** reports/paths/index.html: the whole report, one collapsible section per machine. */
export function reportHtml(report: PathsReport, e2e?: E2eReport): string {
  const ids = Object.keys(report).sort();
  const total = ids.reduce((n, id) => n + (report[id]?.paths.length ?? 0), 0);
  const failed = ids.reduce((n, id) => n + (report[id]?.paths.filter((p) => !p.ok).length ?? 0), 0);
  const e2eHead = e2e ? '<th scope="col">e2e states</th><th scope="col">e2e transitions</th>' : '';
  const overview = ids
    .map((id) => {
      const m = report[id] as MachineReport;
      const e = e2e?.[id];
      const e2eCells = e2e
        ? e
          ? `<td>${figure(e.states.reached.length, e.states.all.length)}</td><td>${figure(
              e.transitions.reached.length,
              e.transitions.all.length,
            )}</td>`
          : '<td colspan="2">not run by any e2e test</td>'
        : '';
      return `<tr><th scope="row"><a href="#${anchor(id)}">${escapeHtml(id)}</a></th><td>${
        m.paths.length
      }</td><td>${figure(m.states.reached.length, m.states.all.length)}</td><td>${figure(
        m.transitions.reached.length,
        m.transitions.all.length,
      )}</td>${e2eCells}</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Path coverage of the generated machine tests</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; background: #fff; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #bbb; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
thead th { background: #eee; }
section > details > summary h2 { display: inline; font-size: 1.2rem; }
summary { cursor: pointer; }
ol.paths > li { margin: 0.2rem 0; }
code { font-size: 0.9em; overflow-wrap: anywhere; }
.failed { color: #a00000; }
td ul, td details ul { margin: 0.2rem 0; padding-left: 1.2rem; }
</style>
</head>
<body>
<main>
<h1>Path coverage of the generated machine tests</h1>
<p>${ids.length} machines, ${total} paths${
    failed ? `, <strong class="failed">${failed} failed</strong>` : ''
  }. Each path is a test: its name is the states it passes through and the events between them.
Open a machine for its paths (each with its steps and what was asserted at each step) and for
every state and transition, the paths that reach it.${
    e2e
      ? ' The e2e columns show what the end-to-end tests reached in Chromium.'
      : ' No e2e figures: reports/paths/e2e.json is written by the e2e run.'
  }</p>
<table><caption>Per machine</caption><thead><tr><th scope="col">Machine</th><th scope="col">Paths</th><th scope="col">States</th><th scope="col">Transitions</th>${e2eHead}</tr></thead><tbody>
${overview}
</tbody></table>
${ids.map((id) => machineHtml(id, report[id] as MachineReport, e2e?.[id])).join('\n')}
</main>
</body>
</html>
`;
}

/** The e2e figures beside the unit ones, as printed lines. */
export function e2eLines(report: PathsReport, e2e: E2eReport): string[] {
  const rows: string[][] = [
    ['machine', 'unit states', 'e2e states', 'unit transitions', 'e2e transitions'],
  ];
  for (const id of Object.keys(report).sort()) {
    const m = report[id] as MachineReport;
    const e = e2e[id];
    rows.push([
      id,
      figure(m.states.reached.length, m.states.all.length),
      e ? figure(e.states.reached.length, e.states.all.length) : '-',
      figure(m.transitions.reached.length, m.transitions.all.length),
      e ? figure(e.transitions.reached.length, e.transitions.all.length) : '-',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((row) =>
    row
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}
