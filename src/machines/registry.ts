import type { AnyStateMachine } from 'xstate';
import { appMachine } from './appMachine';
import { configMachine } from './configMachine';
import { loginMachine } from './loginMachine';
import { sessionMachine } from './sessionMachine';
import { subscriptionMachine } from './subscriptionMachine';

/**
 * Every statechart of the product. The diagram export (npm run statecharts) and the path
 * coverage report (npm run coverage:paths) both go through this list, so a machine missing
 * here is a machine without a diagram or coverage.
 */
export const machineRegistry: readonly AnyStateMachine[] = [
  appMachine,
  configMachine,
  sessionMachine,
  subscriptionMachine,
  loginMachine,
];
