import { StartSignupView } from '../../views/screens/StartSignupView';
import { usePageTitle } from '../pageTitle';

/** Start signup, /start-signup: choose the account type (the app signs the user out on load). */
export default function StartSignupScreen() {
  usePageTitle('Start Signup');
  return <StartSignupView />;
}
