import { LogoutView } from './LogoutView';

/** /logout and /auth/logout: the app machine signs out and goes to / (spec §2.3 Logout). */
export function LogoutScreen() {
  return <LogoutView />;
}
