import { FullScreen } from '../../views/components/FullScreen';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';

/**
 * /brand-signup and /buyer-signup: shown for the moment the app signs out before it goes to
 * /start-signup (the generic loading text, spec §2.1).
 */
export function SignupEntryScreen() {
  return (
    <FullScreen brand>
      <LoadingIndicator variant="page" />
    </FullScreen>
  );
}
