/** The organisation calls of spec §7.2 Tenants: new, get, updateDetails. */
import {
  GetOrganisationRequest,
  NewOrganisationRequest,
  NewOrganisationResponse,
  Organisation,
  UpdateOrganisationDetailsRequest,
  organisationFieldMessages,
} from '../organisations';
import { endpoint } from './define';

export const organisationEndpoints = {
  /**
   * POST tenants/new: any signed-in person creates an organisation; they become its owner and an
   * Administrator; it starts a trial and its onboarding. Answers its guid (and id).
   */
  new: endpoint({
    method: 'POST',
    path: 'tenants/new',
    request: NewOrganisationRequest,
    response: NewOrganisationResponse,
    auth: 'user',
    messages: organisationFieldMessages,
  }),
  /** GET tenants/get?id=: the current organisation's details, for any of its members. */
  get: endpoint({
    method: 'GET',
    path: 'tenants/get',
    request: GetOrganisationRequest,
    response: Organisation,
    auth: 'user',
  }),
  /** POST tenants/updateDetails: the current organisation's details, by its Administrators. */
  updateDetails: endpoint({
    method: 'POST',
    path: 'tenants/updateDetails',
    request: UpdateOrganisationDetailsRequest,
    response: Organisation,
    auth: 'tenantAdmin',
    messages: organisationFieldMessages,
  }),
} as const;
