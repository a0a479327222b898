import { changePasswordFlow } from '../features/changePassword/changePassword.flow';
import { dataPrivacyFlow } from '../features/dataPrivacy/dataPrivacy.flow';
import { activationFlow } from '../features/activation/activation.flow';
import { adminFlow } from '../features/admin/admin.flow';
import { countriesFlow } from '../features/countries/countries.flow';
import { currenciesFlow } from '../features/currencies/currencies.flow';
import { adminOrganisationsFlow } from '../features/adminOrganisations/adminOrganisations.flow';
import { adminUsersFlow } from '../features/adminUsers/adminUsers.flow';
import { createDropFlow } from '../features/createDrop/createDrop.flow';
import { createInfoFlow } from '../features/createInfo/createInfo.flow';
import { createPostFlow } from '../features/createPost/createPost.flow';
import { emailTemplatesFlow } from '../features/emailTemplates/emailTemplates.flow';
import { emailConfirmationFlow } from '../features/emailConfirmation/emailConfirmation.flow';
import { errorFlow } from '../features/error/error.flow';
import { followingFlow } from '../features/following/following.flow';
import { forgottenPasswordFlow } from '../features/forgottenPassword/forgottenPassword.flow';
import { integrationFlow } from '../features/integration/integration.flow';
import { homeFlow } from '../features/home/home.flow';
import { invitationFlow } from '../features/invitation/invitation.flow';
import { loginFlow } from '../features/login/login.flow';
import { logoutFlow } from '../features/logout/logout.flow';
import { newOrganisationFlow } from '../features/newOrganisation/newOrganisation.flow';
import { onboardingFlow } from '../features/onboarding/onboarding.flow';
import { organisationDetailsFlow } from '../features/organisationDetails/organisationDetails.flow';
import { passwordResetFlow } from '../features/passwordReset/passwordReset.flow';
import { paymentsFlow } from '../features/payments/payments.flow';
import { personalDetailsFlow } from '../features/personalDetails/personalDetails.flow';
import { preferencesFlow } from '../features/preferences/preferences.flow';
import { productCategoriesFlow } from '../features/productCategories/productCategories.flow';
import { profileFlow } from '../features/profile/profile.flow';
import { adminReportsFlow } from '../features/adminReports/adminReports.flow';
import { searchFlow } from '../features/search/search.flow';
import { signInCallbackFlow } from '../features/signInCallback/signInCallback.flow';
import { signupFlow } from '../features/signup/signup.flow';
import { signupEntryFlow } from '../features/signupEntry/signupEntry.flow';
import { startSignupFlow } from '../features/startSignup/startSignup.flow';
import { usersFlow } from '../features/users/users.flow';
import type { AnyFlowDefinition } from '../shared/flow';

/**
 * Every flow of the product, one line each (design.md §2). The router's table, the sign-out
 * paths, the redirects, the inspector's redaction of secret params, the machine list of the
 * diagrams and path coverage, and docs/statecharts/routes.md are all derived from this list;
 * its order does not matter (routes match by specificity, and no two may claim one path).
 */
export const flowRegistry: readonly AnyFlowDefinition[] = [
  homeFlow,
  loginFlow,
  logoutFlow,
  signupFlow,
  startSignupFlow,
  signupEntryFlow,
  signInCallbackFlow,
  forgottenPasswordFlow,
  passwordResetFlow,
  activationFlow,
  emailConfirmationFlow,
  createInfoFlow,
  createPostFlow,
  createDropFlow,
  onboardingFlow,
  profileFlow,
  personalDetailsFlow,
  preferencesFlow,
  changePasswordFlow,
  dataPrivacyFlow,
  organisationDetailsFlow,
  newOrganisationFlow,
  paymentsFlow,
  integrationFlow,
  usersFlow,
  adminOrganisationsFlow,
  adminUsersFlow,
  invitationFlow,
  followingFlow,
  searchFlow,
  errorFlow,
  adminFlow,
  emailTemplatesFlow,
  adminReportsFlow,
  productCategoriesFlow,
  countriesFlow,
  currenciesFlow,
];
