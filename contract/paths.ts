/** Paths of the calls, relative to the configuration's apiBaseUrl (spec §7.2). */
export const CONFIGURATION_PATH = '/api/configuration';

export const apiPaths = {
  login: 'auth/login',
  refreshToken: 'auth/refreshToken',
  revokeToken: 'auth/revokeToken',
  switchTenant: 'auth/switchTenant',
  getCurrentTenantStatus: 'tenants/getCurrentTenantStatus',
  setIsTrialing: 'tenants/setIsTrialing',
  setCancelAtPeriodEnd: 'tenants/setCancelAtPeriodEnd',
  verifyAccount: 'auth/verifyAccount',
  verifyAccountCode: 'auth/verifyAccountCode',
  signup: 'auth/signup',
  signupWithGoogle: 'auth/signupWithGoogle',
  loginWithGoogle: 'auth/loginWithGoogle',
  requestPasswordReset: 'auth/requestPasswordReset',
  validatePasswordResetKey: 'auth/validatePasswordResetKey',
  resetPassword: 'auth/resetPassword',
  activate: 'auth/activate',
  confirmEmailAddress: 'auth/confirmEmailAddress',
  handleExists: 'users/handleExists',
  countriesList: 'countries/list',
  postsFeedList: 'posts/feedList',
  postsCreate: 'posts/create',
  postsCreateWithFile: 'posts/createWithFile',
  postsUpdate: 'posts/update',
  postsGet: 'posts/get',
  postsGetByGuid: 'posts/getByGuid',
  postsDelete: 'posts/delete',
  postsDeleteByGuid: 'posts/deletebyguid',
  postsSetIsDraft: 'posts/setIsDraft',
  postsSetIsPublished: 'posts/setIsPublished',
  postsList: 'posts/list',
  dropsFeedList: 'drops/feedList',
} as const;

/**
 * Client routes that emailed links open (the server builds the links, the SPA serves them).
 * Each key is appended as a path segment.
 */
export const linkRoutes = {
  activate: '/activate/',
  confirmEmail: '/account/confirm-email/',
  resetPassword: '/forgotten-password/',
} as const;

/**
 * Development stand-ins of the third parties, served by the reference server outside production
 * when no real keys are configured (paths under the API base).
 */
export const devStandInPaths = {
  /** POST {action}: a captcha token the server accepts. */
  captchaToken: 'dev/captcha/token',
  /** GET: the local consent page (popup) that returns an authorization code. */
  consentPage: 'dev/oauth/consent',
} as const;
