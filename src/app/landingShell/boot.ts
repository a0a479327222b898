import type { AppStorage } from '../../services/storage';
import { userFromToken } from '../../services/token';
import { homeGreeting } from '../../features/home/greeting';
import { LANDING_SHELL_ID, MEMBER_TEMPLATE_ID, VISITOR_TEMPLATE_ID } from './shellDom';

export type ShellShown = 'visitor' | 'member' | null;

/**
 * The inline script of `/` (shellDom.ts): shows the visitor's shell, or, when a session is
 * stored, the signed-in person's with their greeting (the home's own rule, homeGreeting, from
 * the stored token's first name and the storage's new-account mark). Shows nothing when the page
 * has no shell or a template is missing; the app then renders as it would without one.
 */
export function bootLandingShell(
  doc: Document,
  storage: Pick<AppStorage, 'readAuthSession' | 'newAccount'>,
): ShellShown {
  const shell = doc.getElementById(LANDING_SHELL_ID);
  if (shell === null) return null;
  const session = storage.readAuthSession();
  const user = session === null ? null : userFromToken(session.jwtToken);
  const template = doc.getElementById(user === null ? VISITOR_TEMPLATE_ID : MEMBER_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return null;
  const content = template.content.cloneNode(true) as DocumentFragment;
  if (user !== null) {
    const heading = content.querySelector('h1');
    if (heading === null) return null;
    heading.textContent = homeGreeting(user.firstName, storage.newAccount.is(user.email));
  }
  shell.replaceChildren(content);
  return user === null ? 'visitor' : 'member';
}
