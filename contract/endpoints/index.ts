/** Every endpoint of the API (spec §7.2), by area. */
import { accountEndpoints } from './account';
import { adminEndpoints } from './admin';
import { authEndpoints } from './auth';
import { avatarEndpoints } from './avatars';
import { dashboardEndpoints } from './dashboard';
import type { AnyEndpoint } from './define';
import { devEndpoints } from './dev';
import { dropEndpoints } from './drops';
import { giftEndpoints } from './gifts';
import { healthEndpoints } from './health';
import { identityEndpoints } from './identity';
import { paymentEndpoints } from './payments';
import { organisationEndpoints } from './organisations';
import { postEndpoints } from './posts';
import { countryEndpoints, currencyEndpoints, topicMaintenanceEndpoints } from './referenceLists';
import { recordEndpoints } from './records';
import { teamEndpoints } from './team';
import { tenantEndpoints } from './tenants';
import { topicEndpoints } from './topics';

export const endpointsByArea = {
  auth: authEndpoints,
  identity: identityEndpoints,
  account: accountEndpoints,
  team: teamEndpoints,
  dashboard: dashboardEndpoints,
  posts: postEndpoints,
  drops: dropEndpoints,
  gifts: giftEndpoints,
  tenants: tenantEndpoints,
  payments: paymentEndpoints,
  organisations: organisationEndpoints,
  topics: topicEndpoints,
  countries: countryEndpoints,
  currencies: currencyEndpoints,
  topicMaintenance: topicMaintenanceEndpoints,
  avatars: avatarEndpoints,
  admin: adminEndpoints,
  health: healthEndpoints,
  dev: devEndpoints,
  records: recordEndpoints,
} as const satisfies Record<string, Record<string, AnyEndpoint>>;

/** Every endpoint, in a list (the server's registration test, the route table). */
export const allEndpoints: AnyEndpoint[] = Object.values(endpointsByArea).flatMap((area) =>
  Object.values(area),
);
