/**
 * Outgoing mail. One {@link Mailer} per server: SMTP (nodemailer) when SMTP_URL is set, otherwise
 * the development outbox kept in the database (readable at GET /api/dev/mail outside production).
 * In production without SMTP_URL mail cannot be delivered: it is dropped with a warning.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

/** A mail ready to send: plain text plus HTML (user content already escaped in the HTML). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type MailerKind = 'smtp' | 'outbox' | 'discard';

export interface Mailer {
  readonly kind: MailerKind;
  /** Sends (or stores) the mail; rejects when it could not be handed over. */
  send(mail: OutgoingMail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  production: boolean;
  db: Database;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Production without SMTP_URL: nothing can be delivered; warn once, never log the content. */
function createDiscardMailer(log: MailerOptions['log']): Mailer {
  let warned = false;
  return {
    kind: 'discard',
    async send() {
      if (warned) return;
      warned = true;
      log.warn('SMTP_URL is not set: outgoing mail (verification codes, links) is not delivered.');
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl !== undefined) return createSmtpMailer(options.smtpUrl, options.from);
  if (options.production) return createDiscardMailer(options.log);
  return createOutboxMailer(options.db, options.now);
}
