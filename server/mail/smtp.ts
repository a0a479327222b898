/** Delivery through an SMTP server (SMTP_URL), with nodemailer. */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Time allowed to connect and to hand a mail over, so a dead server fails the call quickly. */
const SMTP_TIMEOUT_MS = 15_000;

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    url: url.href,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
