import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Alert } from '../../src/views/components/Alert';
import { Avatar } from '../../src/views/components/Avatar';
import { Button } from '../../src/views/components/Button';
import { LoadingIndicator } from '../../src/views/components/LoadingIndicator';
import { Logo } from '../../src/views/components/Logo';
import { Modal } from '../../src/views/components/Modal';
import type { ModalButtonSet, ModalResult } from '../../src/views/components/Modal';
import { TextField } from '../../src/views/components/TextField';

describe('Logo', () => {
  it("is the 'Givedrop' image linking to /", () => {
    render(<Logo />);
    const link = screen.getByRole('link', { name: 'Givedrop' });
    expect(link.getAttribute('href')).toBe('/');
    const image = within(link).getByRole('img', { name: 'Givedrop' });
    // Drawn inline (an <img> of an SVG file is a document of its own to render): the drop is
    // hidden from assistive technology, the image's name is the product's.
    expect(image.tagName.toLowerCase()).toBe('span');
    expect(image.textContent).toBe('Givedrop');
    expect(image.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('Button', () => {
  it('calls onClick and defaults to type=button', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows the busy text, stays focusable and ignores clicks while busy', async () => {
    const onClick = vi.fn();
    render(
      <Button busy busyText="Saving..." onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    button.focus();
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps its label when busy without a busy text', () => {
    render(<Button busy>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true');
  });
});

describe('TextField', () => {
  it('labels the input and links the hint and the error', () => {
    render(
      <TextField label="Email" hint="We never share it" error="Please enter your email address" />,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['We never share it', 'Please enter your email address']);
  });

  it('is not invalid without an error and passes the ref to the input', () => {
    let node: HTMLInputElement | null = null;
    render(<TextField label="Name" ref={(el) => void (node = el)} />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(node).toBe(input);
  });
});

describe('Alert', () => {
  it.each([
    ['Danger', 'alert'],
    ['Warning', 'alert'],
    ['Info', 'status'],
    ['Success', 'status'],
  ] as const)('%s uses role=%s', (level, role) => {
    render(<Alert level={level} title="Title" messages={['One']} />);
    const alert = screen.getByRole(role, { name: 'Title' });
    expect(alert.getAttribute('data-level')).toBe(level);
    expect(within(alert).getByText('One')).toBeTruthy();
  });

  it('lists several messages and offers a dismiss button only when dismissible', async () => {
    const onDismiss = vi.fn();
    const { rerender } = render(
      <Alert level="Success" title="Preferences Updated" messages={['A', 'B']} />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A', 'B']);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <Alert
        level="Success"
        title="Preferences Updated"
        messages={['A', 'B']}
        onDismiss={onDismiss}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe('LoadingIndicator', () => {
  it("defaults to 'Loading, please wait...' in a status region", () => {
    render(<LoadingIndicator />);
    expect(screen.getByRole('status').textContent).toBe('Loading, please wait...');
  });

  it('shows a given text', () => {
    render(<LoadingIndicator text="Loading..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });
});

describe('Avatar', () => {
  it('shows initials in the given colours without an image', () => {
    render(<Avatar name="Ann Lee Smith" color="#ffffff" bgColor="#0f6b66" />);
    const avatar = screen.getByRole('img', { name: 'Ann Lee Smith' });
    expect(avatar.textContent).toBe('AS');
    expect(avatar.style.color).toBe('rgb(255, 255, 255)');
    expect(avatar.style.backgroundColor).toBe('rgb(15, 107, 102)');
  });

  it('shows the image, and falls back to initials when it fails to load', () => {
    render(<Avatar name="Ann Smith" imageUrl="https://example.org/ann.png" />);
    const image = screen.getByRole('img', { name: 'Ann Smith' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Ann Smith' }).textContent).toBe('AS');
  });

  it('is hidden from assistive technology with an empty alt', () => {
    render(<Avatar name="Ann Smith" alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

function ModalHarness({
  buttons,
  onResult,
}: {
  buttons: ModalButtonSet;
  onResult: (result: ModalResult) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      title="Confirm"
      buttons={buttons}
      onClose={(result) => {
        onResult(result);
        setOpen(false);
      }}
    >
      <p>Are you sure?</p>
    </Modal>
  );
}

describe('Modal', () => {
  it('opens as a modal dialog named by its title', () => {
    render(<ModalHarness buttons="OK" onResult={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
  });

  it('Escape cancels it', async () => {
    const onResult = vi.fn();
    render(<ModalHarness buttons="OkCancel" onResult={onResult} />);
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    within(dialog).getByRole('button', { name: 'OK' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onResult).toHaveBeenCalledWith('cancel');
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.queryByText('Are you sure?')).toBeNull();
  });

  it("the browser's cancel request (e.g. a back gesture) cancels it", () => {
    const onResult = vi.fn();
    render(<ModalHarness buttons="OK" onResult={onResult} />);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onResult).toHaveBeenCalledWith('cancel');
  });

  it('the close button cancels it', async () => {
    const onResult = vi.fn();
    render(<ModalHarness buttons="OK" onResult={onResult} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onResult).toHaveBeenCalledWith('cancel');
    expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(false);
  });

  it('a click outside the panel (on the backdrop) cancels it; a click inside does not', async () => {
    const onResult = vi.fn();
    render(<ModalHarness buttons="OK" onResult={onResult} />);
    await userEvent.click(screen.getByText('Are you sure?'));
    expect(onResult).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('dialog'));
    expect(onResult).toHaveBeenCalledWith('cancel');
  });

  it.each([
    ['OK', ['Close', 'OK'], 'OK', 'ok'],
    ['OkCancel', ['Close', 'Cancel', 'OK'], 'OK', 'ok'],
    ['OkCancel', ['Close', 'Cancel', 'OK'], 'Cancel', 'cancel'],
    ['YesNoCancel', ['Close', 'Cancel', 'No', 'Yes'], 'Yes', 'yes'],
    ['YesNoCancel', ['Close', 'Cancel', 'No', 'Yes'], 'No', 'no'],
    ['YesNoCancel', ['Close', 'Cancel', 'No', 'Yes'], 'Cancel', 'cancel'],
  ] as const)('%s shows %j; %s gives %s', async (buttons, names, press, result) => {
    const onResult = vi.fn();
    render(<ModalHarness buttons={buttons} onResult={onResult} />);
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent || button.getAttribute('aria-label')),
    ).toEqual([...names]);
    await userEvent.click(within(dialog).getByRole('button', { name: press }));
    expect(onResult).toHaveBeenCalledExactlyOnceWith(result);
  });
});
