import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../machines/appMachine';
import type { RateLimitWaits } from '../services/rateLimitWaits';
import type { ReloadFlag } from '../services/version';
import type { FlowEntries } from './appLogic';

export type AppActorRef = ActorRefFrom<typeof appMachine>;

export interface AppRuntime {
  actor: AppActorRef;
  reloadFlag: ReloadFlag;
  /** The long 429 waits going on, which a person may stop (spec §7.1). */
  rateLimitWaits: RateLimitWaits;
  clientVersion: string;
  /** The flows' loaded entries (their Screens). */
  entries: Pick<FlowEntries, 'get'>;
  /**
   * A flow's screen has been shown (the outlet calls it after each commit of one): the start-up
   * work that waits for the first render (loading the third parties) begins, once.
   */
  screenShown(): void;
}

export const AppRuntimeContext = createContext<AppRuntime | null>(null);

export function useAppRuntime(): AppRuntime {
  const runtime = useContext(AppRuntimeContext);
  if (!runtime) throw new Error('useAppRuntime outside <App>');
  return runtime;
}
