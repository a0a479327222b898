/**
 * The dashboard information (spec §7.2 Users getDashboardInformation, §2.3 Profile) and the
 * users' select list (spec §7.2 Users getSelectList).
 */
import { array, boolean, integer, min, object, optional, string, type Infer } from 'superstruct';
import { CurrencyCode, MinorAmount } from './money';

/** Spec §8 Data loads: the text shown when the dashboard information cannot be loaded. */
export const dashboardTexts = {
  fetchFailed: 'Failed to fetch dashboard information',
} as const;

/**
 * GET users/getDashboardInformation (refresh flag). The server keeps no cached copy, so every
 * answer is counted afresh; `refresh` asks for exactly that and is accepted for the spec's sake.
 */
export const DashboardInformationRequest = object({ refresh: optional(boolean()) });
export type DashboardInformationRequest = Infer<typeof DashboardInformationRequest>;

/**
 * The caller's counts in their current organisation (spec §2.3 Profile: Drops, Raised,
 * Followers) and what the home's greeting shows (their first name, the organisation's name).
 */
export const DashboardInformation = object({
  firstName: string(),
  organisationName: string(),
  /** The caller's drops in the current organisation. */
  drops: min(integer(), 0),
  /**
   * What was raised (issue 35: real, where the spec's Profile showed 0), in minor units of
   * `currency`: for a Charity organisation, the confirmed gifts it received; for anyone else,
   * the confirmed gifts to the caller's Drops in the organisation. Gifts in another currency
   * than the organisation's are not added in.
   */
  raised: MinorAmount,
  /** The organisation's currency (ISO 4217, lower case). */
  currency: CurrencyCode,
  /** The caller's followers: following is not built yet, so always 0. */
  followers: min(integer(), 0),
});
export type DashboardInformation = Infer<typeof DashboardInformation>;

/** One user of the current organisation for a select input (GET users/getSelectList). */
export const UserSelectItem = object({ id: min(integer(), 1), name: string() });
export type UserSelectItem = Infer<typeof UserSelectItem>;

export const UserSelectList = array(UserSelectItem);
export type UserSelectList = Infer<typeof UserSelectList>;
