import type { FlowRules } from '../../machines/flows';
import type { AdminMenuItem } from '../../views/layouts/AdminAreaView';

const trimmed = (path: string) => path.replace(/\/+$/, '');

/**
 * The admin area's side menu (spec §2.3 Admin), derived from the flow registry: one item per
 * route with the admin layout that carries an `adminMenu`, by its order (then label), the one of
 * `pathname` current. A new admin flow brings its own item; nothing here grows.
 */
export function adminMenuItems(
  flows: readonly Pick<FlowRules, 'routes'>[],
  pathname: string,
): AdminMenuItem[] {
  const here = trimmed(pathname);
  return flows
    .flatMap((flow) => flow.routes)
    .flatMap((route) =>
      route.layout === 'admin' && route.adminMenu ? [{ route, menu: route.adminMenu }] : [],
    )
    .sort((a, b) => a.menu.order - b.menu.order || a.menu.label.localeCompare(b.menu.label))
    .map(({ route, menu }) => ({
      label: menu.label,
      href: route.path,
      current: trimmed(route.path) === here,
    }));
}
