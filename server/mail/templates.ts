/**
 * The identity mails: a verification code (or, for an address that has an account, a notice of
 * the signup attempt), an activation link, a password-reset link and an email-confirmation link,
 * and the invitation to an organisation. Each has a plain-text and an HTML body; everything a
 * person typed (their name, an inviter's message) is HTML-escaped in the HTML body, and an
 * inviter's message is quoted as theirs. Emailed links are on a line of their own in the
 * text body, so they can be read back with a simple pattern.
 */
import type { OutgoingMail } from './mailer';

const SITE_NAME = 'Givedrop';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Names go into the mail on one line: control characters (line breaks, tabs) become spaces. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** A block of the HTML body other than a paragraph (already HTML: escape what it quotes). */
interface HtmlBlock {
  block: string;
}

function htmlDocument(title: string, paragraphs: (string | HtmlBlock)[]): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1b1b1b">',
    ...paragraphs.map((paragraph) =>
      typeof paragraph === 'string' ? `<p>${paragraph}</p>` : paragraph.block,
    ),
    `<p style="color: #555">${SITE_NAME}</p>`,
    '</body></html>',
  ].join('\n');
}

const htmlLink = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
const greeting = (firstName: string) => `Hello ${oneLine(firstName)},`;

export interface LinkMailInput {
  to: string;
  firstName: string;
  link: string;
}

export function verificationCodeMail(input: {
  to: string;
  code: string;
  expiresInMinutes: number;
}): OutgoingMail {
  const subject = `Your ${SITE_NAME} verification code`;
  const expiry = `It expires in ${input.expiresInMinutes} minutes.`;
  const ignore = 'If you did not ask for this code, you can ignore this email.';
  return {
    to: input.to,
    subject,
    text: [
      `Your ${SITE_NAME} verification code is: ${input.code}`,
      '',
      `Enter this code to verify your email address. ${expiry}`,
      '',
      ignore,
    ].join('\n'),
    html: htmlDocument(subject, [
      `Your ${SITE_NAME} verification code is: <strong>${escapeHtml(input.code)}</strong>`,
      `Enter this code to verify your email address. ${expiry}`,
      ignore,
    ]),
  };
}

/**
 * Sent instead of a verification code when a signup (or a change of address) asks to verify an
 * address that already has an account: the caller is answered as for any address, so only the
 * mailbox's owner learns that the account exists, and what to do.
 */
export function signupAttemptMail(input: {
  to: string;
  firstName: string;
  signInLink: string;
  resetLink: string;
}): OutgoingMail {
  const subject = `Someone tried to sign up to ${SITE_NAME} with your email address`;
  const hello = greeting(input.firstName);
  const intro = `Someone asked for a ${SITE_NAME} verification code to create an account with this email address, which already has an account.`;
  const signIn = 'If it was you, you already have an account: sign in here';
  const reset = 'or, if you do not remember your password, reset it here';
  const ignore = 'If it was not you, you can ignore this email: nothing has changed.';
  return {
    to: input.to,
    subject,
    text: [
      hello,
      '',
      intro,
      '',
      `${signIn}:`,
      input.signInLink,
      '',
      `${reset}:`,
      input.resetLink,
      '',
      ignore,
    ].join('\n'),
    html: htmlDocument(subject, [
      escapeHtml(hello),
      escapeHtml(intro),
      `${escapeHtml(signIn)}: ${htmlLink(input.signInLink)}`,
      `${escapeHtml(reset)}: ${htmlLink(input.resetLink)}`,
      escapeHtml(ignore),
    ]),
  };
}

function linkMail(
  input: LinkMailInput,
  subject: string,
  intro: string,
  expiry: string,
  outro?: string,
): OutgoingMail {
  const hello = greeting(input.firstName);
  return {
    to: input.to,
    subject,
    text: [hello, '', intro, '', input.link, '', expiry, ...(outro ? ['', outro] : [])].join('\n'),
    html: htmlDocument(subject, [
      escapeHtml(hello),
      escapeHtml(intro),
      htmlLink(input.link),
      escapeHtml(expiry),
      ...(outro ? [escapeHtml(outro)] : []),
    ]),
  };
}

export function activationMail(input: LinkMailInput & { expiresInDays: number }): OutgoingMail {
  return linkMail(
    input,
    `Activate your ${SITE_NAME} account`,
    `Thank you for signing up to ${SITE_NAME}. Activate your account by opening this link:`,
    `The link expires in ${input.expiresInDays} days and can be used once.`,
  );
}

export function passwordResetMail(
  input: LinkMailInput & { expiresInMinutes: number },
): OutgoingMail {
  return linkMail(
    input,
    `Reset your ${SITE_NAME} password`,
    `We received a request to reset the password of your ${SITE_NAME} account. Set a new password by opening this link:`,
    `The link expires in ${input.expiresInMinutes} minutes and can be used once.`,
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  );
}

export function emailConfirmationMail(
  input: LinkMailInput & { expiresInDays: number },
): OutgoingMail {
  return linkMail(
    input,
    `Confirm your ${SITE_NAME} email address`,
    `Please confirm that ${input.to} is your email address by opening this link:`,
    `The link expires in ${input.expiresInDays} days and can be used once.`,
  );
}

export interface InvitationMailInput {
  to: string;
  firstName: string;
  /** The full name of the Administrator who invited them. */
  inviterName: string;
  organisationName: string;
  /** The inviter's optional message ('' for none). */
  message: string;
  link: string;
  expiresInDays: number;
}

/** The lines of a message someone typed: its line breaks kept, other control characters spaces. */
function messageLines(value: string): string[] {
  return (
    value
      .trim()
      .split(/\r\n|\r|\n/)
      // eslint-disable-next-line no-control-regex
      .map((line) => line.replace(/[\u0000-\u001f\u007f]+/g, ' ').trimEnd())
  );
}

/**
 * The inviter's message as their quoted words, never as the platform's text: attributed
 * ('{inviter} wrote:'), quoted ('> ' before each line of the text body, a blockquote of escaped
 * text in the HTML body) and followed by a note that the platform did not write it.
 */
function quotedMessage(inviter: string, message: string): { text: string[]; html: HtmlBlock[] } {
  const author = inviter === '' ? 'The person who invited you' : inviter;
  const attribution = `${author} wrote:`;
  const note = `This message was written by ${author}, not by ${SITE_NAME}.`;
  const lines = messageLines(message);
  const quote = lines.map((line) => escapeHtml(line)).join('<br>');
  return {
    text: [attribution, ...lines.map((line) => (line === '' ? '>' : `> ${line}`)), '', note],
    html: [
      { block: `<p>${escapeHtml(attribution)}</p>` },
      {
        block:
          '<blockquote style="margin: 0 0 1em; padding: 0.25em 1em; border-left: 4px solid #b0b0b0; color: #333">' +
          `${quote}</blockquote>`,
      },
      { block: `<p style="color: #555; font-size: 0.9em">${escapeHtml(note)}</p>` },
    ],
  };
}

/**
 * An invitation to join an organisation (spec §2.3 Invitation): the inviter, the organisation, the
 * optional message (quoted as the inviter's words) and the link `{siteUrl}/invitation/{key}`, on a
 * line of its own.
 */
export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const inviter = oneLine(input.inviterName);
  const organisation = oneLine(input.organisationName);
  const subject = `${inviter} invited you to join ${organisation} on ${SITE_NAME}`;
  const hello = greeting(input.firstName);
  const intro = `${inviter} has invited you to join ${organisation} on ${SITE_NAME}.`;
  const action = 'Accept or decline the invitation by opening this link:';
  const expiry = `The link expires in ${input.expiresInDays} days.`;
  const ignore = 'If you did not expect this invitation, you can ignore this email.';
  const quoted =
    input.message.trim() === '' ? { text: [], html: [] } : quotedMessage(inviter, input.message);
  return {
    to: input.to,
    subject,
    text: [hello, '', intro, '', ...quoted.text, ...(quoted.text.length > 0 ? [''] : [])]
      .concat([action, '', input.link, '', expiry, '', ignore])
      .join('\n'),
    html: htmlDocument(subject, [
      escapeHtml(hello),
      escapeHtml(intro),
      ...quoted.html,
      escapeHtml(action),
      htmlLink(input.link),
      escapeHtml(expiry),
      escapeHtml(ignore),
    ]),
  };
}
