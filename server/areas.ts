/**
 * The server's areas, in the order they are registered (server/area.ts): adding an area is its
 * folder's plugin.ts plus one line here.
 */
import type { Area } from './area';
import { accountArea } from './features/account/plugin';
import { adminArea } from './features/admin/plugin';
import { authArea } from './features/auth/plugin';
import { avatarsArea } from './features/avatars/plugin';
import { configurationArea } from './features/configuration/plugin';
import { dashboardArea } from './features/dashboard/plugin';
import { devArea } from './features/dev/plugin';
import { dropsArea } from './features/drops/plugin';
import { healthArea } from './features/health/plugin';
import { identityArea } from './features/identity/plugin';
import { paymentsArea } from './features/payments/plugin';
import { postsArea } from './features/posts/plugin';
import { recordsArea } from './features/records/plugin';
import { referenceListsArea } from './features/referenceLists/plugin';
import { teamArea } from './features/team/plugin';
import { tenantsArea } from './features/tenants/plugin';
import { topicsArea } from './features/topics/plugin';
import { mediaServiceArea } from './media/plugin';

export const areas: readonly Area[] = [
  configurationArea,
  healthArea,
  authArea,
  tenantsArea,
  topicsArea,
  referenceListsArea,
  adminArea,
  postsArea,
  dropsArea,
  dashboardArea,
  avatarsArea,
  mediaServiceArea,
  identityArea,
  accountArea,
  recordsArea,
  teamArea,
  paymentsArea,
  // The outbox and the third-party stand-ins: never in production.
  devArea,
];
