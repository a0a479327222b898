import { createContext } from 'react';
import type { User } from '../../contract/auth';

/** One of the person's organisations, as the organisation switcher lists it. */
export interface OrganisationChoice {
  id: number;
  name: string;
  /** The organisation the session is in: marked, and choosing it changes nothing. */
  current: boolean;
}

/**
 * The organisation switcher (issue 18, spec §4 Session: tenant switch) lists the person's
 * organisations, the ones they may log in to, when they have more than one; else nothing. Its own
 * module: the app layout's account menu needs it on the landing route, the account area too.
 */
export function organisationChoices(
  user: Pick<User, 'currentTenant' | 'tenants'>,
): OrganisationChoice[] {
  if (user.tenants.length < 2) return [];
  return user.tenants.map((tenant) => ({
    id: tenant.id,
    name: tenant.name,
    current: tenant.id === user.currentTenant.id,
  }));
}

/**
 * Asks the app to switch the session to another organisation (the app machine's
 * organisation.switch). The app provides it; the account area's switcher reads it.
 */
export const SwitchOrganisationContext = createContext<(tenantId: number) => void>(() => {});
