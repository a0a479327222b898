import { useSelector } from '@xstate/react';
import type { AppSnapshot } from '../machines/appSelectors';
import { selectUser, type SessionSnapshot } from '../machines/sessionMachine';
import { useAppRuntime } from './appContext';

const selectSessionRef = (s: AppSnapshot) => s.children.session;
const selectUserOrNone = (s: SessionSnapshot | undefined) => (s ? selectUser(s) : null);

/** The signed-in user (null for a visitor), from the session actor. */
export function useSession() {
  const { actor } = useAppRuntime();
  const sessionRef = useSelector(actor, selectSessionRef);
  return { user: useSelector(sessionRef, selectUserOrNone) };
}
