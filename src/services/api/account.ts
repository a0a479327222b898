import { accountEndpoints } from '../../../contract/endpoints/account';
import type {
  DeletionOutcome,
  UpdatePasswordRequest,
  UpdatePersonalDetailsRequest,
  UpdatePreferencesRequest,
  UserEditDetails,
} from '../../../contract/account';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The account settings calls (spec §7.2 Users and auth/updatePassword): the caller's own. */
export interface AccountApi {
  /** GET users/get?id=: the personal-details user (one's own id only). */
  get(id: number, options?: CallOptions): Promise<UserEditDetails>;
  /** GET users/getUserEditDetails */
  getUserEditDetails(options?: CallOptions): Promise<UserEditDetails>;
  updatePersonalDetails(
    request: UpdatePersonalDetailsRequest,
    options?: CallOptions,
  ): Promise<UserEditDetails>;
  updatePreferences(
    request: UpdatePreferencesRequest,
    options?: CallOptions,
  ): Promise<UserEditDetails>;
  setConsentToHelpEmails(value: boolean, options?: CallOptions): Promise<UserEditDetails>;
  setConsentToMarketingEmails(value: boolean, options?: CallOptions): Promise<UserEditDetails>;
  /** POST auth/updatePassword: the other sessions of the user end; this one stays. */
  updatePassword(request: UpdatePasswordRequest, options?: CallOptions): Promise<void>;
  /** GET users/downloadPersonalData: the zip (not an envelope). */
  downloadPersonalData(options?: CallOptions): Promise<Blob>;
  /** DELETE users/deleteMyAccount: what went (the caller is signed out). */
  deleteMyAccount(options?: CallOptions): Promise<DeletionOutcome>;
}

export function createAccountApi(http: HttpClient): AccountApi {
  const call = createCall(http);
  const e = accountEndpoints;
  return {
    get: async (id, options) => dataOrThrow(await call(e.get, { id }, options)),
    getUserEditDetails: async (options) =>
      dataOrThrow(await call(e.getUserEditDetails, {}, options)),
    updatePersonalDetails: async (request, options) =>
      dataOrThrow(await call(e.updatePersonalDetails, request, options)),
    updatePreferences: async (request, options) =>
      dataOrThrow(await call(e.updatePreferences, request, options)),
    setConsentToHelpEmails: async (value, options) =>
      dataOrThrow(await call(e.setConsentToHelpEmails, { value }, options)),
    setConsentToMarketingEmails: async (value, options) =>
      dataOrThrow(await call(e.setConsentToMarketingEmails, { value }, options)),
    updatePassword: async (request, options) => {
      dataOrThrow(await call(e.updatePassword, request, options));
    },
    downloadPersonalData: (options) =>
      http.getBlob(e.downloadPersonalData.path, undefined, options),
    deleteMyAccount: async (options) =>
      (await call(e.deleteMyAccount, {}, options).then(dataOrThrow)).deleted,
  };
}
