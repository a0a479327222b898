import { useContext, type ReactNode } from 'react';
import type { User } from '../../contract/auth';
import { AccountAreaView } from '../views/layouts/AccountAreaView';
import { accountArea } from './accountArea';
import { organisationChoices, SwitchOrganisationContext } from './organisations';

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
  const switchOrganisation = useContext(SwitchOrganisationContext);
  return (
    <AccountAreaView
      organisationName={area.organisationName}
      badge={area.badge}
      items={area.items}
      organisations={organisationChoices(user)}
      onSwitchOrganisation={switchOrganisation}
    >
      {children}
    </AccountAreaView>
  );
}
