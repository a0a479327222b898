/**
 * The menus' items, for the tests of what the app derives and renders (tests/app, tests/views) and
 * of what the browser shows (tests/e2e).
 */

/**
 * The admin side menu's items in their order (spec §2.3 Admin: 'Email Templates, Product
 * Categories, Reports'; then the sections issue 19 added), below the overview.
 */
export const ADMIN_MENU_LABELS: readonly string[] = [
  'Email Templates',
  'Product Categories',
  'Reports',
  'Countries',
  'Currencies',
  'Organisations',
  'Users',
];

/**
 * The account area's items in their order (spec §2.3 Account settings): Change Password only for
 * a person who signs in with a password, not with Google.
 */
export const accountAreaLabels = (passwordLogin: boolean): string[] => [
  'Organisation Details',
  'Subscription / Invoices',
  'Integration',
  'Personal Details',
  'Preferences',
  ...(passwordLogin ? ['Change Password'] : []),
  'Data Privacy',
];
