import { describe, expect, it, vi } from 'vitest';
import { createRef, useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckboxField } from '../../src/views/components/CheckboxField';
import { DateOfBirthField } from '../../src/views/components/DateOfBirthField';
import { EmailVerificationField } from '../../src/views/components/EmailVerificationField';
import type {
  EmailVerificationFieldHandle,
  EmailVerificationFieldProps,
} from '../../src/views/components/EmailVerificationField';
import { HandleField } from '../../src/views/components/HandleField';
import type { HandleStatus } from '../../src/views/components/HandleField';
import { PasswordChecklist } from '../../src/views/components/PasswordChecklist';
import { PhoneField } from '../../src/views/components/PhoneField';
import type { PhoneCountryOption } from '../../src/views/components/PhoneField';
import { Stepper } from '../../src/views/components/Stepper';
import { ThirdPartyButton } from '../../src/views/components/ThirdPartyButton';
import { EMPTY_PHONE } from '../../src/validation/phone';
import type { PhoneValue } from '../../src/validation/phone';
import { describedText } from '../support/describedText';

const COUNTRIES: PhoneCountryOption[] = [
  { code: 'FR', name: 'France', callingCode: '33' },
  { code: 'GB', name: 'United Kingdom', callingCode: '44' },
  { code: 'US', name: 'United States', callingCode: '1' },
];

describe('EmailVerificationField', () => {
  function renderWidget(overrides: Partial<EmailVerificationFieldProps> = {}) {
    const props: EmailVerificationFieldProps = {
      state: 'entering',
      email: '',
      onRequestCode: vi.fn(),
      onSubmitCode: vi.fn(),
      onResend: vi.fn(),
      onChangeEmail: vi.fn(),
      ...overrides,
    };
    const ref = createRef<EmailVerificationFieldHandle>();
    const onFormSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const user = userEvent.setup();
    const utils = render(
      <form onSubmit={onFormSubmit}>
        <EmailVerificationField ref={ref} {...props} />
        <button type="submit">Outer submit</button>
      </form>,
    );
    const rerenderWith = (next: Partial<EmailVerificationFieldProps>) =>
      utils.rerender(
        <form onSubmit={onFormSubmit}>
          <EmailVerificationField ref={ref} {...props} {...next} />
          <button type="submit">Outer submit</button>
        </form>,
      );
    return {
      ...utils,
      props,
      ref,
      user,
      onFormSubmit,
      rerenderWith,
      email: () => screen.getByLabelText('Email') as HTMLInputElement,
      code: () => screen.getByLabelText('Verification code') as HTMLInputElement,
    };
  }

  it("entering: asks for an address with 'Please enter an email address'", async () => {
    const { user, email, props } = renderWidget();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(screen.queryByRole('button', { name: '(re-send)' })).toBeNull();
    expect(screen.queryByRole('button', { name: '(change email)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter an email address')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email())).toBe('Please enter an email address');
    expect(document.activeElement).toBe(email());
    expect(props.onRequestCode).not.toHaveBeenCalled();
  });

  it("entering: 'Please enter a valid email address', cleared as the address is fixed", async () => {
    const { user, email, props } = renderWidget();
    await user.type(email(), 'ann@example');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    await user.type(email(), '.org');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(props.onRequestCode).toHaveBeenCalledWith('ann@example.org');
  });

  it('Enter in the email input requests the code and does not submit the form around it', async () => {
    const { user, email, props, onFormSubmit } = renderWidget();
    await user.type(email(), ' ann@example.org {Enter}');
    expect(props.onRequestCode).toHaveBeenCalledWith('ann@example.org');
    expect(onFormSubmit).not.toHaveBeenCalled();
  });

  it("requesting: 'Sending...' while the email is read-only", async () => {
    const { user, email, props } = renderWidget({ state: 'requesting', email: 'ann@example.org' });
    const busy = screen.getByRole('button', { name: 'Sending...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(email().readOnly).toBe(true);
    expect(email().value).toBe('ann@example.org');
    await user.click(busy);
    expect(props.onRequestCode).not.toHaveBeenCalled();
  });

  it('awaitingCode: the code entry, (re-send) and (change email)', async () => {
    const { user, code, email, props, onFormSubmit } = renderWidget({
      state: 'awaitingCode',
      email: 'ann@example.org',
    });
    expect(email().readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.getByText(/A verification code was sent to/).textContent).toBe(
      'A verification code was sent to ann@example.org.',
    );
    expect(describedText(code())).toContain('A verification code was sent to ann@example.org.');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    expect(document.activeElement).toBe(code());
    expect(props.onSubmitCode).not.toHaveBeenCalled();
    await user.type(code(), '123456');
    expect(screen.queryByText('Please enter the verification code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(props.onSubmitCode).toHaveBeenCalledWith('123456');
    await user.type(code(), '{Enter}');
    expect(props.onSubmitCode).toHaveBeenCalledTimes(2);
    expect(onFormSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '(re-send)' }));
    expect(props.onResend).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '(change email)' }));
    expect(props.onChangeEmail).toHaveBeenCalledTimes(1);
  });

  it('moves focus to the code entry when the code was sent, and clears the code on leaving it', async () => {
    const { user, email, code, rerenderWith } = renderWidget();
    await user.type(email(), 'ann@example.org{Enter}');
    rerenderWith({ state: 'requesting', email: 'ann@example.org' });
    rerenderWith({ state: 'awaitingCode', email: 'ann@example.org' });
    expect(document.activeElement).toBe(code());
    await user.type(code(), '999');
    rerenderWith({ state: 'entering', email: 'ann@example.org' });
    expect(document.activeElement).toBe(email());
    expect(email().value).toBe('ann@example.org');
    rerenderWith({ state: 'awaitingCode', email: 'ann@example.org' });
    expect(code().value).toBe('');
  });

  it("verifying: 'Verifying...' and no re-send", () => {
    const { code } = renderWidget({ state: 'verifying', email: 'ann@example.org' });
    expect(screen.getByRole('button', { name: 'Verifying...' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(code().readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: '(re-send)' })).toBeNull();
  });

  it('verified: the address read-only, marked Verified, with (change email)', async () => {
    const { user, email, props } = renderWidget({ state: 'verified', email: 'ann@example.org' });
    expect(email().readOnly).toBe(true);
    expect(email().value).toBe('ann@example.org');
    expect(describedText(email())).toBe('Verified');
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.queryByRole('button', { name: '(re-send)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '(change email)' }));
    expect(props.onChangeEmail).toHaveBeenCalledTimes(1);
  });

  it("shows the machine's messages in an alert, and '(re-send)' when they call for it", async () => {
    const { user, code, props } = renderWidget({
      state: 'awaitingCode',
      email: 'ann@example.org',
      errorMessages: ['Invalid or expired verification code.'],
      showResend: true,
    });
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification code.');
    expect(code().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(code())).toContain('Invalid or expired verification code.');
    await user.click(screen.getByRole('button', { name: '(re-send)' }));
    expect(props.onResend).toHaveBeenCalledTimes(1);
  });

  it('offers (re-send) back in entering when the server said too many attempts', () => {
    renderWidget({
      state: 'entering',
      email: 'ann@example.org',
      errorMessages: ['Too many failed attempts. Please request a new verification code.'],
      showResend: true,
    });
    expect(screen.getByRole('button', { name: '(re-send)' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many failed attempts. Please request a new verification code.',
    );
  });

  it('lists several messages', () => {
    renderWidget({
      errorMessages: ['Error sending verification email, please refresh and try again', 'Other'],
    });
    expect(within(screen.getByRole('alert')).getAllByRole('listitem')).toHaveLength(2);
  });

  it("shows the form's message ('Please verify your email address.') on the email input", () => {
    const { email } = renderWidget({ error: 'Please verify your email address.' });
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email())).toBe('Please verify your email address.');
  });

  it('can be focused by its parent: the email, or the code while awaiting it', () => {
    const { ref, email, code, rerenderWith } = renderWidget();
    act(() => ref.current?.focus());
    expect(document.activeElement).toBe(email());
    rerenderWith({ state: 'awaitingCode', email: 'ann@example.org' });
    screen.getByRole('button', { name: 'Outer submit' }).focus();
    act(() => ref.current?.focus());
    expect(document.activeElement).toBe(code());
  });
});

describe('HandleField', () => {
  function Stateful({ status, onChange }: { status: HandleStatus; onChange: (v: string) => void }) {
    const [value, setValue] = useState('');
    return (
      <HandleField
        value={value}
        status={status}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('reports every change with the value, and limits input to 20 characters', async () => {
    const onChange = vi.fn();
    render(<Stateful status="empty" onChange={onChange} />);
    const input = screen.getByLabelText('Profile name/handle') as HTMLInputElement;
    expect(input.maxLength).toBe(20);
    await userEvent.type(input, 'ann');
    expect(onChange.mock.calls.map(([v]) => v)).toEqual(['a', 'an', 'ann']);
    expect(describedText(input)).toContain(
      'Letters, numbers and underscores only, 4-20 characters.',
    );
  });

  it.each([
    ['checking', 'Checking availability...'],
    ['available', 'Available'],
    ['notAvailable', 'Not Available'],
    ['invalid', 'Letters, numbers and underscores only, 4-20 characters.'],
  ] as const)('status %s reads %j in a polite live region', (status, text) => {
    render(<HandleField value="ann_lee" status={status} onChange={vi.fn()} />);
    const input = screen.getByLabelText('Profile name/handle');
    const region = document.querySelector('[aria-live="polite"]');
    expect(region?.textContent).toBe(text);
    expect(describedText(input)).toContain(text);
  });

  it('status error shows the machine text; empty shows nothing', () => {
    const { rerender } = render(
      <HandleField
        value="ann_lee"
        status="error"
        message="Error checking handle availability"
        onChange={vi.fn()}
      />,
    );
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      'Error checking handle availability',
    );
    rerender(<HandleField value="" status="empty" onChange={vi.fn()} />);
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('');
  });

  it("marks 'Not Available' invalid, and shows the form's message", () => {
    render(
      <HandleField
        value="taken"
        status="notAvailable"
        error="Profile name/handle not available"
        onChange={vi.fn()}
      />,
    );
    const input = screen.getByLabelText('Profile name/handle');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain('Profile name/handle not available');
  });
});

describe('PasswordChecklist', () => {
  const states = () => screen.getAllByRole('listitem').map((item) => item.textContent);

  it('lists the five rules, each announced as met or not met', () => {
    render(<PasswordChecklist password="" confirmPassword="" minimumLength={8} />);
    expect(states()).toEqual([
      'At least 8 characters, not met',
      'A special character, not met',
      'A number, not met',
      'A capital letter, not met',
      'Passwords match, not met',
    ]);
    expect(screen.getByRole('list').getAttribute('aria-live')).toBe('polite');
  });

  it('follows the password as it changes', () => {
    const { rerender } = render(
      <PasswordChecklist password="Pa5" confirmPassword="" minimumLength={6} />,
    );
    expect(states()).toEqual([
      'At least 6 characters, not met',
      'A special character, not met',
      'A number, met',
      'A capital letter, met',
      'Passwords match, not met',
    ]);
    rerender(
      <PasswordChecklist password="Pa55word!" confirmPassword="Pa55word!" minimumLength={6} />,
    );
    expect(states().every((text) => text?.endsWith(', met'))).toBe(true);
  });
});

describe('PhoneField', () => {
  function Stateful({
    onChange,
    countries = COUNTRIES,
  }: {
    onChange: (v: PhoneValue) => void;
    countries?: PhoneCountryOption[];
  }) {
    const [value, setValue] = useState<PhoneValue>(EMPTY_PHONE);
    return (
      <PhoneField
        countries={countries}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('defaults to GB and emits E.164 for a GB number', async () => {
    const onChange = vi.fn();
    render(<Stateful onChange={onChange} />);
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(country.value).toBe('GB');
    expect(screen.getByRole('option', { name: 'United Kingdom (+44)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Phone' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Phone number'), '07911 123456');
    expect(onChange).toHaveBeenLastCalledWith({
      country: 'GB',
      national: '07911 123456',
      e164: '+447911123456',
    });
  });

  it('re-reads the number for another country chosen with the keyboard', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Stateful onChange={onChange} />);
    await user.type(screen.getByLabelText('Phone number'), '212 736 5000');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ country: 'GB' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Country' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'US');
    expect(onChange).toHaveBeenLastCalledWith({
      country: 'US',
      national: '212 736 5000',
      e164: '+12127365000',
    });
  });

  it('keeps the chosen country selectable before the list has loaded', () => {
    render(<Stateful onChange={vi.fn()} countries={[]} />);
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(country.value).toBe('GB');
    expect(screen.getByRole('option', { name: 'GB (+44)' })).toBeTruthy();
  });

  it('links its error to the number input', () => {
    render(
      <PhoneField
        countries={COUNTRIES}
        value={{ country: 'GB', national: '123', e164: '+44123' }}
        onChange={vi.fn()}
        error="Please enter a valid phone number"
      />,
    );
    const input = screen.getByLabelText('Phone number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toBe('Please enter a valid phone number');
  });
});

describe('DateOfBirthField', () => {
  it('is a labelled native date input bounded by today', () => {
    render(<DateOfBirthField today={new Date(2026, 10, 22)} error="Invalid date" />);
    const input = screen.getByLabelText('Date of birth') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.max).toBe('2026-11-22');
    expect(input.autocomplete).toBe('bday');
    expect(describedText(input)).toBe('Invalid date');
  });
});

describe('CheckboxField', () => {
  it('toggles by its label, and links its error', async () => {
    render(
      <CheckboxField
        label={
          <>
            I accept the <a href="/terms">terms of service</a>
          </>
        }
        error="The terms of service must be accepted"
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the terms of service' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByText(/I accept the/));
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(box)).toBe('The terms of service must be accepted');
  });
});

describe('ThirdPartyButton', () => {
  it('calls onClick, and ignores presses while busy', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<ThirdPartyButton label="Sign up with Google" onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <ThirdPartyButton
        label="Sign up with Google"
        busy
        busyText="Signing up..."
        onClick={onClick}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Signing up...' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('Stepper', () => {
  it('shows the three charity steps with the first one current', () => {
    render(<Stepper />);
    const nav = screen.getByRole('navigation', { name: 'Sign-up steps' });
    const steps = within(nav).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Create Account, step 1 of 3, current',
      '2Charity/Organization Details, step 2 of 3, upcoming',
      '3Grow Audience, step 3 of 3, upcoming',
    ]);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    expect(steps[1]?.getAttribute('aria-current')).toBeNull();
  });

  it('marks earlier steps completed', () => {
    render(<Stepper current={1} />);
    const steps = screen.getAllByRole('listitem');
    expect(steps[0]?.textContent).toContain('completed');
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
  });
});
