/**
 * A short-lived memory of live sessions in front of {@link isSessionLive}: the check on every
 * authenticated call was one database lookup per call, which cut the feed's throughput to about a
 * quarter (npm run bench:feed: page 1 from 4,794 to 1,093 requests/s). A session found live is
 * trusted for `ttlMs`, unless this process ends any session meanwhile (sign-out, a password
 * reset, reuse detection, a tenant switch): then every entry is looked up again, so an ending in
 * this process applies at once. An ending through another server process applies within `ttlMs`
 * (issue 13 item 7 adds the cross-process notice). Ended sessions are never remembered.
 */
import { sessionsEndedCount } from './refreshTokens';

/** How long a session found live is trusted without looking again. */
export const LIVE_SESSION_TTL_MS = 2_000;
/** Entries kept before the memory is emptied (it refills from the database). */
const MAX_ENTRIES = 100_000;

export class LiveSessionCache {
  private readonly entries = new Map<string, { until: number; generation: number }>();

  constructor(
    private readonly lookUp: (sessionId: string) => Promise<boolean>,
    private readonly now: () => Date,
    private readonly ttlMs = LIVE_SESSION_TTL_MS,
  ) {}

  async isLive(sessionId: string): Promise<boolean> {
    const generation = sessionsEndedCount();
    const at = this.now().getTime();
    const known = this.entries.get(sessionId);
    if (known !== undefined && known.generation === generation && known.until > at) return true;
    const live = await this.lookUp(sessionId);
    // An ending that began while the lookup ran may not be visible to it: not remembered then.
    if (live && sessionsEndedCount() === generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(sessionId, { until: at + this.ttlMs, generation });
    } else {
      this.entries.delete(sessionId);
    }
    return live;
  }
}
