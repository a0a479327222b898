import { FullScreen } from '../components/FullScreen';
import { LoadingIndicator } from '../components/LoadingIndicator';

export interface LoadingScreenViewProps {
  /** Defaults to 'Loading, please wait...'; the app passes 'Loading...' while authentication loads. */
  text?: string;
}

/** A full-screen loading indicator (spec §2.1), shown on its own, outside the layouts. */
export function LoadingScreenView({ text }: LoadingScreenViewProps) {
  return (
    <FullScreen brand>
      <LoadingIndicator variant="page" {...(text !== undefined ? { text } : {})} />
    </FullScreen>
  );
}
