/**
 * A short-lived memory of live sessions in front of {@link isSessionLive}: the check on every
 * authenticated call was one database lookup per call, which cut the feed's throughput to about a
 * quarter (npm run bench:feed: page 1 from 4,794 to 1,093 requests/s). A session found live is
 * trusted for `ttlMs`, unless this process ends any session meanwhile (sign-out, a password
 * reset, reuse detection, a tenant switch): then every entry is looked up again, so an ending in
 * this process applies at once. With several server processes on one PostgreSQL, the memory also
 * follows the notices of sessions ended through any process ({@link follow}) and catches up with
 * them before trusting an entry, so an ending through another process applies at once too.
 * Ended sessions are never remembered.
 */
import type { ChangeNotices } from '../../db/notices';
import { sessionsEndedCount } from './refreshTokens';

/** How long a session found live is trusted without looking again. */
export const LIVE_SESSION_TTL_MS = 2_000;
/** Entries kept before the memory is emptied (it refills from the database). */
const MAX_ENTRIES = 100_000;

export class LiveSessionCache {
  private readonly entries = new Map<string, { until: number; generation: number }>();
  private notices: ChangeNotices | undefined;
  /** Notices received: a lookup that one overtook is not remembered. */
  private noticed = 0;

  constructor(
    private readonly lookUp: (sessionId: string) => Promise<boolean>,
    private readonly now: () => Date,
    private readonly ttlMs = LIVE_SESSION_TTL_MS,
  ) {}

  /** Forgets a session on the notice of its ending through any process, and everything on a gap. */
  follow(notices: ChangeNotices): void {
    this.notices = notices;
    notices.on('sessions', (sessionId) => {
      this.noticed += 1;
      this.entries.delete(sessionId);
    });
    notices.onGap(() => {
      this.noticed += 1;
      this.entries.clear();
    });
  }

  async isLive(sessionId: string): Promise<boolean> {
    const at = this.now().getTime();
    if (this.knows(sessionId, at)) {
      if (this.notices === undefined) return true;
      // Every ending committed before now has been noticed (and forgotten), or nothing is known.
      if ((await this.notices.caughtUp()) && this.knows(sessionId, at)) return true;
    }
    const generation = sessionsEndedCount();
    const noticed = this.noticed;
    const live = await this.lookUp(sessionId);
    // An ending that began while the lookup ran may not be visible to it: not remembered then.
    if (live && sessionsEndedCount() === generation && this.noticed === noticed) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(sessionId, { until: at + this.ttlMs, generation });
    } else {
      this.entries.delete(sessionId);
    }
    return live;
  }

  private knows(sessionId: string, at: number): boolean {
    const known = this.entries.get(sessionId);
    return known !== undefined && known.generation === sessionsEndedCount() && known.until > at;
  }
}
