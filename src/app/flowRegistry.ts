/**
 * Every flow of the product, one line each (architecture.md §2): its definition, re-exported from its
 * folder. Adding a flow is its folder plus one line here. The list itself (flowList.ts) is every
 * export of this module, and the router's table, the sign-out paths, the redirects, the
 * inspector's redaction of secret params, the machine list of the diagrams and path coverage,
 * and docs/statecharts/routes.md are all derived from it; its order does not matter (routes
 * match by specificity, and no two may claim one path).
 */
export { homeFlow } from '../features/home/home.flow';
export { loginFlow } from '../features/login/login.flow';
export { logoutFlow } from '../features/logout/logout.flow';
export { signupFlow } from '../features/signup/signup.flow';
export { startSignupFlow } from '../features/startSignup/startSignup.flow';
export { signupEntryFlow } from '../features/signupEntry/signupEntry.flow';
export { signInCallbackFlow } from '../features/signInCallback/signInCallback.flow';
export { forgottenPasswordFlow } from '../features/forgottenPassword/forgottenPassword.flow';
export { passwordResetFlow } from '../features/passwordReset/passwordReset.flow';
export { activationFlow } from '../features/activation/activation.flow';
export { emailConfirmationFlow } from '../features/emailConfirmation/emailConfirmation.flow';
export { createInfoFlow } from '../features/createInfo/createInfo.flow';
export { createPostFlow } from '../features/createPost/createPost.flow';
export { createDropFlow } from '../features/createDrop/createDrop.flow';
export { onboardingFlow } from '../features/onboarding/onboarding.flow';
export { profileFlow } from '../features/profile/profile.flow';
export { personalDetailsFlow } from '../features/personalDetails/personalDetails.flow';
export { preferencesFlow } from '../features/preferences/preferences.flow';
export { changePasswordFlow } from '../features/changePassword/changePassword.flow';
export { dataPrivacyFlow } from '../features/dataPrivacy/dataPrivacy.flow';
export { organisationDetailsFlow } from '../features/organisationDetails/organisationDetails.flow';
export { newOrganisationFlow } from '../features/newOrganisation/newOrganisation.flow';
export { paymentsFlow } from '../features/payments/payments.flow';
export { integrationFlow } from '../features/integration/integration.flow';
export { usersFlow } from '../features/users/users.flow';
export { adminOrganisationsFlow } from '../features/adminOrganisations/adminOrganisations.flow';
export { adminUsersFlow } from '../features/adminUsers/adminUsers.flow';
export { invitationFlow } from '../features/invitation/invitation.flow';
export { followingFlow } from '../features/following/following.flow';
export { searchFlow } from '../features/search/search.flow';
export { errorFlow } from '../features/error/error.flow';
export { adminFlow } from '../features/admin/admin.flow';
export { emailTemplatesFlow } from '../features/emailTemplates/emailTemplates.flow';
export { adminReportsFlow } from '../features/adminReports/adminReports.flow';
export { productCategoriesFlow } from '../features/productCategories/productCategories.flow';
export { countriesFlow } from '../features/countries/countries.flow';
export { currenciesFlow } from '../features/currencies/currencies.flow';
