import { organisationEndpoints as endpoints } from '../../../contract/endpoints/organisations';
import type {
  NewOrganisationRequest,
  NewOrganisationResponse,
  Organisation,
  UpdateOrganisationDetailsRequest,
} from '../../../contract/organisations';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The organisation calls (spec §7.2 Tenants new, get, updateDetails). */
export interface OrganisationsApi {
  /** POST tenants/new: the new organisation's guid and id. */
  create(request: NewOrganisationRequest, options?: CallOptions): Promise<NewOrganisationResponse>;
  /** GET tenants/get?id=: the current organisation's details. */
  get(id: number, options?: CallOptions): Promise<Organisation>;
  /** POST tenants/updateDetails: the details as saved. */
  updateDetails(
    request: UpdateOrganisationDetailsRequest,
    options?: CallOptions,
  ): Promise<Organisation>;
}

export function createOrganisationsApi(http: HttpClient): OrganisationsApi {
  const call = createCall(http);
  return {
    create: async (request, options) => dataOrThrow(await call(endpoints.new, request, options)),
    get: async (id, options) => dataOrThrow(await call(endpoints.get, { id }, options)),
    updateDetails: async (request, options) =>
      dataOrThrow(await call(endpoints.updateDetails, request, options)),
  };
}
