import type { SecretKind } from '../../contract/secrets';

/**
 * The secrets the flows' actors hold before any call carries them, or under shapes that are no
 * contract struct (issue 33, deliverable 5): a password as typed in a form, the emailed
 * verification code as typed, an emailed key in a flow's context, a captcha token as the captcha
 * answers it. Development only: read by the inspector's redactor (src/app/secretRedactor.ts),
 * which learns these values as the actors receive them and then hides them wherever they appear.
 *
 * A path is 'a.b' inside the value ('' is the whole value). Keyed by the machine's id, or, for an
 * invoked promise actor, by its name in the machine's `setup({ actors })`.
 * tests/app/actorSecrets.test.ts checks that every key names a machine of the app.
 */
export interface ActorSecrets {
  /** Fields of the actor's context. */
  context?: Readonly<Record<string, SecretKind>>;
  /** Fields of the actor's input. */
  input?: Readonly<Record<string, SecretKind>>;
  /** Fields of the actor's output ('' for the whole output). */
  output?: Readonly<Record<string, SecretKind>>;
  /** Fields of the events the actor receives, by event type. */
  events?: Readonly<Record<string, Readonly<Record<string, SecretKind>>>>;
}

export const actorSecrets: Readonly<Record<string, ActorSecrets>> = {
  login: {
    events: {
      'form.submit': { 'values.password': 'password', 'values.reCaptchaToken': 'captchaToken' },
    },
  },
  signup: {
    context: { 'request.password': 'password' },
    events: { 'form.submit': { 'values.password': 'password' } },
  },
  emailVerification: { events: { 'code.verify': { code: 'code' } } },
  invitation: {
    input: { key: 'key' },
    context: { key: 'key', 'pendingValues.password': 'password' },
    events: { 'form.submit': { 'values.password': 'password' } },
  },
  passwordReset: {
    input: { key: 'key' },
    context: { key: 'key' },
    events: { 'form.submit': { 'values.newPassword': 'password' } },
  },
  changePassword: {
    events: {
      'form.submit': { 'values.currentPassword': 'password', 'values.newPassword': 'password' },
    },
  },
  activation: { input: { key: 'key' }, context: { key: 'key' } },
  emailConfirmation: { input: { key: 'key' }, context: { key: 'key' } },
  subscriptionPlan: {
    input: { sessionId: 'checkoutSession' },
    context: { sessionId: 'checkoutSession' },
  },
  captchaToken: { context: { token: 'captchaToken' }, output: { '': 'captchaToken' } },
  /** The captcha machine's call to the captcha: it answers the token itself, a bare string. */
  executeCaptcha: { output: { '': 'captchaToken' } },
  session: { context: { 'authSession.jwtToken': 'token' } },
};
