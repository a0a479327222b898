/**
 * The path report QA reads (scripts/pathReport.ts, scripts/coverage-paths.ts --report-only): built
 * from hand-made records and a hand-made reports/paths/e2e.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  e2eLines,
  machineReport,
  pathCoverage,
  reportHtml,
  type E2eReport,
} from '../../scripts/pathReport';
import type { CoverageRecord, PathsFile } from '../support/pathHarness';

const coverage: CoverageRecord = {
  machine: 'tiny',
  states: {
    reached: ['tiny', 'tiny.editing', 'tiny.submitting', 'tiny.failed'],
    all: ['tiny', 'tiny.editing', 'tiny.submitting', 'tiny.failed'],
  },
  transitions: {
    reached: ['tiny.editing | form.submit | #0', 'tiny.submitting | xstate.error.actor.login | #0'],
    all: ['tiny.editing | form.submit | #0', 'tiny.submitting | xstate.error.actor.login | #0'],
  },
  paths: 2,
};

const suite: PathsFile = {
  machine: 'tiny',
  file: 'tests/features/tiny/tinyMachine.test.ts',
  suite: 'tiny machine: generated paths',
  paths: [
    {
      name: 'editing (initial state)',
      start: 'editing',
      startSpec: { value: 'editing', tags: { busy: false }, done: false },
      steps: [],
      ok: true,
      states: ['tiny', 'tiny.editing'],
      transitions: [],
    },
    {
      name: 'editing —form.submit→ submitting —login failed→ failed',
      start: 'editing',
      steps: [
        {
          from: 'editing',
          event: 'form.submit',
          type: 'form.submit',
          payload: '{"email":"<a@x>"}',
          to: 'submitting',
          spec: { value: 'submitting', tags: { busy: true }, shown: { busy: true } },
        },
        {
          from: 'submitting',
          event: 'login failed',
          type: 'xstate.error.actor.login',
          to: 'failed',
          spec: { value: 'failed', tags: { busy: false } },
        },
      ],
      ok: true,
      states: ['tiny', 'tiny.editing', 'tiny.submitting', 'tiny.failed'],
      transitions: [
        'tiny.editing | form.submit | #0',
        'tiny.submitting | xstate.error.actor.login | #0',
      ],
    },
  ],
};

const e2e: E2eReport = {
  tiny: {
    states: { reached: ['tiny', 'tiny.editing', 'tiny.submitting'], all: coverage.states.all },
    transitions: {
      reached: ['tiny.editing | form.submit | #0'],
      all: coverage.transitions.all,
    },
  },
};

describe('the path report', () => {
  const report = { tiny: machineReport('tiny', coverage, [suite]) };

  it('lists, for every state and transition, the paths that reach it', () => {
    expect(report.tiny.reachedBy.states['tiny.failed']).toEqual([
      'editing —form.submit→ submitting —login failed→ failed',
    ]);
    expect(report.tiny.reachedBy.states['tiny.editing']).toHaveLength(2);
    expect(report.tiny.reachedBy.transitions['tiny.editing | form.submit | #0']).toEqual([
      'editing —form.submit→ submitting —login failed→ failed',
    ]);
    expect(report.tiny.paths.map((p) => p.id)).toEqual(['tiny-p1', 'tiny-p2']);
  });

  it('writes the committed figures deterministically', () => {
    expect(pathCoverage([coverage])).toEqual({
      tiny: { states: { reached: 4, all: 4 }, transitions: { reached: 2, all: 2 }, paths: 2 },
    });
  });

  it('shows each path as a readable sequence with what was asserted, escaped', () => {
    const html = reportHtml(report);
    expect(html).toContain('<html lang="en">');
    expect(html).not.toMatch(/<script|<link|https?:\/\//);
    expect(html).toContain(
      '<summary>editing —form.submit→ submitting —login failed→ failed</summary>',
    );
    expect(html).toContain('state submitting · tags busy: yes · running · shown');
    expect(html).toContain('&lt;a@x&gt;');
    expect(html).toContain('href="#tiny-p2"');
    expect(html).toContain('No e2e figures');
  });

  it('shows the e2e figures beside the unit ones, and what no e2e test reaches', () => {
    const html = reportHtml(report, e2e);
    expect(html).toContain('e2e states 3/4 (75.0 %)');
    expect(html).toContain('e2e transitions 1/2 (50.0 %)');
    const missing = html.slice(html.indexOf('Not reached by any e2e test'));
    expect(missing).toContain('<code>tiny.failed</code>');
    expect(missing).toContain('<code>tiny.submitting | xstate.error.actor.login | #0</code>');
    expect(missing).not.toContain('<code>tiny.editing</code>');
    expect(e2eLines(report, e2e)).toEqual([
      'machine  unit states    e2e states    unit transitions  e2e transitions',
      'tiny     4/4 (100.0 %)  3/4 (75.0 %)  2/2 (100.0 %)     1/2 (50.0 %)',
    ]);
  });

  it('is rewritten from paths.json and e2e.json by --report-only, without running tests', () => {
    const dir = mkdtempSync(path.join(inject('tempRoot'), 'report-'));
    mkdirSync(path.join(dir, 'reports/paths'), { recursive: true });
    writeFileSync(path.join(dir, 'reports/paths/paths.json'), JSON.stringify(report));
    writeFileSync(path.join(dir, 'reports/paths/e2e.json'), JSON.stringify(e2e));
    const run = spawnSync(
      process.execPath,
      [
        path.resolve('node_modules/tsx/dist/cli.mjs'),
        path.resolve('scripts/coverage-paths.ts'),
        '--report-only',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('tiny     4/4 (100.0 %)  3/4 (75.0 %)');
    const html = readFileSync(path.join(dir, 'reports/paths/index.html'), 'utf8');
    expect(html).toContain('e2e transitions 1/2 (50.0 %)');
  });
});
