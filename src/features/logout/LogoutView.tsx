import { FullScreen } from '../../views/components/FullScreen';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';

export type LogoutViewProps = Record<string, never>;

/** The Logout screen (spec §2.3): 'Logging out...' in a live region while the session ends. */
export function LogoutView() {
  return (
    <FullScreen brand>
      <LoadingIndicator variant="page" text="Logging out..." />
    </FullScreen>
  );
}
