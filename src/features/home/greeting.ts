/**
 * The signed-in home's heading (issue 15): 'Welcome' for an account in its first session (signed
 * up for in this browser), 'Welcome back' for a returning one; with the first name when known.
 */
export function homeGreeting(firstName: string, isNewAccount: boolean): string {
  const greeting = isNewAccount ? 'Welcome' : 'Welcome back';
  const name = firstName.trim();
  return name === '' ? greeting : `${greeting}, ${name}`;
}
