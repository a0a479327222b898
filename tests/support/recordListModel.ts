/**
 * The model of a paged record list's path tests (the admin lists, made by
 * src/machines/recordListFactory.ts), written from spec §3 (List request and response) and the
 * lists' brief (issue 19): POST …/list with page, pageSize 20, the list's sort (descending), the
 * trimmed search and the total count; the search waits 400 ms after typing and starts again at
 * page 1; next and previous pages only within the total; a failed load shows the spec's text above
 * the server's words with a retry, which clears it; 'Loading, please wait...' only until the first
 * page arrives; the pager's buttons wait (busy) while a call runs. Each list's own model adds its
 * row action's phases and checks to this one.
 */
import { expect } from 'vitest';
import type { PageInfo } from '../../src/machines/recordListFactory';
import type { SpecState } from './pathHarness';

export interface ListAlert {
  kind: string;
  title: string | null;
  messages: string[];
}

/** What every paged list's model holds; `phase` is one of the list's states or the action's. */
export interface ListModel<TRow, TPhase extends string> {
  phase: TPhase | 'loading' | 'failed' | 'searching' | 'ready';
  search: string;
  page: number;
  list: TRow[] | null;
  total: number;
  alert: ListAlert | null;
  calls: { name: string; input: unknown }[];
}

/** The selectors every paged list has. */
export interface ListSelectors<TSnapshot> {
  loading: (s: TSnapshot) => boolean;
  pageLoading: (s: TSnapshot) => boolean;
  loadFailed: (s: TSnapshot) => boolean;
  search: (s: TSnapshot) => string;
  page: (s: TSnapshot) => PageInfo;
  alert: (s: TSnapshot) => (ListAlert & { level: string }) | null;
}

const PAGE_SIZE = 20;

export function pagedListModel<TRow, TPhase extends string>(list: {
  /** The machine's id (its debounce event names it). */
  id: string;
  /** The list call's actor, its sort, and the spec's load failure. */
  actor: string;
  sortBy: string;
  loadFailed: string;
  /** The load failure's server words (the path generator keeps one error per step). */
  serverWords: string[];
}) {
  type Model = ListModel<TRow, TPhase>;
  const request = (m: Pick<Model, 'page' | 'search'>) => ({
    name: list.actor,
    input: {
      page: m.page,
      pageSize: PAGE_SIZE,
      sortBy: list.sortBy,
      sortByDescending: true,
      searchString: m.search.trim(),
      getTotalCount: true,
    },
  });
  const pages = (m: Model) => Math.max(1, Math.ceil(m.total / PAGE_SIZE));
  const load = (m: Model, page: number): Model => ({
    ...m,
    phase: 'loading',
    page,
    calls: [...m.calls, request({ page, search: m.search })],
  });
  const listEvent = (
    m: Model,
    event: { type: string; [key: string]: unknown },
  ): Model | undefined => {
    switch (event.type) {
      case `xstate.done.actor.${list.actor}`: {
        const output = event.output as { list: TRow[]; totalCount?: number | null };
        return m.phase === 'loading'
          ? { ...m, phase: 'ready', list: output.list, total: output.totalCount ?? 0 }
          : m;
      }
      case `xstate.error.actor.${list.actor}`: {
        if (m.phase !== 'loading') return m;
        // The spec's text as the title above the server's words (titledFailure).
        const alert = { kind: 'loadFailed', title: list.loadFailed, messages: list.serverWords };
        return { ...m, phase: 'failed', alert };
      }
      case 'retry':
        return m.phase === 'failed' ? { ...load(m, m.page), alert: null } : m;
      case 'search.change':
        return m.phase === 'loading' || m.phase === 'ready' || m.phase === 'searching'
          ? { ...m, phase: 'searching', search: event.value as string, page: 1 }
          : m;
      case `xstate.after.searchDebounce.${list.id}.searching`:
        return m.phase === 'searching' ? load(m, 1) : m;
      case 'page.next':
        return m.phase === 'ready' && m.page < pages(m) ? load(m, m.page + 1) : m;
      case 'page.previous':
        return m.phase === 'ready' && m.page > 1 ? load(m, m.page - 1) : m;
      case 'alert.dismiss':
        return m.phase === 'ready' ? { ...m, alert: null } : m;
      default:
        return undefined;
    }
  };
  return {
    /** The first page is asked at once. */
    start: (): Model => ({
      phase: 'loading',
      search: '',
      page: 1,
      list: null,
      total: 0,
      alert: null,
      calls: [request({ page: 1, search: '' })],
    }),
    /** The list's own events (keeping the action's fields); `action` takes the others. */
    next: <M extends Model>(
      m: M,
      event: { type: string; [key: string]: unknown },
      action: (m: M, event: { type: string; [key: string]: unknown }) => M,
    ): M => (listEvent(m, event) as M | undefined) ?? action(m, event),
    /** What every list shows; `busy` says which of the action's phases is a call. */
    expectShown<TSnapshot extends { value: unknown }>(
      s: TSnapshot,
      m: Model,
      calls: unknown,
      selectors: ListSelectors<TSnapshot>,
      busy: TPhase,
    ) {
      expect(s.value).toBe(m.phase);
      expect(calls).toEqual(m.calls);
      const pageLoading = m.phase === 'loading' || m.phase === 'searching';
      // 'Loading, please wait...' until the first page arrives; then the shown list waits.
      expect(selectors.loading(s)).toBe(pageLoading && m.list === null);
      expect(selectors.pageLoading(s)).toBe(pageLoading);
      expect(selectors.loadFailed(s)).toBe(m.phase === 'failed');
      expect(selectors.search(s)).toBe(m.search);
      // Previous and Next are disabled only past the first and last page; busy while a call runs.
      expect(selectors.page(s)).toEqual({
        page: m.page,
        pageCount: pages(m),
        totalCount: m.total,
        hasPrevious: m.page > 1,
        hasNext: m.page < pages(m),
        busy: pageLoading || m.phase === busy,
      });
      const alert = selectors.alert(s);
      expect(
        alert === null ? null : { kind: alert.kind, title: alert.title, messages: alert.messages },
      ).toEqual(m.alert);
      return alert;
    },
    /**
     * The spec table's state (pathHarness.ts SpecState) from the model: the list's states by
     * their phase (loading and searching: tag loading; the action's call, `busy`: tag busy), the
     * flow ending in the `ends` phases (an action whose outcome ends the list's flow).
     */
    state(m: Model, busy: TPhase, ends: readonly TPhase[] = []): SpecState {
      return {
        value: m.phase,
        tags: { loading: m.phase === 'loading' || m.phase === 'searching', busy: m.phase === busy },
        done: (ends as readonly string[]).includes(m.phase),
        shown: m,
      };
    },
    /** The search is asked 400 ms after the last keystroke; nothing else waits. */
    expectWait(before: Model, after: Model, elapsedMs: number) {
      expect(elapsedMs).toBe(before.phase === 'searching' && after.phase === 'loading' ? 400 : 0);
    },
  };
}
