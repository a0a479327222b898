/** The development outbox (GET /api/dev/mail, absent in production): newest first. */
import { array, object, string, type Infer } from 'superstruct';

export const OutboxMail = object({
  to: string(),
  subject: string(),
  text: string(),
  html: string(),
  /** ISO date-time. */
  sentAt: string(),
});
export type OutboxMail = Infer<typeof OutboxMail>;
export const Outbox = array(OutboxMail);

export const DEV_MAIL_PATH = '/api/dev/mail';
