/**
 * The reference list admin view (issue 19) from plain props, in each state its machine can be
 * in: loading, the load error with a retry, the table in Order with its actions (the keyboard's
 * Up and Down buttons, drag to a place), the form with the contract's messages and what was
 * typed kept, busy (focus kept: after a move it follows the row's button; the form takes it and
 * gives it back), the delete and disable confirmations; user content as text; axe-core's rules (colour
 * contrast is left to the e2e checks in Chromium).
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { referenceFields } from '../../src/shared/referenceListActors';
import {
  ReferenceListView,
  type ReferenceListViewProps,
  type ReferenceRowView,
} from '../../src/views/components/ReferenceListView';
import { axeViolations } from './axe';

const row = (id: number, name: string, position: number, enabled = true): ReferenceRowView => ({
  id,
  name,
  enabled,
  position,
  values: { name, code: `Q${String.fromCharCode(64 + id)}`, callingCode: `${id}0` },
  canMoveUp: position > 1,
  canMoveDown: position < 3,
});
const rows = [row(7, 'Atlantis', 1), row(8, '<b>Lemuria</b>', 2, false), row(9, 'Mu', 3)];

function props(overrides: Partial<ReferenceListViewProps> = {}): ReferenceListViewProps {
  return {
    title: 'Countries',
    singular: 'country',
    fields: referenceFields.countries,
    loading: false,
    loadFailed: false,
    onRetry: vi.fn(),
    alert: null,
    onDismissAlert: vi.fn(),
    rows,
    summary: '3 rows, 2 enabled',
    search: '',
    onSearch: vi.fn(),
    noMatches: false,
    busy: false,
    form: null,
    onCreate: vi.fn(),
    onEdit: vi.fn(),
    onSubmit: vi.fn(),
    onCancelForm: vi.fn(),
    onSetEnabled: vi.fn(),
    onMove: vi.fn(),
    onMoveTo: vi.fn(),
    onDelete: vi.fn(),
    deleteConfirmation: null,
    onConfirmDelete: vi.fn(),
    onCancelDelete: vi.fn(),
    disableConfirmation: null,
    onConfirmDisable: vi.fn(),
    onCancelDisable: vi.fn(),
    ...overrides,
  };
}

const violations = (p: ReferenceListViewProps) => axeViolations(<ReferenceListView {...p} />);

describe('ReferenceListView', () => {
  it('lists the rows in Order with their fields and status, names as text', () => {
    render(<ReferenceListView {...props()} />);
    const table = screen.getByRole('region', { name: 'Countries list' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Atlantis',
      '<b>Lemuria</b>',
      'Mu',
    ]);
    expect(within(bodyRows[1]!).getByText('Disabled')).toBeTruthy();
    expect(within(bodyRows[0]!).getByText('Enabled')).toBeTruthy();
    expect(within(bodyRows[0]!).getByText('QG')).toBeTruthy();
    expect(screen.getByText('3 rows, 2 enabled')).toBeTruthy();
    // The first cannot move up, the last cannot move down.
    expect(
      (screen.getByRole('button', { name: 'Up: move Atlantis up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Down: move Mu down' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('sends each action of a row: move by keyboard, enable, disable, edit, delete, add', async () => {
    const p = props();
    render(<ReferenceListView {...p} />);
    await userEvent.click(screen.getByRole('button', { name: 'Down: move Atlantis down' }));
    expect(p.onMove).toHaveBeenCalledWith(7, false);
    await userEvent.click(screen.getByRole('button', { name: 'Up: move Mu up' }));
    expect(p.onMove).toHaveBeenCalledWith(9, true);
    await userEvent.click(screen.getByRole('button', { name: 'Enable <b>Lemuria</b>' }));
    expect(p.onSetEnabled).toHaveBeenCalledWith(8, true);
    await userEvent.click(screen.getByRole('button', { name: 'Disable Mu' }));
    expect(p.onSetEnabled).toHaveBeenCalledWith(9, false);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Mu' }));
    expect(p.onEdit).toHaveBeenCalledWith(9);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Atlantis' }));
    expect(p.onDelete).toHaveBeenCalledWith(7);
    await userEvent.click(screen.getByRole('button', { name: 'Add country' }));
    expect(p.onCreate).toHaveBeenCalled();
  });

  it('moves a dragged row to the place it is dropped on', () => {
    const p = props();
    render(<ReferenceListView {...p} />);
    const bodyRows = within(screen.getByRole('region', { name: 'Countries list' }))
      .getAllByRole('row')
      .slice(1);
    const dataTransfer = { effectAllowed: '', setData: vi.fn() };
    fireEvent.dragStart(bodyRows[0]!, { dataTransfer });
    fireEvent.dragOver(bodyRows[2]!, { dataTransfer });
    fireEvent.drop(bodyRows[2]!, { dataTransfer });
    expect(p.onMoveTo).toHaveBeenCalledWith(7, 2);
  });

  it('drops a dragged row at its place in the whole list while a search hides others', () => {
    // The search shows Atlantis (1) and Mu (3): Atlantis dropped on Mu goes to index 2.
    const p = props({ search: 'a', rows: [rows[0]!, rows[2]!] });
    render(<ReferenceListView {...p} />);
    const bodyRows = within(screen.getByRole('region', { name: 'Countries list' }))
      .getAllByRole('row')
      .slice(1);
    const dataTransfer = { effectAllowed: '', setData: vi.fn() };
    fireEvent.dragStart(bodyRows[0]!, { dataTransfer });
    fireEvent.dragOver(bodyRows[1]!, { dataTransfer });
    fireEvent.drop(bodyRows[1]!, { dataTransfer });
    expect(p.onMoveTo).toHaveBeenCalledWith(7, 2);
  });

  it('searches by name or code from a labelled field, and says when nothing matches', async () => {
    const p = props();
    const { rerender } = render(<ReferenceListView {...p} />);
    const field = screen.getByRole('searchbox', { name: 'Search countries by name or code' });
    await userEvent.type(field, 'q');
    expect(p.onSearch).toHaveBeenLastCalledWith('q');
    rerender(<ReferenceListView {...p} search="QI" rows={[rows[1]!]} />);
    expect(screen.getByRole('status').textContent).toBe('1 shown.');
    rerender(<ReferenceListView {...p} search=" zz " rows={[]} noMatches />);
    expect(screen.getByRole('status').textContent).toBe('No countries match \u2018zz\u2019.');
    expect(screen.queryByRole('region', { name: 'Countries list' })).toBeNull();
    expect(await violations(props({ search: 'zz', rows: [], noMatches: true }))).toEqual([]);
  });

  it('waits while a call is on its way: aria-disabled, still focusable, clicks ignored', async () => {
    const p = props({ busy: true });
    render(<ReferenceListView {...p} />);
    for (const name of ['Edit Mu', 'Delete Mu', 'Disable Mu', 'Add country', 'Up: move Mu up']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(false);
      expect(button.getAttribute('aria-disabled')).toBe('true');
      await userEvent.click(button);
    }
    expect(p.onEdit).not.toHaveBeenCalled();
    expect(p.onDelete).not.toHaveBeenCalled();
    expect(p.onSetEnabled).not.toHaveBeenCalled();
    expect(p.onCreate).not.toHaveBeenCalled();
    expect(p.onMove).not.toHaveBeenCalled();
  });

  it('keeps focus on the moved row by keyboard: the same button, or its other one at an end', async () => {
    const p = props();
    const { rerender } = render(<ReferenceListView {...p} />);
    const down = screen.getByRole('button', { name: 'Down: move Atlantis down' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    expect(p.onMove).toHaveBeenCalledWith(7, false);
    // While the call runs, the pressed button is busy and keeps focus.
    rerender(<ReferenceListView {...p} busy />);
    expect(document.activeElement).toBe(down);
    expect(down.getAttribute('aria-busy')).toBe('true');
    // The answer: Atlantis is second now, and focus is on its Down button still.
    const moved = [row(8, '<b>Lemuria</b>', 1, false), row(7, 'Atlantis', 2), row(9, 'Mu', 3)];
    rerender(<ReferenceListView {...p} rows={moved} />);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Down: move Atlantis down' }),
    );
    // Once more: Atlantis is last, its Down button can never act, so focus goes to its Up.
    await userEvent.keyboard('{Enter}');
    expect(p.onMove).toHaveBeenLastCalledWith(7, false);
    rerender(<ReferenceListView {...p} rows={moved} busy />);
    const last = [row(8, '<b>Lemuria</b>', 1, false), row(9, 'Mu', 2), row(7, 'Atlantis', 3)];
    rerender(<ReferenceListView {...p} rows={last} />);
    expect(
      (screen.getByRole('button', { name: 'Down: move Atlantis down' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Up: move Atlantis up' }),
    );
  });

  it('moves focus into the form when it opens, and back to the row or Add when it closes', async () => {
    const p = props();
    const { rerender } = render(<ReferenceListView {...p} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Mu' }));
    expect(p.onEdit).toHaveBeenCalledWith(9);
    const editing = { mode: 'edit' as const, values: rows[2]!.values, busy: false };
    rerender(<ReferenceListView {...p} form={editing} />);
    expect(screen.getByRole('form', { name: 'Edit country' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    rerender(<ReferenceListView {...p} form={null} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Mu' }));

    await userEvent.click(screen.getByRole('button', { name: 'Add country' }));
    rerender(<ReferenceListView {...p} form={{ mode: 'create', values: null, busy: false }} />);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    rerender(<ReferenceListView {...p} form={{ mode: 'create', values: null, busy: true }} />);
    rerender(<ReferenceListView {...p} form={null} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add country' }));
  });

  it('shows loading, and the load error with a retry', async () => {
    const { unmount } = render(<ReferenceListView {...props({ loading: true })} />);
    expect(screen.getByText('Loading, please wait...')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Countries list' })).toBeNull();
    unmount();
    const p = props({
      loadFailed: true,
      alert: { level: 'danger', title: null, messages: ['Failed to fetch countries'] },
    });
    render(<ReferenceListView {...p} />);
    expect(screen.getByText('Failed to fetch countries')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(p.onRetry).toHaveBeenCalled();
  });

  it('checks the form with the contract messages, then sends what was typed', async () => {
    const p = props({ form: { mode: 'create', values: null, busy: false } });
    render(<ReferenceListView {...p} />);
    expect(screen.getByRole('heading', { name: 'New country' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code'), 'g');
    await userEvent.type(screen.getByLabelText('Calling code'), '+44');
    await userEvent.click(screen.getByRole('button', { name: 'Add country' }));
    expect(screen.getByText('Please enter a name')).toBeTruthy();
    expect(screen.getByText('Please enter a two-letter ISO 3166-1 code (e.g. GB)')).toBeTruthy();
    expect(
      screen.getByText('Please enter the calling code: 1 to 4 digits, without +'),
    ).toBeTruthy();
    expect(p.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Name'), 'Atlantis');
    await userEvent.type(screen.getByLabelText('Code'), 'q');
    await userEvent.clear(screen.getByLabelText('Calling code'));
    await userEvent.type(screen.getByLabelText('Calling code'), '999');
    await userEvent.click(screen.getByRole('button', { name: 'Add country' }));
    expect(p.onSubmit).toHaveBeenCalledWith({ name: 'Atlantis', code: 'gq', callingCode: '999' });
  });

  it('shows the values kept after a refusal, the server message, and cancels', async () => {
    const p = props({
      form: {
        mode: 'edit',
        values: { name: 'Atlantis', code: 'QA', callingCode: '7' },
        busy: false,
      },
      alert: {
        level: 'danger',
        title: 'The changes could not be saved, please try again.',
        messages: ["A country named 'Atlantis' already exists."],
      },
    });
    render(<ReferenceListView {...p} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Atlantis');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('QA');
    expect(screen.getByText("A country named 'Atlantis' already exists.")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(p.onCancelForm).toHaveBeenCalled();
  });

  it('asks before deleting, and tells when it is on its way', async () => {
    const p = props({ deleteConfirmation: { name: 'Mu', busy: false } });
    const { rerender } = render(<ReferenceListView {...p} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete country', hidden: true });
    expect(within(dialog).getByText(/Delete ‘Mu’\?/)).toBeTruthy();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Yes, Delete', hidden: true }),
    );
    expect(p.onConfirmDelete).toHaveBeenCalled();
    rerender(<ReferenceListView {...p} deleteConfirmation={{ name: 'Mu', busy: true }} />);
    expect(within(dialog).getByRole('button', { name: 'Deleting...', hidden: true })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(p.onCancelDelete).toHaveBeenCalled();
  });

  it('asks before disabling, and tells when it is on its way', async () => {
    const asking = {
      title: 'Disable country',
      text: 'Disable ‘Mu’? It stays listed here, but it leaves every country and phone picker.',
      confirmLabel: 'Yes, Disable',
      busy: false,
    };
    const p = props({ disableConfirmation: asking });
    const { rerender } = render(<ReferenceListView {...p} />);
    const dialog = screen.getByRole('dialog', { name: 'Disable country', hidden: true });
    expect(within(dialog).getByText(/Disable ‘Mu’\? It stays listed here/)).toBeTruthy();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Yes, Disable', hidden: true }),
    );
    expect(p.onConfirmDisable).toHaveBeenCalledTimes(1);
    const busy = { ...asking, confirmLabel: 'Disabling...', busy: true };
    rerender(<ReferenceListView {...p} disableConfirmation={busy} />);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Disabling...', hidden: true }),
    );
    expect(p.onConfirmDisable).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(p.onCancelDisable).toHaveBeenCalled();
    expect(p.onCancelDelete).not.toHaveBeenCalled();
  });

  it('has no axe violations: the table, busy, the form, the dialogs, the load error', async () => {
    expect(await violations(props({ busy: true }))).toEqual([]);
    expect(
      await violations(
        props({
          disableConfirmation: {
            title: 'Disable country',
            text: 'Disable ‘Mu’? It stays listed here.',
            confirmLabel: 'Yes, Disable',
            busy: false,
          },
        }),
      ),
    ).toEqual([]);
    expect(await violations(props())).toEqual([]);
    expect(
      await violations(props({ form: { mode: 'create', values: null, busy: false } })),
    ).toEqual([]);
    expect(
      await violations(
        props({
          loadFailed: true,
          alert: { level: 'danger', title: null, messages: ['Failed to fetch currencies'] },
        }),
      ),
    ).toEqual([]);
  });
});
