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
  /** Spec §3 Organisation: the details its Administrators edit. */
  details: {
    companyNumber: string;
    vatNumber: string;
    email: string;
    contactName: string;
    contactPhone: string;
    website: string;
  };
}

export const DEMO_TENANTS = {
  harbourHope: {
    key: 'harbourHope',
    name: 'Harbour Hope',
    accountType: 'Charity',
    isOnboarding: false,
    subscription: { kind: 'active', periodDays: 30 },
    details: {
      companyNumber: '09876543',
      vatNumber: 'GB123456789',
      email: 'hello@harbourhope.example',
      contactName: 'Olivia Harper',
      contactPhone: '+44 20 7946 0018',
      website: 'https://harbourhope.example',
    },
  },
  marcusReed: {
    key: 'marcusReed',
    name: 'Marcus Reed',
    accountType: 'Individual',
    isOnboarding: false,
    subscription: { kind: 'trialing', trialDays: 14 },
    details: {
      companyNumber: '',
      vatNumber: '',
      email: 'member@example.com',
      contactName: 'Marcus Reed',
      contactPhone: '+44 7700 900123',
      website: '',
    },
  },
  ninaPark: {
    key: 'ninaPark',
    name: 'Nina Park',
    accountType: 'Individual',
    isOnboarding: true,
    subscription: { kind: 'trialing', trialDays: 14 },
    details: {
      companyNumber: '',
      vatNumber: '',
      email: 'newbie@example.com',
      contactName: 'Nina Park',
      contactPhone: '',
      website: '',
    },
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
