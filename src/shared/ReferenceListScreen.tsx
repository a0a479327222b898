import { shallowEqual, useSelector } from '@xstate/react';
import { createElement } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ReferenceListKind } from '../../contract/referenceLists';
import * as chart from '../machines/referenceListMachine';
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
  actor: ActorRefFrom<typeof chart.referenceListMachine>;
  kind: ReferenceListKind;
}) {
  const texts = useSelector(ref, chart.selectReferenceListTexts);
  return (
    <ReferenceListView
      title={texts.title}
      singular={texts.singular}
      fields={referenceFields[kind]}
      loading={useSelector(ref, chart.selectReferenceListLoading)}
      loadFailed={useSelector(ref, chart.selectReferenceListLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      alert={useSelector(ref, chart.selectReferenceListAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      rows={useSelector(ref, chart.selectReferenceRows)}
      summary={useSelector(ref, chart.selectReferenceListSummary)}
      search={useSelector(ref, chart.selectReferenceSearch)}
      onSearch={(value) => ref.send({ type: 'search.change', value })}
      noMatches={useSelector(ref, chart.selectReferenceNoMatches)}
      busy={useSelector(ref, chart.selectReferenceListBusy)}
      form={useSelector(ref, chart.selectReferenceForm)}
      onCreate={() => ref.send({ type: 'create.start' })}
      onEdit={(id) => ref.send({ type: 'edit.start', id })}
      onSubmit={(values) => ref.send({ type: 'form.submit', values })}
      onCancelForm={() => ref.send({ type: 'cancel' })}
      onSetEnabled={(id, value) => ref.send({ type: 'enabled.set', id, value })}
      onMove={(id, moveUp) => ref.send({ type: 'order.move', id, moveUp })}
      onMoveTo={(id, index) => ref.send({ type: 'order.moveTo', id, index })}
      onDelete={(id) => ref.send({ type: 'delete.start', id })}
      deleteConfirmation={useSelector(ref, chart.selectDeleteConfirmation)}
      onConfirmDelete={() => ref.send({ type: 'confirm' })}
      onCancelDelete={() => ref.send({ type: 'cancel' })}
      disableConfirmation={useSelector(ref, chart.selectDisableConfirmation, shallowEqual)}
      onConfirmDisable={() => ref.send({ type: 'confirm' })}
      onCancelDisable={() => ref.send({ type: 'cancel' })}
    />
  );
}

/** A reference list flow's actors: the one reference list machine. */
export type ReferenceListActors = { referenceList: typeof chart.referenceListMachine };

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
