/**
 * The development outbox: mail is stored in the database (so it survives restarts) instead of
 * being delivered, and read back newest first at GET /api/dev/mail and /api/dev/mail/page.
 */
import { desc, eq } from 'drizzle-orm';
import type { OutboxMail } from '../../contract/devMail';
import type { Database } from '../db/database';
import { devOutboxMails } from '../db/schema';
import type { Mailer } from './mailer';

/** How many of the newest mails a listing returns. */
export const OUTBOX_LIST_LIMIT = 200;

export function createOutboxMailer(db: Database, now: () => Date): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(devOutboxMails).values({ ...mail, sentAt: now() });
    },
  };
}

/** The newest mails first, optionally only those sent to `to` (any letter case). */
export async function listOutbox(db: Database, to?: string): Promise<OutboxMail[]> {
  const rows = await db
    .select()
    .from(devOutboxMails)
    .where(to === undefined ? undefined : eq(devOutboxMails.to, to.trim().toLowerCase()))
    .orderBy(desc(devOutboxMails.id))
    .limit(OUTBOX_LIST_LIMIT);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    sentAt: row.sentAt.toISOString(),
  }));
}
