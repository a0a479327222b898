/**
 * The event-loop watchdog ends a process whose main thread is stuck (a hung synchronous PGlite
 * call): even SIGTERM, whose handler never runs then, is followed by the end of the process.
 */
import { describe, expect, it } from 'vitest';
import { runTsx } from './support/serverProcess';

describe('the event-loop watchdog', () => {
  it('kills a process whose event loop is blocked, within its limit, SIGTERM or not', async () => {
    const blocked = runTsx(['tests/server/support/blockEventLoop.ts', '1500'], {});
    await blocked.waitFor('blocking');
    blocked.child.kill('SIGTERM');
    // The watchdog's limit is 1.5 s here; the ceiling only ends a test whose process never ends
    // (without the watchdog, the blocked process would run its loop for ever).
    const exit = await blocked.exitWithin(60_000);
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(blocked.output()).toContain('Watchdog: the server has not run its event loop');
    expect(blocked.output()).not.toContain('SIGTERM handled');
  }, 180_000);
});
