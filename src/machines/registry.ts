import type { AnyStateMachine } from 'xstate';
import { activationMachine } from './activationMachine';
import { appMachine } from './appMachine';
import { captchaTokenMachine } from './captchaTokenMachine';
import { configMachine } from './configMachine';
import { createPostMachine } from './createPostMachine';
import { dropsCarouselMachine } from './dropsCarouselMachine';
import { emailConfirmationMachine } from './emailConfirmationMachine';
import { emailVerificationMachine } from './emailVerificationMachine';
import { handleCheckMachine } from './handleCheckMachine';
import { loginMachine } from './loginMachine';
import { passwordResetMachine } from './passwordResetMachine';
import { passwordResetRequestMachine } from './passwordResetRequestMachine';
import { postsFeedMachine } from './postsFeedMachine';
import { sessionMachine } from './sessionMachine';
import { signupMachine } from './signupMachine';
import { subscriptionMachine } from './subscriptionMachine';
import { thirdPartySignInMachine } from './thirdPartySignInMachine';

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
  signupMachine,
  emailVerificationMachine,
  handleCheckMachine,
  captchaTokenMachine,
  thirdPartySignInMachine,
  passwordResetRequestMachine,
  passwordResetMachine,
  activationMachine,
  emailConfirmationMachine,
  postsFeedMachine,
  dropsCarouselMachine,
  createPostMachine,
];
