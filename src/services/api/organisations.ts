import { organisationEndpoints as endpoints } from '../../../contract/endpoints/organisations';
import type {
  NewOrganisationRequest,
  UpdateOrganisationDetailsRequest,
} from '../../../contract/organisations';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The organisation calls (spec §7.2 Tenants new, get, updateDetails). */
export function createOrganisationsApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /** POST tenants/new: the new organisation's guid and id. */
    create: (request: NewOrganisationRequest, options?: CallOptions) =>
      data(endpoints.new, request, options),
    /** GET tenants/get?id=: the current organisation's details. */
    get: (id: number, options?: CallOptions) => data(endpoints.get, { id }, options),
    /** POST tenants/updateDetails: the details as saved. */
    updateDetails: (request: UpdateOrganisationDetailsRequest, options?: CallOptions) =>
      data(endpoints.updateDetails, request, options),
  };
}

export type OrganisationsApi = ReturnType<typeof createOrganisationsApi>;
