import { AppErrorView } from '../../views/layouts/AppErrorView';

/**
 * /error: the application error screen, in the public layout (spec §2.1); Reload Page goes to /
 * (a full page load).
 */
export function ErrorScreen() {
  return <AppErrorView inLayout onReload={() => window.location.assign('/')} />;
}
