import { describe, expect, it } from 'vitest';
import {
  compareLedger,
  countsOf,
  failuresOf,
  hashOf,
  parseLedger,
  scoreOfReport,
  serializeLedger,
  testsOf,
  type Ledger,
  type LedgerEntry,
} from '../../scripts/mutationLedger';

/** A made-up checkout: two flow machines, a factory one of them uses, their tests. */
function checkout(): Record<string, string> {
  return {
    'src/features/login/loginMachine.ts': "import { x } from '../../machines/callFactory';\n",
    'src/machines/configMachine.ts': 'export const configMachine = 1;\n',
    'src/machines/callFactory.ts': 'export const createCallMachine = 1;\n',
    'tests/features/login/loginMachine.test.ts': 'login paths\n',
    'tests/machines/configMachine.test.ts': 'config paths\n',
    'tests/machines/descriptions.test.ts': 'descriptions\n',
  };
}
const MACHINES = [
  'src/features/login/loginMachine.ts',
  'src/machines/callFactory.ts',
  'src/machines/configMachine.ts',
];

function fs(files: Record<string, string>) {
  const read = (f: string) => {
    const text = files[f];
    if (text === undefined) throw new Error(`ENOENT ${f}`);
    return text;
  };
  return { read, exists: (f: string) => f in files };
}

/** The ledger a measure of `files` would write, each machine at `score`. */
function measuredLedger(files: Record<string, string>, score = 90): Ledger {
  const { read } = fs(files);
  const machines: Record<string, LedgerEntry> = {};
  for (const file of MACHINES) {
    const tests = testsOf(file, MACHINES, read);
    machines[file] = {
      machineIds: [file],
      score,
      killed: 9,
      timeout: 0,
      survived: 1,
      noCoverage: 0,
      hash: hashOf(file, tests, read),
      tests,
      measured: '2026-11-29',
    };
  }
  return { machines };
}

const freshnessOf = (ledger: Ledger, files: Record<string, string>, machines = MACHINES) => {
  const { read, exists } = fs(files);
  const state = compareLedger(ledger, machines, read, exists);
  return Object.fromEntries(state.machines.map((m) => [m.file, m.freshness]));
};

describe('the mutation ledger: hash', () => {
  it('covers the machine and the tests Stryker runs for it, a factory its instances’ tests', () => {
    const { read } = fs(checkout());
    expect(testsOf('src/features/login/loginMachine.ts', MACHINES, read)).toEqual([
      'tests/features/login/loginMachine.test.ts',
      'tests/machines/descriptions.test.ts',
    ]);
    expect(testsOf('src/machines/callFactory.ts', MACHINES, read)).toEqual([
      'tests/features/login/loginMachine.test.ts',
      'tests/machines/descriptions.test.ts',
    ]);
  });

  it('is "sha256:<hex>", the same for the same bytes whatever the order of the tests', () => {
    const { read } = fs(checkout());
    const a = hashOf(
      'src/machines/configMachine.ts',
      ['tests/machines/configMachine.test.ts', 'tests/machines/descriptions.test.ts'],
      read,
    );
    const b = hashOf(
      'src/machines/configMachine.ts',
      ['tests/machines/descriptions.test.ts', 'tests/machines/configMachine.test.ts'],
      read,
    );
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(b).toBe(a);
  });

  it('changes when bytes move from one file to the next', () => {
    const files = checkout();
    const before = hashOf(
      'src/machines/configMachine.ts',
      ['tests/machines/configMachine.test.ts'],
      fs(files).read,
    );
    files['src/machines/configMachine.ts'] += 'c';
    files['tests/machines/configMachine.test.ts'] =
      files['tests/machines/configMachine.test.ts']!.slice(1);
    const after = hashOf(
      'src/machines/configMachine.ts',
      ['tests/machines/configMachine.test.ts'],
      fs(files).read,
    );
    expect(after).not.toBe(before);
  });
});

describe('the mutation ledger: staleness', () => {
  // Each row: the test file given one more path after measuring (none), and each machine's
  // freshness then (login, callFactory, config).
  it.each([
    ['finds every machine fresh right after measuring', null, ['fresh', 'fresh', 'fresh']],
    [
      'makes a machine stale when one of its test files changes, and no other machine',
      'tests/machines/configMachine.test.ts',
      ['fresh', 'fresh', 'stale'],
    ],
    [
      "makes a factory stale when an instance's tests change",
      'tests/features/login/loginMachine.test.ts',
      ['stale', 'stale', 'fresh'],
    ],
  ] as const)('%s', (_title, changedTest, [login, callFactory, config]) => {
    const files = checkout();
    const ledger = measuredLedger(files);
    if (changedTest !== null) files[changedTest] += 'one more path\n';
    expect(freshnessOf(ledger, files)).toEqual({
      'src/features/login/loginMachine.ts': login,
      'src/machines/callFactory.ts': callFactory,
      'src/machines/configMachine.ts': config,
    });
  });

  it('makes every machine stale when a test they all run changes, and a changed machine stale', () => {
    const files = checkout();
    const ledger = measuredLedger(files);
    files['src/machines/configMachine.ts'] += '// a comment\n';
    expect(freshnessOf(ledger, files)['src/machines/configMachine.ts']).toBe('stale');
    files['tests/machines/descriptions.test.ts'] += 'another\n';
    expect(new Set(Object.values(freshnessOf(ledger, files)))).toEqual(new Set(['stale']));
  });

  it('finds a machine with no entry missing', () => {
    const files = checkout();
    const ledger = measuredLedger(files);
    delete ledger.machines['src/machines/configMachine.ts'];
    expect(freshnessOf(ledger, files)['src/machines/configMachine.ts']).toBe('missing');
  });
});

describe('the mutation ledger: verdict', () => {
  const stateOf = (ledger: Ledger, files: Record<string, string>, machines = MACHINES) => {
    const { read, exists } = fs(files);
    return compareLedger(ledger, machines, read, exists);
  };

  it('passes when every machine is fresh at 85 % or more', () => {
    const files = checkout();
    expect(failuresOf(stateOf(measuredLedger(files, 85), files), new Map())).toEqual([]);
  });

  it('fails when a fresh entry scores below 85 %', () => {
    const files = checkout();
    const ledger = measuredLedger(files);
    ledger.machines['src/machines/configMachine.ts']!.score = 84.99;
    expect(failuresOf(stateOf(ledger, files), new Map())).toEqual([
      'src/machines/configMachine.ts scores 84.99 %, below 85 %.',
    ]);
  });

  it('fails when a re-measured machine scores below 85 %, passes when it scores 85 % or more', () => {
    const files = checkout();
    const ledger = measuredLedger(files);
    files['tests/machines/configMachine.test.ts'] += 'changed\n';
    const state = stateOf(ledger, files);
    expect(failuresOf(state, new Map([['src/machines/configMachine.ts', 80]]))).toEqual([
      'src/machines/configMachine.ts scores 80.00 %, below 85 %.',
    ]);
    expect(failuresOf(state, new Map([['src/machines/configMachine.ts', 85]]))).toEqual([]);
  });

  it('fails on a stale or missing machine left unmeasured, except in a dry run', () => {
    const files = checkout();
    const ledger = measuredLedger(files);
    files['tests/machines/configMachine.test.ts'] += 'changed\n';
    delete ledger.machines['src/features/login/loginMachine.ts'];
    const state = stateOf(ledger, files);
    expect(failuresOf(state, new Map())).toEqual([
      'src/features/login/loginMachine.ts is missing in the ledger and was not measured.',
      'src/machines/configMachine.ts is stale in the ledger and was not measured.',
    ]);
    expect(failuresOf(state, new Map(), 85, { unmeasuredFails: false })).toEqual([]);
  });

  it('fails when the ledger names a machine file that was removed, even in a dry run', () => {
    const files = checkout();
    const ledger = measuredLedger(files);
    delete files['src/machines/configMachine.ts'];
    delete files['tests/machines/configMachine.test.ts'];
    const state = stateOf(
      ledger,
      files,
      MACHINES.filter((m) => m !== 'src/machines/configMachine.ts'),
    );
    expect(state.removed).toEqual(['src/machines/configMachine.ts']);
    const failure =
      'docs/mutation-ledger.json names src/machines/configMachine.ts, which is no machine file any more.';
    expect(failuresOf(state, new Map())).toEqual([failure]);
    expect(failuresOf(state, new Map(), 85, { unmeasuredFails: false })).toEqual([failure]);
  });

  it('fails when a machine has no path tests', () => {
    const files = checkout();
    delete files['tests/machines/configMachine.test.ts'];
    const state = stateOf(measuredLedger(checkout()), files);
    expect(failuresOf(state, new Map())).toEqual([
      'src/machines/configMachine.ts has no path tests at tests/machines/configMachine.test.ts.',
    ]);
  });
});

describe('the mutation ledger: file', () => {
  it('is deterministic: keys sorted at every level, 2-space JSON, a trailing newline', () => {
    const ledger = measuredLedger(checkout());
    const reversed: Ledger = {
      machines: Object.fromEntries(
        Object.entries(ledger.machines)
          .reverse()
          .map(([k, v]) => [k, Object.fromEntries(Object.entries(v).reverse()) as LedgerEntry]),
      ),
    };
    const text = serializeLedger(ledger);
    expect(serializeLedger(reversed)).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "machines": {');
    expect(Object.keys(parseLedger(text).machines)).toEqual([...MACHINES].sort());
    expect(text.indexOf('"hash"')).toBeLessThan(text.indexOf('"killed"'));
  });

  it('scores as Stryker does: detected / (detected + undetected), errors and ignored apart', () => {
    expect(
      countsOf([
        'Killed',
        'Killed',
        'Timeout',
        'Survived',
        'NoCoverage',
        'Ignored',
        'CompileError',
      ]),
    ).toEqual({ score: 60, killed: 2, timeout: 1, survived: 1, noCoverage: 1 });
    expect(countsOf(['Killed', 'Killed', 'Survived'])).toEqual({
      score: 66.67,
      killed: 2,
      timeout: 0,
      survived: 1,
      noCoverage: 0,
    });
    expect(countsOf(['Ignored']).score).toBeNull();
  });

  it("reads a Stryker JSON report's score", () => {
    const mutants = (statuses: string[]) => statuses.map((status, id) => ({ id: `${id}`, status }));
    const report = {
      schemaVersion: '1',
      files: {
        'src/machines/configMachine.ts': {
          source: '',
          mutants: mutants(['Killed', 'Killed', 'Killed', 'Survived', 'Ignored']),
        },
      },
    };
    expect(scoreOfReport(JSON.stringify(report))).toBe(75);
  });
});
