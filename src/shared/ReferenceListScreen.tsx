import { shallowEqual, useSelector } from '@xstate/react';
import { createElement } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ReferenceListKind } from '../../contract/referenceLists';
import {
  selectDeleteConfirmation,
  selectDisableConfirmation,
  selectReferenceForm,
  selectReferenceListAlert,
  selectReferenceListBusy,
  selectReferenceListLoadFailed,
  selectReferenceListLoading,
  selectReferenceListSummary,
  selectReferenceListTexts,
  selectReferenceRows,
  type referenceListMachine,
} from '../machines/referenceListMachine';
import { ReferenceListView } from '../views/components/ReferenceListView';
import type { FlowEntryFactory, FlowScreenProps } from './flow';
import { referenceFields, referenceListLogic } from './referenceListActors';

/**
 * The connector of a reference list's admin screen (Product Categories, Countries, Currencies):
 * the machine's selectors to the view's props, its callbacks to events.
 */
export function ReferenceListScreen({
  actor: ref,
  kind,
}: {
  actor: ActorRefFrom<typeof referenceListMachine>;
  kind: ReferenceListKind;
}) {
  const texts = useSelector(ref, selectReferenceListTexts);
  return (
    <ReferenceListView
      title={texts.title}
      singular={texts.singular}
      fields={referenceFields[kind]}
      loading={useSelector(ref, selectReferenceListLoading)}
      loadFailed={useSelector(ref, selectReferenceListLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      alert={useSelector(ref, selectReferenceListAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      rows={useSelector(ref, selectReferenceRows)}
      summary={useSelector(ref, selectReferenceListSummary)}
      busy={useSelector(ref, selectReferenceListBusy)}
      form={useSelector(ref, selectReferenceForm)}
      onCreate={() => ref.send({ type: 'create.start' })}
      onEdit={(id) => ref.send({ type: 'edit.start', id })}
      onSubmit={(values) => ref.send({ type: 'form.submit', values })}
      onCancelForm={() => ref.send({ type: 'cancel' })}
      onSetEnabled={(id, value) => ref.send({ type: 'enabled.set', id, value })}
      onMove={(id, moveUp) => ref.send({ type: 'order.move', id, moveUp })}
      onMoveTo={(id, index) => ref.send({ type: 'order.moveTo', id, index })}
      onDelete={(id) => ref.send({ type: 'delete.start', id })}
      deleteConfirmation={useSelector(ref, selectDeleteConfirmation)}
      onConfirmDelete={() => ref.send({ type: 'confirm' })}
      onCancelDelete={() => ref.send({ type: 'cancel' })}
      disableConfirmation={useSelector(ref, selectDisableConfirmation, shallowEqual)}
      onConfirmDisable={() => ref.send({ type: 'confirm' })}
      onCancelDisable={() => ref.send({ type: 'cancel' })}
    />
  );
}

/** A reference list flow's actors: the one reference list machine. */
export type ReferenceListActors = { referenceList: typeof referenceListMachine };

/** A reference list flow's entry: the machine with `kind`'s calls, and this screen. */
export function referenceListEntry(
  kind: ReferenceListKind,
): FlowEntryFactory<undefined, ReferenceListActors> {
  return (services) => {
    const logic = referenceListLogic(services.http, kind);
    function Screen({ flow }: FlowScreenProps<ReferenceListActors>) {
      return createElement(ReferenceListScreen, { actor: flow.referenceList, kind });
    }
    return { start: () => ({ referenceList: { logic, input: { kind } } }), Screen };
  };
}
