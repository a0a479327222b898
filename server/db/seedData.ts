/**
 * Demo data seeded on the first start (and into every test database). The README and the
 * end-to-end tests refer to these constants.
 */
import type { AccountType } from '../../contract/enums';
import { UserRole } from '../../contract/enums';

/** Password of every demo user. */
export const DEMO_PASSWORD = 'Giving!2026';

export interface DemoUser {
  key: 'owner' | 'member' | 'newbie';
  email: string;
  firstName: string;
  lastName: string;
  handle: string;
  isHost: boolean;
  /** What the demo login shows off, printed at start-up. */
  description: string;
}

export const DEMO_USERS = {
  owner: {
    key: 'owner',
    email: 'owner@example.com',
    firstName: 'Olivia',
    lastName: 'Harper',
    handle: 'olivia_harper',
    isHost: true,
    description: 'host user, owner and Administrator of the charity Harbour Hope',
  },
  member: {
    key: 'member',
    email: 'member@example.com',
    firstName: 'Marcus',
    lastName: 'Reed',
    handle: 'marcus_reed',
    isHost: false,
    description: 'Standard User in Harbour Hope, owner of his own trialing Individual account',
  },
  newbie: {
    key: 'newbie',
    email: 'newbie@example.com',
    firstName: 'Nina',
    lastName: 'Park',
    handle: 'nina_park',
    isHost: false,
    description: 'owner of an Individual account that is still onboarding',
  },
} as const satisfies Record<DemoUser['key'], DemoUser>;

export type DemoTenantKey = 'harbourHope' | 'marcusReed' | 'ninaPark';

export interface DemoTenant {
  key: DemoTenantKey;
  name: string;
  accountType: AccountType;
  isOnboarding: boolean;
  /** Active paid subscription (days until the current period ends) or a trial (days left). */
  subscription: { kind: 'active'; periodDays: number } | { kind: 'trialing'; trialDays: number };
}

export const DEMO_TENANTS = {
  harbourHope: {
    key: 'harbourHope',
    name: 'Harbour Hope',
    accountType: 'Charity',
    isOnboarding: false,
    subscription: { kind: 'active', periodDays: 30 },
  },
  marcusReed: {
    key: 'marcusReed',
    name: 'Marcus Reed',
    accountType: 'Individual',
    isOnboarding: false,
    subscription: { kind: 'trialing', trialDays: 14 },
  },
  ninaPark: {
    key: 'ninaPark',
    name: 'Nina Park',
    accountType: 'Individual',
    isOnboarding: true,
    subscription: { kind: 'trialing', trialDays: 14 },
  },
} as const satisfies Record<DemoTenantKey, DemoTenant>;

export interface DemoMembership {
  user: DemoUser['key'];
  tenant: DemoTenantKey;
  userRole: UserRole;
  owner: boolean;
}

/** In creation order: a user's first membership is their default tenant at login. */
export const DEMO_MEMBERSHIPS: readonly DemoMembership[] = [
  { user: 'owner', tenant: 'harbourHope', userRole: UserRole.Administrator, owner: true },
  { user: 'member', tenant: 'harbourHope', userRole: UserRole.User, owner: false },
  { user: 'member', tenant: 'marcusReed', userRole: UserRole.Administrator, owner: true },
  { user: 'newbie', tenant: 'ninaPark', userRole: UserRole.Administrator, owner: true },
];
