import {
  selectGreetingFirstName,
  type DashboardInformationSnapshot,
} from '../../machines/dashboardInformationMachine';

/**
 * The signed-in home's heading (issue 15): 'Welcome' for an account in its first session (signed
 * up for in this browser), 'Welcome back' for a returning one; with the first name when known.
 */
export function homeGreeting(firstName: string, isNewAccount: boolean): string {
  const greeting = isNewAccount ? 'Welcome' : 'Welcome back';
  const name = firstName.trim();
  return name === '' ? greeting : `${greeting}, ${name}`;
}

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
