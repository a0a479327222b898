/**
 * Notices of other processes' writes without a database, for the memories that follow them: a
 * notice is handed over at once (`notify`), or is on its way until the next caughtUp() (`send`),
 * as a real one may still be when a write has committed.
 */
import type { ChangeNotices, NoticeChannel } from '../../../server/db/notices';

export class FakeNotices implements ChangeNotices {
  /** What caughtUp() answers (false: not listening). */
  listening = true;
  /** caughtUp() calls so far. */
  catchUps = 0;
  private readonly handlers = new Map<NoticeChannel, ((payload: string) => void)[]>();
  private readonly gapHandlers: (() => void)[] = [];
  private onTheWay: [NoticeChannel, string][] = [];

  on(channel: NoticeChannel, handler: (payload: string) => void): void {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  onGap(handler: () => void): void {
    this.gapHandlers.push(handler);
  }

  /** A notice handed over now. */
  notify(channel: NoticeChannel, payload = ''): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  /** A notice on its way: handed over by the next caughtUp() that answers true. */
  send(channel: NoticeChannel, payload = ''): void {
    this.onTheWay.push([channel, payload]);
  }

  gap(): void {
    for (const handler of this.gapHandlers) handler();
  }

  async caughtUp(): Promise<boolean> {
    this.catchUps += 1;
    await Promise.resolve();
    if (!this.listening) return false;
    const arrived = this.onTheWay;
    this.onTheWay = [];
    for (const [channel, payload] of arrived) this.notify(channel, payload);
    return true;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}
}
