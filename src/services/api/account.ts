import { accountEndpoints as e } from '../../../contract/endpoints/account';
import { createDataCalls, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The account settings calls (spec §7.2 Users and auth/updatePassword): the caller's own. */
export type AccountApi = ReturnType<typeof createAccountApi>;

export function createAccountApi(http: HttpClient) {
  const { data, done } = createDataCalls(http);
  return {
    /** GET users/get?id=: the personal-details user (one's own id only). */
    get: (id: number, options?: CallOptions) => data(e.get)({ id }, options),
    /** GET users/getUserEditDetails */
    getUserEditDetails: (options?: CallOptions) => data(e.getUserEditDetails)({}, options),
    updatePersonalDetails: data(e.updatePersonalDetails),
    updatePreferences: data(e.updatePreferences),
    setConsentToHelpEmails: (value: boolean, options?: CallOptions) =>
      data(e.setConsentToHelpEmails)({ value }, options),
    setConsentToMarketingEmails: (value: boolean, options?: CallOptions) =>
      data(e.setConsentToMarketingEmails)({ value }, options),
    /** POST auth/updatePassword: the other sessions of the user end; this one stays. */
    updatePassword: done(e.updatePassword),
    /** GET users/downloadPersonalData: the zip (not an envelope). */
    downloadPersonalData: (options?: CallOptions): Promise<Blob> =>
      http.getBlob(e.downloadPersonalData.path, undefined, options),
    /** DELETE users/deleteMyAccount: what went (the caller is signed out). */
    deleteMyAccount: async (options?: CallOptions) =>
      (await data(e.deleteMyAccount)({}, options)).deleted,
  };
}
