/** The development outbox as a simple HTML page (no script: the CSP allows none inline). */
import type { OutboxMail } from '../../contract/devMail';
import { escapeHtml } from './templates';

/** Text with its http(s) links made clickable; everything else escaped. */
function linkify(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return parts
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function mailItem(mail: OutboxMail): string {
  return [
    '<article>',
    `<h2>${escapeHtml(mail.subject)}</h2>`,
    `<p class="meta">To <strong>${escapeHtml(mail.to)}</strong> at <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></p>`,
    `<pre>${linkify(mail.text)}</pre>`,
    '<details><summary>HTML source</summary>',
    `<pre>${escapeHtml(mail.html)}</pre>`,
    '</details>',
    '</article>',
  ].join('\n');
}

export function renderOutboxPage(mails: OutboxMail[]): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Development outbox</title>',
    '<style>',
    'body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #1b1b1b; }',
    'article { border: 1px solid #ccc; border-radius: 8px; padding: 1rem; margin: 1rem 0; }',
    'h2 { font-size: 1.1rem; margin: 0 0 .25rem; } .meta { color: #555; margin: 0 0 .5rem; }',
    'pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: .75rem; }',
    '</style></head><body>',
    '<h1>Development outbox</h1>',
    '<p>Mail the server would have sent, newest first (also as JSON at <a href="../mail">/api/dev/mail</a>). Reload to see new mail.</p>',
    mails.length === 0 ? '<p>No mail yet.</p>' : mails.map(mailItem).join('\n'),
    '</body></html>',
  ].join('\n');
}
