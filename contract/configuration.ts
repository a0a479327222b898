import { integer, min, object, string, type Infer } from 'superstruct';

/** Configuration from the server (spec §3), answered by GET /api/configuration. */
export const Configuration = object({
  apiBaseUrl: string(),
  appClientVersion: string(),
  minimumPasswordLength: min(integer(), 1),
  userInvitationExpiryLengthInDays: min(integer(), 1),
  reCaptchaSiteKey: string(),
  defaultFromEmailAddress: string(),
  supportUrl: string(),
  supportEmailAddress: string(),
  termsUrl: string(),
  privacyPolicyUrl: string(),
  mediaServiceApiBaseUrl: string(),
  mediaServiceClientApiKey: string(),
  sessionRecordingAppId: string(),
  tagManagerId: string(),
  googleClientId: string(),
});
export type Configuration = Infer<typeof Configuration>;
