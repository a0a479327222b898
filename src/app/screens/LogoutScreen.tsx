import { LogoutView } from '../../views/screens/LogoutView';
import { usePageTitle } from '../pageTitle';

/** /logout and /auth/logout: the app machine signs out and goes to / (spec §2.3 Logout). */
export function LogoutScreen() {
  usePageTitle('Logging out');
  return <LogoutView />;
}
