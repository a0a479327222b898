import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ForgottenPasswordView,
  PASSWORD_RESET_REQUESTED_TEXT,
} from '../../src/features/forgottenPassword/ForgottenPasswordView';
import type { ForgottenPasswordViewProps } from '../../src/features/forgottenPassword/ForgottenPasswordView';
import { KeyResultView } from '../../src/views/layouts/KeyResultView';
import type { KeyResultViewProps } from '../../src/views/layouts/KeyResultView';
import { ResetPasswordView } from '../../src/features/passwordReset/ResetPasswordView';
import type { ResetPasswordViewProps } from '../../src/features/passwordReset/ResetPasswordView';
import { StartSignupView } from '../../src/features/startSignup/StartSignupView';
import { describedText } from '../support/describedText';

/** Renders a screen with its props; returns them with a user-event session and the queries. */
function renderWithUser<P extends object>(View: ComponentType<P>, props: P) {
  const user = userEvent.setup();
  return { ...render(<View {...props} />), props, user };
}

describe('StartSignupView', () => {
  it('offers the two account types with their routes, and a login link', () => {
    render(<StartSignupView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeTruthy();
    const individual = screen.getByRole('link', { name: /^Fund Raiser \/ Individual/ });
    const charity = screen.getByRole('link', { name: /^Charity \/ Organization/ });
    expect(individual.getAttribute('href')).toBe('/signup');
    expect(charity.getAttribute('href')).toBe('/signup-charity');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('ForgottenPasswordView', () => {
  function renderForgotten(overrides: Partial<ForgottenPasswordViewProps> = {}) {
    const props: ForgottenPasswordViewProps = {
      submitting: false,
      succeeded: false,
      warning: null,
      error: null,
      onSubmit: vi.fn(),
      onDismissError: vi.fn(),
      ...overrides,
    };
    return {
      ...renderWithUser(ForgottenPasswordView, props),
      email: () => screen.getByLabelText('Email') as HTMLInputElement,
      button: () => screen.getByRole('button', { name: 'Request Password Reset' }),
    };
  }

  it('shows the form with links to login and sign-up', () => {
    renderForgotten();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgotten Password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("requires an email: 'Please enter your email address', then a valid one", async () => {
    const { user, email, button, props } = renderForgotten();
    await user.click(button());
    expect(describedText(email())).toBe('Please enter your email address');
    expect(document.activeElement).toBe(email());
    await user.type(email(), 'ann@');
    expect(describedText(email())).toBe('Please enter a valid email address');
    await user.type(email(), 'example.org');
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(props.onSubmit).not.toHaveBeenCalled();
    await user.click(button());
    expect(props.onSubmit).toHaveBeenCalledWith({ email: 'ann@example.org' });
  });

  it("shows 'Requesting...' while the request runs", async () => {
    const { user, email, props } = renderForgotten({ submitting: true });
    await user.type(email(), 'ann@example.org');
    const busy = screen.getByRole('button', { name: 'Requesting...' });
    await user.click(busy);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("success: 'Password Reset Requested' with the spec's text, the form hidden", () => {
    renderForgotten({ succeeded: true });
    const alert = screen.getByRole('status', { name: 'Password Reset Requested' });
    expect(within(alert).getByText(PASSWORD_RESET_REQUESTED_TEXT)).toBeTruthy();
    expect(PASSWORD_RESET_REQUESTED_TEXT).toMatch(/if the email address is valid in our system/i);
    expect(PASSWORD_RESET_REQUESTED_TEXT).toMatch(/spam or junk/);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request Password Reset' })).toBeNull();
    expect(document.activeElement).toBe(alert.parentElement);
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
  });

  it('warning: the messages in a warning alert, the form kept', () => {
    renderForgotten({ warning: { messages: ['Please try again later.'] } });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-level')).toBe('Warning');
    expect(alert.textContent).toContain('Please try again later.');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it("error: 'Error Requesting Password' with the messages, keeping what was typed", async () => {
    const { user, email, button, rerender, props } = renderForgotten();
    await user.type(email(), 'ann@example.org');
    await user.click(button());
    rerender(<ForgottenPasswordView {...props} submitting />);
    rerender(
      <ForgottenPasswordView
        {...props}
        error={{ messages: ['Error requesting password reset.'] }}
      />,
    );
    const alert = screen.getByRole('alert', { name: 'Error Requesting Password' });
    expect(within(alert).getByText('Error requesting password reset.')).toBeTruthy();
    expect(email().value).toBe('ann@example.org');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss password reset error' }));
    expect(props.onDismissError).toHaveBeenCalledTimes(1);
  });
});

describe('ResetPasswordView', () => {
  function renderReset(overrides: Partial<ResetPasswordViewProps> = {}) {
    const props: ResetPasswordViewProps = {
      state: 'ready',
      minimumPasswordLength: 8,
      onSubmit: vi.fn(),
      onDismissError: vi.fn(),
      ...overrides,
    };
    return {
      ...renderWithUser(ResetPasswordView, props),
      password: () => screen.getByLabelText('New password') as HTMLInputElement,
      confirm: () => screen.getByLabelText('Confirm password') as HTMLInputElement,
      button: () => screen.getByRole('button', { name: 'Reset Password' }),
    };
  }

  it('validating: checks the link', () => {
    renderReset({ state: 'validating' });
    expect(screen.getByRole('status').textContent).toBe('Checking your reset link...');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it("invalid: the machine's message and a way to ask for a new link", () => {
    renderReset({
      state: 'invalid',
      notice: { title: 'Error', text: 'The password reset link could not be checked.' },
    });
    const alert = screen.getByRole('alert', { name: 'Error' });
    expect(alert.textContent).toContain('The password reset link could not be checked.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgotten-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('ready: validates both passwords with the checklist, live', async () => {
    const { user, password, confirm, button, props } = renderReset();
    await user.click(button());
    expect(describedText(password())).toContain('Please enter a password (at least 8 characters)');
    expect(describedText(confirm())).toBe('Please confirm password (at least 8 characters)');
    expect(document.activeElement).toBe(password());
    const items = () =>
      within(screen.getByRole('list', { name: 'Your password needs' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await user.type(password(), 'password1');
    expect(describedText(password())).toContain('Please enter a valid password.');
    expect(items()[3]).toBe('A capital letter, not met');
    await user.clear(password());
    await user.type(password(), 'Pa55word!');
    await user.type(confirm(), 'Pa55word');
    expect(describedText(confirm())).toBe('Passwords must match');
    await user.type(confirm(), '!');
    expect(confirm().getAttribute('aria-invalid')).toBeNull();
    expect(items().every((text) => text?.endsWith(', met'))).toBe(true);
    await user.click(button());
    expect(props.onSubmit).toHaveBeenCalledWith({
      password: 'Pa55word!',
      confirmPassword: 'Pa55word!',
    });
  });

  it("submitting: 'Saving...'; an error keeps the typed passwords", async () => {
    const { user, password, confirm, button, rerender, props } = renderReset();
    await user.type(password(), 'Pa55word!');
    await user.type(confirm(), 'Pa55word!');
    await user.click(button());
    rerender(<ResetPasswordView {...props} state="submitting" />);
    await user.click(screen.getByRole('button', { name: 'Saving...' }));
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <ResetPasswordView
        {...props}
        state="ready"
        error={{ messages: ['Error updating password, please try again.'] }}
      />,
    );
    const alert = screen.getByRole('alert', { name: 'Error Updating Password' });
    expect(alert.textContent).toContain('Error updating password, please try again.');
    expect(password().value).toBe('Pa55word!');
    expect(confirm().value).toBe('Pa55word!');
  });

  it("done: 'Password Updated' with a link to login", () => {
    renderReset({ state: 'done' });
    const title = screen.getByRole('heading', { level: 1, name: 'Password Updated' });
    expect(document.activeElement).toBe(title);
    expect(screen.getByText('Your password has been updated successfully')).toBeTruthy();
    // Said once (issue 34: 'Password Updated' twice, as heading and as the alert's title).
    expect(screen.getAllByText('Password Updated')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});

describe('KeyResultView', () => {
  const activation: KeyResultViewProps = {
    state: 'busy',
    busyText: 'Activating your account...',
    successTitle: 'Account Activated',
    successText: 'Your account is active, you can now log in.',
    successLink: { href: '/login', label: 'Login' },
    failureTitle: 'Error Activating Account',
    failureText: 'The activation link is invalid or has expired, please try again',
    failureLink: { href: '/', label: 'Go to home page' },
  };
  const confirmation: KeyResultViewProps = {
    state: 'busy',
    busyText: 'Confirming your email address...',
    successTitle: 'Email Address Confirmed',
    successLink: { href: '/', label: 'Continue' },
    failureTitle: 'Error Confirming Email Address',
    failureText: 'The email confirmation link is invalid or has expired, please try again',
  };

  it('busy: the busy text in a status region', () => {
    render(<KeyResultView {...activation} />);
    expect(screen.getByRole('status').textContent).toBe('Activating your account...');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it("activation success: 'Account Activated' and a link to /login", () => {
    render(<KeyResultView {...activation} state="success" />);
    const title = screen.getByRole('heading', { level: 1, name: 'Account Activated' });
    expect(document.activeElement).toBe(title);
    expect(screen.getByText('Your account is active, you can now log in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText(activation.failureText)).toBeNull();
  });

  it('activation failure: the failure title and text', () => {
    render(<KeyResultView {...activation} state="failure" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Error Activating Account' }),
    ).toBeTruthy();
    expect(
      screen.getByText('The activation link is invalid or has expired, please try again'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/');
  });

  it("a failed call offers 'Try again'; an invalid key does not", async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <KeyResultView
        {...activation}
        state="failure"
        failureText="There was an error activating account, please try again"
        onRetry={onRetry}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<KeyResultView {...activation} state="failure" />);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("confirmation success: 'Email Address Confirmed' and a link to /", () => {
    render(<KeyResultView {...confirmation} state="success" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Email Address Confirmed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/');
  });

  it('confirmation failure: no link unless one is given', () => {
    render(<KeyResultView {...confirmation} state="failure" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Error Confirming Email Address' }),
    ).toBeTruthy();
    expect(
      screen.getByText('The email confirmation link is invalid or has expired, please try again'),
    ).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
