/**
 * The development stand-in of Google's consent popup (served outside production when no Google
 * client id is configured). The page shows a form (email, first name, last name); its script
 * (a separate file: the CSP allows no inline script) posts the form to the same path, which
 * answers a single-use code, then posts `{type: 'givedrop-dev-oauth', code, state}` to
 * window.opener with the validated origin as target, and closes the window.
 */
import { escapeHtml } from '../mail/templates';

export const DEV_OAUTH_MESSAGE_TYPE = 'givedrop-dev-oauth';
/** The script's file name, next to the page (resolved relative to the page URL). */
export const CONSENT_SCRIPT_NAME = 'consent.js';

export const DEFAULT_DEV_IDENTITY = {
  email: 'dev.user@example.com',
  firstName: 'Dev',
  lastName: 'User',
} as const;

const STYLE = [
  'body { font-family: system-ui, sans-serif; margin: 0; padding: 1.5rem; color: #1b1b1b; }',
  'main { max-width: 24rem; margin: 0 auto; }',
  'h1 { font-size: 1.25rem; } p { color: #444; }',
  'label { display: block; margin-top: .75rem; font-weight: 600; }',
  'input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; margin-top: .25rem; }',
  '.actions { display: flex; gap: .5rem; margin-top: 1.25rem; }',
  'button { padding: .5rem 1rem; font: inherit; cursor: pointer; }',
  '#status { min-height: 1.5rem; }',
].join('\n');

export function renderConsentPage(input: { origin: string; state: string }): string {
  const field = (id: string, label: string, type: string, value: string, autocomplete: string) =>
    [
      `<label for="${id}">${label}</label>`,
      `<input id="${id}" name="${id}" type="${type}" value="${escapeHtml(value)}" required maxlength="1024" autocomplete="${autocomplete}">`,
    ].join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Sign in with Google (development stand-in)</title>',
    `<style>${STYLE}</style>`,
    `<script src="${CONSENT_SCRIPT_NAME}" defer></script>`,
    '</head><body>',
    `<main id="consent-page" data-origin="${escapeHtml(input.origin)}" data-state="${escapeHtml(input.state)}">`,
    '<h1>Sign in with Google (development stand-in)</h1>',
    `<p>No Google client id is configured, so this page stands in for Google. Choose who signs in to <strong>${escapeHtml(input.origin)}</strong>.</p>`,
    '<form id="consent-form">',
    field('email', 'Email', 'email', DEFAULT_DEV_IDENTITY.email, 'email'),
    field('firstName', 'First name', 'text', DEFAULT_DEV_IDENTITY.firstName, 'given-name'),
    field('lastName', 'Last name', 'text', DEFAULT_DEV_IDENTITY.lastName, 'family-name'),
    '<div class="actions">',
    '<button type="submit" id="continue">Continue</button>',
    '<button type="button" id="cancel">Cancel</button>',
    '</div>',
    '<p id="status" role="status" aria-live="polite"></p>',
    '</form></main></body></html>',
  ].join('\n');
}

export const CONSENT_SCRIPT = `'use strict';
(function () {
  var page = document.getElementById('consent-page');
  var form = document.getElementById('consent-form');
  var status = document.getElementById('status');
  var button = document.getElementById('continue');
  var origin = page.getAttribute('data-origin');
  var state = page.getAttribute('data-state');
  document.getElementById('cancel').addEventListener('click', function () {
    window.close();
  });
  function fail(text) {
    status.textContent = text;
    button.disabled = false;
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (!form.reportValidity()) return;
    button.disabled = true;
    status.textContent = 'Signing in...';
    var identity = {
      email: form.elements.email.value,
      firstName: form.elements.firstName.value,
      lastName: form.elements.lastName.value
    };
    fetch(window.location.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(identity)
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (result) {
        var data = result.body && result.body.data;
        if (!result.ok || !data || typeof data.code !== 'string') {
          var messages = (result.body && result.body.messages) || [];
          fail(messages.length > 0 ? messages.join(' ') : 'The sign-in failed, please try again.');
          return;
        }
        if (!window.opener) {
          fail('The window that opened this page is gone. Close this window and try again.');
          return;
        }
        window.opener.postMessage(
          { type: '${DEV_OAUTH_MESSAGE_TYPE}', code: data.code, state: state },
          origin
        );
        window.close();
      })
      .catch(function () {
        fail('The sign-in failed, please try again.');
      });
  });
})();
`;

export function renderConsentError(message: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<title>Sign in with Google (development stand-in)</title>',
    '</head><body>',
    `<main><h1>Sign-in cannot start</h1><p>${escapeHtml(message)}</p></main>`,
    '</body></html>',
  ].join('\n');
}
