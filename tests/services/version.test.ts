import { describe, expect, it, vi } from 'vitest';
import { compareVersions, createReloadFlag, isNewerVersion } from '../../src/services/version';

describe('compareVersions (dotted-number comparison, spec §5)', () => {
  it.each([
    ['1.0.10', '1.0.9', 1],
    ['1.0.9', '1.0.10', -1],
    ['1.1', '1.0.1', 1],
    ['1.0.1', '1.1', -1],
    ['1.0.1', '1.0.1', 0],
    ['1.0', '1.0.0', 0],
    ['1', '1.0.0.0', 0],
    ['1.0.0.1', '1.0', 1],
    ['2', '1.99.99', 1],
    ['1.0.x', '1.0.0', 0],
    ['1.0.x', '1.0.1', -1],
    ['1.a.2', '1.0.1', 1],
    ['v2.0.0', '1.0.0', -1],
    ['', '0', 0],
    ['', '0.0.1', -1],
    [' 1 . 0 . 2 ', '1.0.1', 1],
    ['1.0.-1', '1.0.0', 0],
    ['10.0.0', '9.0.0', 1],
  ] as const)('%s vs %s -> %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('isNewerVersion is true only for strictly newer', () => {
    expect(isNewerVersion('1.0.2', '1.0.1')).toBe(true);
    expect(isNewerVersion('1.0.1', '1.0.1')).toBe(false);
    expect(isNewerVersion('1.0.0', '1.0.1')).toBe(false);
  });
});

describe('createReloadFlag', () => {
  it('starts clear, sets, clears', () => {
    const flag = createReloadFlag();
    expect(flag.isSet()).toBe(false);
    flag.set();
    expect(flag.isSet()).toBe(true);
    flag.clear();
    expect(flag.isSet()).toBe(false);
  });

  it('notifies subscribers once per clear -> set change, until unsubscribed', () => {
    const flag = createReloadFlag();
    const listener = vi.fn();
    const unsubscribe = flag.subscribe(listener);
    flag.set();
    flag.set();
    expect(listener).toHaveBeenCalledTimes(1);
    flag.clear();
    flag.set();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    flag.clear();
    flag.set();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('flags are independent (no module-level state)', () => {
    const a = createReloadFlag();
    const b = createReloadFlag();
    a.set();
    expect(b.isSet()).toBe(false);
  });
});
