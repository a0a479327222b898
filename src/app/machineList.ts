import type { AnyStateMachine } from 'xstate';
import { dropStatusMachine } from '../../contract/dropStatusMachine';
import { invitationStatusMachine } from '../../contract/invitationStatusMachine';
import { appMachine } from '../machines/appMachine';
import { avatarUploadMachine } from '../machines/avatarUploadMachine';
import { captchaTokenMachine } from '../machines/captchaTokenMachine';
import { configMachine } from '../machines/configMachine';
import { dashboardInformationMachine } from '../machines/dashboardInformationMachine';
import { emailVerificationMachine } from '../machines/emailVerificationMachine';
import { handleCheckMachine } from '../machines/handleCheckMachine';
import { sessionMachine } from '../machines/sessionMachine';
import { subscriptionMachine } from '../machines/subscriptionMachine';
import { thirdPartySignInMachine } from '../machines/thirdPartySignInMachine';
import type { AnyFlowDefinition } from '../shared/flow';
import { flowRegistry } from './flowList';

/** The machines that outlive a route, and the shared ones several flows invoke (src/machines). */
export const sharedMachines: readonly AnyStateMachine[] = [
  appMachine,
  configMachine,
  sessionMachine,
  subscriptionMachine,
  emailVerificationMachine,
  handleCheckMachine,
  captchaTokenMachine,
  thirdPartySignInMachine,
  avatarUploadMachine,
  dashboardInformationMachine,
  // Spec §4 Invitation: the model the server's rules and the users screen's badges both follow.
  invitationStatusMachine,
  // Issue 35: a Drop's lifecycle, which the server's rules and the Drops' badges both follow.
  dropStatusMachine,
];

/**
 * Every statechart of the product: the shared ones and each flow's own, from the flow registry.
 * The diagram export (npm run statecharts) and the path coverage report (npm run
 * coverage:paths) both go through this list, so a flow's machine needs no line of its own.
 */
export async function allMachines(
  registry: readonly AnyFlowDefinition[] = flowRegistry,
): Promise<AnyStateMachine[]> {
  const machines = [...sharedMachines];
  for (const flow of registry) {
    for (const machine of (await flow.machines?.()) ?? []) {
      if (!machines.includes(machine)) machines.push(machine);
    }
  }
  return machines;
}
