import { AppErrorView } from '../../views/screens/AppErrorView';
import { usePageTitle } from '../pageTitle';

/** /error: the application error screen; Reload Page goes to /. */
export function ErrorScreen() {
  usePageTitle('Error');
  return <AppErrorView onReload={() => window.location.assign('/')} />;
}
