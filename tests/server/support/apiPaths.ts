/**
 * The calls' paths by the names the tests use, read from the endpoint table
 * (contract/endpoints/), never written twice.
 */
import { accountEndpoints } from '../../../contract/endpoints/account';
import { adminEndpoints } from '../../../contract/endpoints/admin';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { avatarEndpoints } from '../../../contract/endpoints/avatars';
import { dropEndpoints } from '../../../contract/endpoints/drops';
import { identityEndpoints } from '../../../contract/endpoints/identity';
import { postEndpoints } from '../../../contract/endpoints/posts';
import { tenantEndpoints } from '../../../contract/endpoints/tenants';

export const apiPaths = {
  login: authEndpoints.login.path,
  refreshToken: authEndpoints.refreshToken.path,
  revokeToken: authEndpoints.revokeToken.path,
  switchTenant: authEndpoints.switchTenant.path,
  impersonate: authEndpoints.impersonate.path,
  listTenants: adminEndpoints.listTenants.path,
  listAllUsers: adminEndpoints.listAllUsers.path,
  setTenantEnabled: adminEndpoints.setTenantEnabled.path,
  setTenantSendingEmailsEnabled: adminEndpoints.setTenantSendingEmailsEnabled.path,
  stopImpersonating: authEndpoints.stopImpersonating.path,
  getCurrentTenantStatus: tenantEndpoints.getCurrentTenantStatus.path,
  setIsTrialing: tenantEndpoints.setIsTrialing.path,
  setCancelAtPeriodEnd: tenantEndpoints.setCancelAtPeriodEnd.path,
  setIsOnboarding: tenantEndpoints.setIsOnboarding.path,
  confirmAvatarFileUpload: avatarEndpoints.confirmAvatarFileUpload.path,
  deleteAvatarFile: avatarEndpoints.deleteAvatarFile.path,
  verifyAccount: identityEndpoints.verifyAccount.path,
  verifyAccountCode: identityEndpoints.verifyAccountCode.path,
  signup: identityEndpoints.signup.path,
  signupWithGoogle: identityEndpoints.signupWithGoogle.path,
  loginWithGoogle: identityEndpoints.loginWithGoogle.path,
  requestPasswordReset: identityEndpoints.requestPasswordReset.path,
  validatePasswordResetKey: identityEndpoints.validatePasswordResetKey.path,
  resetPassword: identityEndpoints.resetPassword.path,
  activate: identityEndpoints.activate.path,
  confirmEmailAddress: identityEndpoints.confirmEmailAddress.path,
  handleExists: identityEndpoints.handleExists.path,
  countriesList: identityEndpoints.countriesList.path,
  postsFeedList: postEndpoints.feedList.path,
  postsCreate: postEndpoints.create.path,
  postsCreateWithFile: postEndpoints.createWithFile.path,
  postsUpdate: postEndpoints.update.path,
  postsGet: postEndpoints.get.path,
  postsGetByGuid: postEndpoints.getByGuid.path,
  postsDelete: postEndpoints.delete.path,
  postsDeleteByGuid: postEndpoints.deleteByGuid.path,
  postsSetIsDraft: postEndpoints.setIsDraft.path,
  postsSetIsPublished: postEndpoints.setIsPublished.path,
  postsList: postEndpoints.list.path,
  dropsFeedList: dropEndpoints.feedList.path,
  updatePersonalDetails: accountEndpoints.updatePersonalDetails.path,
  updatePreferences: accountEndpoints.updatePreferences.path,
  setConsentToHelpEmails: accountEndpoints.setConsentToHelpEmails.path,
  setConsentToMarketingEmails: accountEndpoints.setConsentToMarketingEmails.path,
  updatePassword: accountEndpoints.updatePassword.path,
} as const;
