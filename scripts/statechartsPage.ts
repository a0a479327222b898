/**
 * docs/statecharts/index.html (architecture.md §8): one static page a product owner opens from
 * disk, with no network — its style sheet beside it (index.css, written by hand), the SVGs by relative path, no script. Every machine: its
 * picture, its states and transitions in words with their spec sections, the routes that run
 * it, its path coverage (docs/path-coverage.json, written by `npm run coverage:paths`) and its
 * mutation score(s) (docs/mutation-ledger.json). Deterministic: the same inputs give the same
 * bytes, since `npm run statecharts:check` compares it with git.
 */

/** A state of a machine, as the tables and the index page show it. */
export interface StateRow {
  id: string;
  type: string;
  tags: string[];
  invokes: string[];
  description: string;
  spec?: string;
}

/** A transition of a machine, in words, as the tables and the index page show it. */
export interface TransitionRow {
  from: string;
  when: string;
  guard: string;
  to: string;
  actions: string[];
  description: string;
  spec?: string;
  event: string;
}

export interface MachinePage {
  id: string;
  description: string;
  spec?: string;
  states: StateRow[];
  transitions: TransitionRow[];
  /** The route paths whose flow runs the machine (or invokes it). */
  routes: string[];
  /** An app-wide machine (src/machines: the app, the session, the shared widgets). */
  shared: boolean;
  /** Pictures beyond `<id>.svg` (one per part of a machine too big to read at once). */
  parts?: { file: string; title: string }[];
}

export interface PageInput {
  machines: MachinePage[];
  /** docs/path-coverage.json, if present. */
  coverage: unknown;
  /** docs/mutation-ledger.json, if present. */
  ledger: unknown;
}

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function percent(reached: number, all: number): string {
  return all === 0 ? '—' : `${((100 * reached) / all).toFixed(1).replace(/\.0$/, '')} %`;
}

function coverageOf(coverage: unknown, id: string): string {
  const entry = isRecord(coverage) ? coverage[id] : undefined;
  if (!isRecord(entry)) return '<span class="muted">not measured</span>';
  const part = (name: string) => {
    const p = entry[name];
    const reached = isRecord(p) ? num(p.reached) : undefined;
    const all = isRecord(p) ? num(p.all) : undefined;
    return reached === undefined || all === undefined
      ? `${name}: not measured`
      : `${name} ${reached}/${all} (${percent(reached, all)})`;
  };
  const paths = num(entry.paths);
  return esc(
    [part('states'), part('transitions'), paths === undefined ? '' : `${paths} paths`]
      .filter(Boolean)
      .join(' · '),
  );
}

function mutationOf(ledger: unknown, id: string): string {
  const machines = isRecord(ledger) && isRecord(ledger.machines) ? ledger.machines : {};
  const rows = Object.keys(machines)
    .sort()
    .flatMap((file) => {
      const entry = machines[file];
      if (!isRecord(entry) || !Array.isArray(entry.machineIds) || !entry.machineIds.includes(id)) {
        return [];
      }
      const score = num(entry.score);
      const measured = typeof entry.measured === 'string' ? `, measured ${entry.measured}` : '';
      const shown = score === undefined ? 'not measured' : `${score.toFixed(2)} %`;
      return [`${esc(shown)} <span class="muted">(${esc(file)}${esc(measured)})</span>`];
    });
  return rows.length ? rows.join('<br>') : '<span class="muted">not measured</span>';
}

function routesOf(m: MachinePage): string {
  if (m.routes.length) return m.routes.map((r) => `<code>${esc(r)}</code>`).join(', ');
  return m.shared
    ? '<span class="muted">app-wide: runs beside every route</span>'
    : '<span class="muted">no route</span>';
}

function specCell(spec: string | undefined): string {
  return spec ? esc(spec) : '';
}

function statesTable(m: MachinePage): string {
  const rows = m.states.map(
    (s) =>
      `<tr><th scope="row">${esc(s.id)}</th><td>${esc(s.description)}${
        s.tags.length ? `<br><span class="muted">tags: ${esc(s.tags.join(', '))}</span>` : ''
      }${s.invokes.length ? `<br><span class="muted">runs: ${esc(s.invokes.join(', '))}</span>` : ''}</td><td>${specCell(s.spec)}</td></tr>`,
  );
  return `<table><caption>States of ${esc(m.id)}</caption><thead><tr><th scope="col">State</th><th scope="col">What it means</th><th scope="col">Spec</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function transitionsTable(m: MachinePage): string {
  const rows = m.transitions.map(
    (t) =>
      `<tr><td>${esc(t.from)}</td><td>${esc(t.when)}${
        t.guard ? `<br><span class="guard">if ${esc(t.guard)}</span>` : ''
      }</td><td>${esc(t.to)}</td><td>${esc(t.description)}</td><td>${specCell(t.spec)}</td></tr>`,
  );
  return `<table><caption>Transitions of ${esc(m.id)}</caption><thead><tr><th scope="col">From</th><th scope="col">When</th><th scope="col">To</th><th scope="col">What happens</th><th scope="col">Spec</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function picture(m: MachinePage, file: string, title: string): string {
  const alt = `${title}: a state diagram of the ${m.id} machine (${m.states.length - 1} states, ${m.transitions.length} transitions in all); the tables below say the same in words.`;
  return `<figure><div class="scroll" tabindex="0" role="region" aria-label="${esc(title)} (scrolls)"><a href="./${esc(file)}"><img src="./${esc(file)}" alt="${esc(alt)}" loading="lazy"></a></div><figcaption>${esc(title)} — <a href="./${esc(file)}">open the picture alone</a></figcaption></figure>`;
}

function section(m: MachinePage, coverage: unknown, ledger: unknown): string {
  // A machine too big to read at once shows its overview and its parts; the whole is a link.
  const pictures = m.parts?.length
    ? [
        ...m.parts.map((p) => picture(m, p.file, p.title)),
        `<p><a href="./${esc(m.id)}.svg">The whole ${esc(m.id)} statechart in one picture</a></p>`,
      ]
    : [picture(m, `${m.id}.svg`, `The ${m.id} statechart`)];
  return `<section id="m-${esc(m.id)}" aria-labelledby="h-${esc(m.id)}">
<h2 id="h-${esc(m.id)}">${esc(m.id)}</h2>
<p>${esc(m.description)}</p>
<dl class="facts">
<dt>Spec</dt><dd>${m.spec ? esc(m.spec) : '<span class="muted">—</span>'}</dd>
<dt>Routes that run it</dt><dd>${routesOf(m)}</dd>
<dt>Path coverage</dt><dd>${coverageOf(coverage, m.id)}</dd>
<dt>Mutation score</dt><dd>${mutationOf(ledger, m.id)}</dd>
<dt>Details</dt><dd><a href="./${esc(m.id)}.md">${esc(m.id)}.md</a> (tables with actions and events) · <a href="./${esc(m.id)}.json">${esc(m.id)}.json</a></dd>
</dl>
${pictures.join('\n')}
<details><summary>States (${m.states.length})</summary>${statesTable(m)}</details>
<details><summary>Transitions (${m.transitions.length})</summary>${transitionsTable(m)}</details>
<p class="top"><a href="#contents">Back to the contents</a></p>
</section>`;
}

/** The whole page. */
export function page(input: PageInput): string {
  const link = (m: MachinePage) => `<li><a href="#m-${esc(m.id)}">${esc(m.id)}</a></li>`;
  const shared = input.machines.filter((m) => m.shared);
  const flows = input.machines.filter((m) => !m.shared).sort((a, b) => a.id.localeCompare(b.id));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Givedrop statecharts</title>
<!-- Generated by \`npm run statecharts\` (scripts/statecharts.ts). Do not edit by hand. -->
<link rel="stylesheet" href="./index.css">
</head>
<body>
<a class="skip" href="#main">Skip to the machines</a>
<header>
<h1>Givedrop statecharts</h1>
<p>Every flow of Givedrop is a statechart: the states a screen or a background task can be in, and what moves it from one to the next. Each machine below has its picture, its states and transitions in the specification's words, the routes that run it, how much of it the generated path tests cover and its mutation score.</p>
<p class="legend">How to read a picture: a box is a state, a box holding boxes is a state with steps inside it, the black dot is where it starts and the ringed dot where it ends. An arrow says what moves it and, in brackets, the condition it needs. A dashed box “any state” stands for every state around it: its arrows can be taken from any of them (for example, signing out).</p>
</header>
<div class="layout">
<nav id="contents" aria-label="Machines">
<h2>App-wide</h2><ul>${shared.map(link).join('')}</ul>
<h2>Flows</h2><ul>${flows.map(link).join('')}</ul>
<h2>Also</h2><ul><li><a href="./routes.md">Route table</a></li><li><a href="./README.md">Markdown index</a></li></ul>
</nav>
<main id="main">
${[...shared, ...flows].map((m) => section(m, input.coverage, input.ledger)).join('\n')}
</main>
</div>
<footer><p class="muted">Generated from the machines in src/ by <code>npm run statecharts</code>; <code>npm run statecharts:check</code> keeps it fresh.</p></footer>
</body>
</html>
`;
}
