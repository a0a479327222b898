import type { ReactNode } from 'react';
import { AdminAreaView } from '../../views/layouts/AdminAreaView';
import { flowRegistry } from '../flowList';
import { adminMenuItems } from './adminMenu';

/**
 * The admin area (spec §2.3 Admin): the app layout's content with its side menu, derived from
 * the flow registry. Loaded with the first admin page only (App.tsx): hosts alone see it.
 */
export default function AdminArea({
  pathname,
  children,
}: {
  pathname: string;
  children: ReactNode;
}) {
  return <AdminAreaView items={adminMenuItems(flowRegistry, pathname)}>{children}</AdminAreaView>;
}
