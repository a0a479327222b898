import { useSelector } from '@xstate/react';
import type { AppSnapshot } from '../../machines/appSelectors';
import {
  selectConfigAttempt,
  selectConfigError,
  selectConfigFailed,
  type ConfigSnapshot,
} from '../../machines/configMachine';
import { InitializingView } from '../../views/layouts/InitializingView';
import { useAppRuntime } from '../appContext';
import { useLandingShellGone } from '../landingShell/useLandingShellGone';

const selectConfigRef = (s: AppSnapshot) => s.children.config;
const orNull =
  <T,>(select: (s: ConfigSnapshot) => T) =>
  (s: ConfigSnapshot | undefined) =>
    s ? select(s) : null;
const selectError = orNull(selectConfigError);
const selectAttempt = orNull(selectConfigAttempt);
const selectFailed = orNull(selectConfigFailed);

/**
 * While the configuration loads: 'Loading...', then the spec's startup error texts; the
 * Reload Application button goes to / (spec §2.1).
 */
export function InitializingScreen() {
  const { actor } = useAppRuntime();
  const configRef = useSelector(actor, selectConfigRef);
  const error = useSelector(configRef, selectError);
  const attempt = useSelector(configRef, selectAttempt);
  const failed = useSelector(configRef, selectFailed) ?? false;
  // The start-up shell of `/` stays while the configuration loads, not over its failure.
  useLandingShellGone(error !== null || failed);
  return (
    <InitializingView
      attempt={attempt}
      error={error}
      final={failed}
      onReload={() => window.location.assign('/')}
    />
  );
}
