import { shallowEqual, useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { ADMIN_LIST_PAGE_SIZE } from '../../contract/admin';
import { recordListSelectors, type RecordListEvent } from '../machines/recordListFactory';
import type { AdminListProps } from '../views/components/AdminListControls';

const list = recordListSelectors(ADMIN_LIST_PAGE_SIZE);

/**
 * The part of an admin list's connector every record-list machine shares: its selectors to the
 * list's props (loading, search, page, alert), its callbacks to the list's events.
 */
export function useAdminList(
  ref: Pick<AnyActorRef, 'subscribe' | 'getSnapshot'> & { send(event: RecordListEvent): void },
): AdminListProps {
  return {
    loading: useSelector(ref, list.selectLoading),
    pageLoading: useSelector(ref, list.selectPageLoading),
    loadFailed: useSelector(ref, list.selectLoadFailed),
    onRetry: () => ref.send({ type: 'retry' }),
    search: useSelector(ref, list.selectSearch),
    onSearch: (value) => ref.send({ type: 'search.change', value }),
    page: useSelector(ref, list.selectPage, shallowEqual),
    onPrevious: () => ref.send({ type: 'page.previous' }),
    onNext: () => ref.send({ type: 'page.next' }),
    alert: useSelector(ref, list.selectAlert),
    onDismissAlert: () => ref.send({ type: 'alert.dismiss' }),
  };
}
