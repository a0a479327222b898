import { accountEndpoints as e } from '../../../contract/endpoints/account';
import type {
  UpdatePasswordRequest,
  UpdatePersonalDetailsRequest,
  UpdatePreferencesRequest,
} from '../../../contract/account';
import { createDataCall, createDoneCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The account settings calls (spec §7.2 Users and auth/updatePassword): the caller's own. */
export function createAccountApi(http: HttpClient) {
  const data = createDataCall(http);
  const done = createDoneCall(http);
  return {
    /** GET users/get?id=: the personal-details user (one's own id only). */
    get: (id: number, options?: CallOptions) => data(e.get, { id }, options),
    /** GET users/getUserEditDetails */
    getUserEditDetails: (options?: CallOptions) => data(e.getUserEditDetails, {}, options),
    updatePersonalDetails: (request: UpdatePersonalDetailsRequest, options?: CallOptions) =>
      data(e.updatePersonalDetails, request, options),
    updatePreferences: (request: UpdatePreferencesRequest, options?: CallOptions) =>
      data(e.updatePreferences, request, options),
    setConsentToHelpEmails: (value: boolean, options?: CallOptions) =>
      data(e.setConsentToHelpEmails, { value }, options),
    setConsentToMarketingEmails: (value: boolean, options?: CallOptions) =>
      data(e.setConsentToMarketingEmails, { value }, options),
    /** POST auth/updatePassword: the other sessions of the user end; this one stays. */
    updatePassword: (request: UpdatePasswordRequest, options?: CallOptions) =>
      done(e.updatePassword, request, options),
    /** GET users/downloadPersonalData: the zip (not an envelope). */
    downloadPersonalData: (options?: CallOptions) =>
      http.getBlob(e.downloadPersonalData.path, undefined, options),
    /** DELETE users/deleteMyAccount: what went (the caller is signed out). */
    deleteMyAccount: async (options?: CallOptions) =>
      (await data(e.deleteMyAccount, {}, options)).deleted,
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
