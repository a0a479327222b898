/**
 * The admin side menu's items in their order (spec §2.3 Admin), below the overview: what the
 * registry derives (tests/app/flowRegistry.test.ts) and what the browser shows
 * (tests/e2e/admin.spec.ts).
 */
export const ADMIN_MENU_LABELS: readonly string[] = [
  'Email Templates',
  'Reports',
  'Product Categories',
  'Countries',
  'Currencies',
  'Organisations',
  'Users',
];
