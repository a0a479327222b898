import {
  selectGreetingFirstName,
  type DashboardInformationSnapshot,
} from '../../machines/dashboardInformationMachine';
import { homeGreeting } from './greeting';

// Apart from greeting.ts, which the landing shell's inline script imports (no xstate there).
/**
 * The home's heading: none for a visitor; for a signed-in person the greeting with the dashboard
 * information's first name once it has loaded (spec §7.2 getDashboardInformation), the session
 * token's until then, and 'Welcome' while their account is in its first session (the storage's
 * mark, `isNewAccount`).
 */
export function selectHomeTitle(
  s: DashboardInformationSnapshot,
  user: { firstName: string; email: string } | null,
  isNewAccount: (email: string) => boolean,
): string | undefined {
  if (user === null) return undefined;
  return homeGreeting(selectGreetingFirstName(s, user.firstName), isNewAccount(user.email));
}
