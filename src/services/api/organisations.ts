import { organisationEndpoints as endpoints } from '../../../contract/endpoints/organisations';
import { createDataCalls, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The organisation calls (spec §7.2 Tenants new, get, updateDetails). */
export type OrganisationsApi = ReturnType<typeof createOrganisationsApi>;

export function createOrganisationsApi(http: HttpClient) {
  const { data } = createDataCalls(http);
  return {
    /** POST tenants/new: the new organisation's guid and id. */
    create: data(endpoints.new),
    /** GET tenants/get?id=: the current organisation's details. */
    get: (id: number, options?: CallOptions) => data(endpoints.get)({ id }, options),
    /** POST tenants/updateDetails: the details as saved. */
    updateDetails: data(endpoints.updateDetails),
  };
}
