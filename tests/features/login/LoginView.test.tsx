import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginView } from '../../../src/features/login/LoginView';
import type { LoginViewProps } from '../../../src/features/login/LoginView';
import { describedText } from '../../support/describedText';

/** Renders the Login screen and, like a person would, opens the email form with its toggle. */
async function renderLogin(overrides: Partial<LoginViewProps> = {}, { open = true } = {}) {
  const props: LoginViewProps = {
    submitting: false,
    error: null,
    onSubmit: vi.fn(),
    onDismissError: vi.fn(),
    ...overrides,
  };
  const user = userEvent.setup();
  const utils = render(<LoginView {...props} />);
  const toggle = screen.getByRole('button', { name: 'Login with Email' });
  if (open && toggle.getAttribute('aria-expanded') === 'false') await user.click(toggle);
  return {
    ...utils,
    props,
    user,
    email: () => screen.getByLabelText('Email') as HTMLInputElement,
    password: () => screen.getByLabelText('Password') as HTMLInputElement,
    submitButton: () => screen.getByRole('button', { name: 'Login' }),
    toggle,
  };
}

describe('LoginView', () => {
  it("is titled 'Welcome Back' and links to password reset and sign-up", async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgotten-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByText(/Don't have an account\?/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows both required messages on an empty submit, linked to the fields, and focuses the email', async () => {
    const { user, email, password, submitButton, props } = await renderLogin();
    await user.click(submitButton());
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email())).toBe('Please enter your email address');
    expect(describedText(password())).toBe('Please enter your password');
    expect(document.activeElement).toBe(email());
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the password when only the password is invalid', async () => {
    const { user, email, password, submitButton } = await renderLogin();
    await user.type(email(), 'ann@example.org');
    await user.click(submitButton());
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(screen.queryByText('Please enter your email address')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(password());
  });

  it('asks for at least 4 characters of email', async () => {
    const { user, email, password, submitButton } = await renderLogin();
    await user.type(email(), 'a@b');
    await user.type(password(), 'secret');
    await user.click(submitButton());
    expect(await screen.findByText('Email must be at least 4 characters')).toBeTruthy();
  });

  it('limits both fields to 1024 characters', async () => {
    const { user, email, password, submitButton, props } = await renderLogin();
    await user.click(email());
    await user.paste('a'.repeat(1025));
    await user.click(password());
    await user.paste('b'.repeat(1025));
    await user.click(submitButton());
    expect(await screen.findAllByText('Maximum 1024 characters allowed')).toHaveLength(2);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('validates on change after the first submit', async () => {
    const { user, email, password, submitButton } = await renderLogin();
    await user.click(submitButton());
    await screen.findByText('Please enter your email address');
    await user.type(email(), 'ann');
    expect(await screen.findByText('Email must be at least 4 characters')).toBeTruthy();
    await user.type(email(), '@example.org');
    expect(screen.queryByText('Email must be at least 4 characters')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
    await user.type(password(), 'x');
    expect(screen.queryByText('Please enter your password')).toBeNull();
  });

  it('sends the typed values with onSubmit', async () => {
    const { user, email, password, submitButton, props } = await renderLogin();
    await user.type(email(), 'ann@example.org');
    await user.type(password(), 'Pa55word!');
    await user.click(submitButton());
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    expect(props.onSubmit).toHaveBeenCalledWith({
      email: 'ann@example.org',
      password: 'Pa55word!',
    });
  });

  it("shows 'Logging in...' while submitting and ignores further presses", async () => {
    const { user, email, password, props } = await renderLogin({ submitting: true });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    const busy = screen.getByRole('button', { name: 'Logging in...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.type(email(), 'ann@example.org');
    await user.type(password(), 'Pa55word!{Enter}');
    await user.click(busy);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("shows the 'Login Error' alert with the machine's messages, dismissible", async () => {
    const { user, props } = await renderLogin({
      error: { messages: ['Error logging in, please try again.'] },
    });
    const alert = screen.getByRole('alert', { name: 'Login Error' });
    expect(within(alert).getByText('Login Error')).toBeTruthy();
    expect(within(alert).getByText('Error logging in, please try again.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss login error' }));
    expect(props.onDismissError).toHaveBeenCalledTimes(1);
  });

  it('lists several server messages', async () => {
    await renderLogin({ error: { messages: ['Invalid credentials.', 'Account locked.'] } });
    const items = within(screen.getByRole('alert', { name: 'Login Error' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Invalid credentials.',
      'Account locked.',
    ]);
  });

  it('keeps what was typed through submitting and an error', async () => {
    const { user, email, password, submitButton, rerender, props } = await renderLogin();
    await user.type(email(), 'ann@example.org');
    await user.type(password(), 'wrong-password');
    await user.click(submitButton());
    rerender(<LoginView {...props} submitting />);
    rerender(
      <LoginView
        {...props}
        submitting={false}
        error={{ messages: ['Error logging in, please try again.'] }}
      />,
    );
    expect(screen.getByRole('alert', { name: 'Login Error' })).toBeTruthy();
    expect(email().value).toBe('ann@example.org');
    expect(password().value).toBe('wrong-password');
  });

  it("starts with the email form hidden behind a 'Login with Email' toggle", async () => {
    const { user, toggle } = await renderLogin({}, { open: false });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const form = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(form?.tagName).toBe('FORM');
    expect(form?.hidden).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(form?.hidden).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('opens with the keyboard and keeps what was typed when closed and reopened', async () => {
    const { user, toggle, email } = await renderLogin({}, { open: false });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.type(email(), 'ann@example.org');
    await user.click(toggle);
    await user.click(toggle);
    expect(email().value).toBe('ann@example.org');
  });

  it('shows the form open when asked to, or when a login error is shown', async () => {
    await renderLogin({ initialEmailFormOpen: true }, { open: false });
    expect(
      screen.getByRole('button', { name: 'Login with Email' }).getAttribute('aria-expanded'),
    ).toBe('true');
    cleanup();
    await renderLogin(
      { error: { messages: ['Error logging in, please try again.'] } },
      { open: false },
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
  });

  it('offers no third-party option unless it is wired', async () => {
    await renderLogin();
    expect(screen.queryByRole('button', { name: 'Login with Google' })).toBeNull();
  });

  it("offers 'Login with Google', busy while it runs", async () => {
    const onThirdPartyLogin = vi.fn();
    const { user, rerender, props } = await renderLogin({ onThirdPartyLogin }, { open: false });
    await user.click(screen.getByRole('button', { name: 'Login with Google' }));
    expect(onThirdPartyLogin).toHaveBeenCalledTimes(1);
    rerender(<LoginView {...props} thirdPartyBusy />);
    const busy = screen.getByRole('button', { name: 'Logging in...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(busy);
    expect(onThirdPartyLogin).toHaveBeenCalledTimes(1);
  });

  it("shows the third-party error as a dismissible 'Login Error' alert", async () => {
    const onDismissThirdPartyError = vi.fn();
    const { user } = await renderLogin(
      {
        onThirdPartyLogin: vi.fn(),
        thirdPartyError: { messages: ['Error logging in with google.'] },
        onDismissThirdPartyError,
      },
      { open: false },
    );
    const alert = screen.getByRole('alert', { name: 'Login Error' });
    expect(within(alert).getByText('Error logging in with google.')).toBeTruthy();
    await user.click(
      within(alert).getByRole('button', { name: 'Dismiss third-party login error' }),
    );
    expect(onDismissThirdPartyError).toHaveBeenCalledTimes(1);
    // The email form stays closed: this error is not about it.
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });
});
