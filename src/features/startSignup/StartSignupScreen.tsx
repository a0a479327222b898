import { StartSignupView } from './StartSignupView';

/** Start signup, /start-signup: choose the account type (the app signs the user out on load). */
export function StartSignupScreen() {
  return <StartSignupView />;
}
