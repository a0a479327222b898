import { useSelector } from '@xstate/react';
import { avatarUploadHints, selectAvatarBusy } from '../../machines/avatarUploadMachine';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import { AvatarUploadWidget } from '../../shared/AvatarUploadWidget';
import type { FlowRefs, FlowScreenProps } from '../../shared/flow';
import { NewOrganisationView } from './NewOrganisationView';
import type { NewOrganisationActors } from './newOrganisation.flow';
import {
  selectNewOrganisationAlert,
  selectNewOrganisationBusy,
  selectNewOrganisationLogoRef,
} from './newOrganisationMachine';

type Ref = FlowRefs<NewOrganisationActors>['newOrganisation'];
type LogoRef = NonNullable<ReturnType<typeof selectNewOrganisationLogoRef>>;

/** New Organisation at /account/organisation/new, in the account area. */
export function NewOrganisationScreen({ flow, user }: FlowScreenProps<NewOrganisationActors>) {
  const logoRef = useSelector(flow.newOrganisation, selectNewOrganisationLogoRef);
  if (!user) return null;
  return (
    <AccountAreaFrame user={user} path="/account/organisation/new">
      {logoRef ? <NewOrganisationForm actor={flow.newOrganisation} logoRef={logoRef} /> : null}
    </AccountAreaFrame>
  );
}

function NewOrganisationForm({ actor, logoRef }: { actor: Ref; logoRef: LogoRef }) {
  const busy = useSelector(actor, selectNewOrganisationBusy);
  const alert = useSelector(actor, selectNewOrganisationAlert);
  const logoBusy = useSelector(logoRef, selectAvatarBusy);
  return (
    <NewOrganisationView
      logo={
        <AvatarUploadWidget
          avatarRef={logoRef}
          hint={avatarUploadHints.organisationLogo}
          name="Organisation"
          label="Organisation logo"
        />
      }
      logoBusy={logoBusy}
      busy={busy}
      alert={alert}
      onDismissAlert={() => actor.send({ type: 'alert.dismiss' })}
      onSubmit={(values) => actor.send({ type: 'form.submit', values })}
    />
  );
}
