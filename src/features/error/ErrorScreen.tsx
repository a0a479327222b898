import { AppErrorView } from '../../views/layouts/AppErrorView';

/** /error: the application error screen; Reload Page goes to / (a full page load). */
export function ErrorScreen() {
  return <AppErrorView onReload={() => window.location.assign('/')} />;
}
