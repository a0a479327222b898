import type { ReactNode } from 'react';
import type { User } from '../../contract/auth';
import { AccountAreaView } from '../views/layouts/AccountAreaView';
import { accountArea } from './accountArea';

/** An account screen inside the account area's menu, for the signed-in `user` on `path`. */
export function AccountAreaFrame({
  user,
  path,
  children,
}: {
  user: User;
  path: string;
  children: ReactNode;
}) {
  const area = accountArea(user, path);
  return (
    <AccountAreaView organisationName={area.organisationName} badge={area.badge} items={area.items}>
      {children}
    </AccountAreaView>
  );
}
