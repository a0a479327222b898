import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignupView } from '../../../src/features/signup/SignupView';
import type { SignupViewProps } from '../../../src/features/signup/SignupView';
import { ANN_LEE_SIGNUP } from '../../support/fixtures';
import { describedText } from '../../support/describedText';

const TODAY = new Date(2026, 10, 22);

const COUNTRIES = [
  { code: 'FR', name: 'France', callingCode: '33' },
  { code: 'GB', name: 'United Kingdom', callingCode: '44' },
  { code: 'US', name: 'United States', callingCode: '1' },
];

const VERIFIED = {
  state: 'verified',
  email: 'ann@example.org',
  errorMessages: [],
  showResend: false,
} as const;

/**
 * What the signup machine's selectors give the view for these widget states (a fake machine):
 * 'Next' sends unless an account is being created or the captcha failed to load; the email rule
 * holds until the email is verified, the handle rule until the handle was found available.
 */
function fromMachine(
  p: Partial<SignupViewProps>,
): Pick<SignupViewProps, 'canSubmit' | 'ruleErrors'> {
  return {
    canSubmit: !p.submitting && !p.formLoadError,
    ruleErrors: {
      ...(p.emailVerification?.state !== 'verified'
        ? { email: 'Please verify your email address.' }
        : {}),
      ...(p.handleStatus !== 'available' ? { handle: 'Profile name/handle not available' } : {}),
    },
  };
}

function baseProps(overrides: Partial<SignupViewProps> = {}): SignupViewProps {
  const props: SignupViewProps = {
    canSubmit: true,
    ruleErrors: {},
    accountType: 'Individual',
    minimumPasswordLength: 8,
    today: TODAY,
    countries: COUNTRIES,
    termsUrl: 'https://givedrop.example/terms',
    privacyPolicyUrl: 'https://givedrop.example/privacy',
    emailVerification: { state: 'entering', email: '', errorMessages: [], showResend: false },
    onRequestCode: vi.fn(),
    onSubmitCode: vi.fn(),
    onResendCode: vi.fn(),
    onChangeEmail: vi.fn(),
    handleStatus: 'empty',
    handleMessage: null,
    onHandleChange: vi.fn(),
    submitting: false,
    onSubmit: vi.fn(),
    onThirdPartySignup: vi.fn(),
    thirdPartyBusy: false,
    ...overrides,
  };
  return { ...props, ...fromMachine(props), ...overrides };
}

function renderSignup(overrides: Partial<SignupViewProps> = {}) {
  const props = baseProps(overrides);
  const user = userEvent.setup();
  const utils = render(<SignupView {...props} />);
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const fields = {
    companyName: () => field('Company name'),
    firstName: () => field('First name'),
    lastName: () => field('Last name'),
    phone: () => field('Phone number'),
    country: () => screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement,
    dateOfBirth: () => field('Date of birth'),
    handle: () => field('Profile name/handle'),
    email: () => field('Email'),
    password: () => field('Password'),
    confirmPassword: () => field('Confirm password'),
    help: () =>
      screen.getByRole('checkbox', {
        name: 'I consent to receiving info to get me started (short help topics on app features)',
      }) as HTMLInputElement,
    marketing: () =>
      screen.getByRole('checkbox', {
        name: 'I consent to receiving related product marketing news, updates & offers.',
      }) as HTMLInputElement,
    terms: () => screen.getByRole('checkbox', { name: /terms of service/ }) as HTMLInputElement,
    privacy: () => screen.getByRole('checkbox', { name: /privacy policy/ }) as HTMLInputElement,
    next: () => screen.getByRole('button', { name: 'Next' }),
  };
  // Each rerender keeps the earlier ones' props, as the machines would.
  let shown: Partial<SignupViewProps> = overrides;
  const rerenderWith = (next: Partial<SignupViewProps>) => {
    shown = { ...shown, ...next };
    const merged = { ...props, ...shown };
    utils.rerender(<SignupView {...props} {...fromMachine(merged)} {...shown} />);
  };
  /** Fills every field validly (the email is the machine's business: pass VERIFIED). */
  const fillValid = async () => {
    if (props.accountType === 'Charity') await user.type(fields.companyName(), 'Helping Hands');
    await user.type(fields.firstName(), 'Ann');
    await user.type(fields.lastName(), 'Lee');
    await user.type(fields.phone(), '07911 123456');
    await user.type(fields.dateOfBirth(), '1990-05-17');
    await user.type(fields.handle(), 'ann_lee');
    await user.type(fields.password(), 'Pa55word!');
    await user.type(fields.confirmPassword(), 'Pa55word!');
    await user.click(fields.marketing());
    await user.click(fields.terms());
    await user.click(fields.privacy());
  };
  return { ...utils, props, user, fields, rerenderWith, fillValid };
}

describe('SignupView: the individual form', () => {
  it('shows every field of spec §2.3 in order, with no company name and no stepper', () => {
    renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    expect(screen.getByText('Fund Raiser / Individual')).toBeTruthy();
    expect(screen.queryByLabelText('Company name')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Sign-up steps' })).toBeNull();
    const form = document.querySelector('form');
    const order = Array.from(form?.querySelectorAll('input, select, button') ?? []).map(
      (element) =>
        element.getAttribute('aria-label') ??
        (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
        element.textContent,
    );
    expect(order).toEqual([
      'First name',
      'Last name',
      'Country',
      'Phone number',
      'Date of birth',
      'Profile name/handle',
      'Email',
      'Verify',
      'Password',
      'Confirm password',
      'I consent to receiving info to get me started (short help topics on app features)',
      'I consent to receiving related product marketing news, updates & offers.',
      'I accept the terms of service (opens in a new tab)',
      'I accept the privacy policy (opens in a new tab)',
      'Next',
    ]);
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe(
      'GB',
    );
    expect(screen.getByRole('group', { name: 'Phone (optional)' })).toBeTruthy();
  });

  it('links the terms and privacy policy in new tabs, offers Google and links to login', () => {
    renderSignup();
    const terms = screen.getByRole('link', { name: 'terms of service (opens in a new tab)' });
    expect(terms.getAttribute('href')).toBe('https://givedrop.example/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('rel')).toContain('noreferrer');
    expect(
      screen
        .getByRole('link', { name: 'privacy policy (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe('https://givedrop.example/privacy');
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an empty submit shows every message, blocks submission and focuses the first field', async () => {
    const { user, fields, props } = renderSignup();
    await user.click(fields.next());
    const expected: Array<[() => HTMLElement, string]> = [
      [fields.firstName, 'Please enter your first name'],
      [fields.lastName, 'Please enter your last name'],
      [fields.dateOfBirth, 'Please enter your date of birth'],
      [fields.handle, 'Please enter a profile name/handle'],
      [fields.email, 'Please verify your email address.'],
      [fields.password, 'Please enter a password (at least 8 characters)'],
      [fields.confirmPassword, 'Please confirm password (at least 8 characters)'],
      [fields.terms, 'The terms of service must be accepted'],
      [fields.privacy, 'The privacy policy must be accepted'],
    ];
    for (const [element, message] of expected) {
      expect(element().getAttribute('aria-invalid')).toBe('true');
      expect(describedText(element())).toContain(message);
    }
    expect(fields.phone().getAttribute('aria-invalid')).toBeNull();
    expect(fields.help().getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(fields.firstName());
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('clears each message as its field is fixed', async () => {
    const { user, fields, rerenderWith } = renderSignup();
    await user.click(fields.next());
    await user.type(fields.firstName(), 'Ann');
    expect(screen.queryByText('Please enter your first name')).toBeNull();
    await user.type(fields.lastName(), 'Lee');
    expect(screen.queryByText('Please enter your last name')).toBeNull();
    await user.type(fields.dateOfBirth(), '2010-01-01');
    expect(screen.getByText('You must be at least 18 years old')).toBeTruthy();
    await user.clear(fields.dateOfBirth());
    await user.type(fields.dateOfBirth(), '1990-05-17');
    expect(screen.queryByText('You must be at least 18 years old')).toBeNull();
    expect(screen.queryByText('Please enter your date of birth')).toBeNull();
    await user.type(fields.handle(), 'an');
    expect(describedText(fields.handle())).toContain(
      'Letters, numbers and underscores only, 4-20 characters.',
    );
    expect(fields.handle().getAttribute('aria-invalid')).toBe('true');
    await user.type(fields.handle(), 'n_lee');
    // The handle check found it available.
    rerenderWith({ handleStatus: 'available' });
    expect(fields.handle().getAttribute('aria-invalid')).toBeNull();
    await user.type(fields.password(), 'password');
    expect(screen.getByText('Please enter a valid password.')).toBeTruthy();
    await user.clear(fields.password());
    await user.type(fields.password(), 'Pa55word!');
    expect(screen.queryByText('Please enter a valid password.')).toBeNull();
    await user.type(fields.confirmPassword(), 'Pa55word?');
    expect(screen.getByText('Passwords must match')).toBeTruthy();
    // Changing the password re-checks the confirmation.
    await user.clear(fields.password());
    await user.type(fields.password(), 'Pa55word?');
    expect(screen.queryByText('Passwords must match')).toBeNull();
    await user.click(fields.terms());
    expect(screen.queryByText('The terms of service must be accepted')).toBeNull();
    await user.click(fields.privacy());
    expect(screen.queryByText('The privacy policy must be accepted')).toBeNull();
    expect(screen.getByText('Please verify your email address.')).toBeTruthy();
    rerenderWith({ emailVerification: VERIFIED });
    expect(screen.queryByText('Please verify your email address.')).toBeNull();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it("an invalid phone number gets 'Please enter a valid phone number'", async () => {
    const { user, fields, fillValid } = renderSignup({ emailVerification: VERIFIED });
    await fillValid();
    await user.clear(fields.phone());
    await user.type(fields.phone(), '12345');
    await user.click(fields.next());
    expect(describedText(fields.phone())).toBe('Please enter a valid phone number');
    expect(document.activeElement).toBe(fields.phone());
    await user.selectOptions(fields.country(), 'US');
    await user.clear(fields.phone());
    await user.type(fields.phone(), '212 736 5000');
    expect(fields.phone().getAttribute('aria-invalid')).toBeNull();
  });

  it('submits the typed values, the phone as E.164 and the full name as company name', async () => {
    const { user, fields, fillValid, props } = renderSignup({
      emailVerification: VERIFIED,
      handleStatus: 'available',
    });
    await fillValid();
    await user.click(fields.next());
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    expect(props.onSubmit).toHaveBeenCalledWith(ANN_LEE_SIGNUP);
  });

  it('blocks submission until the email is verified, focusing the email', async () => {
    const { user, fields, fillValid, props, rerenderWith } = renderSignup({
      handleStatus: 'available',
    });
    await fillValid();
    await user.click(fields.next());
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(fields.email());
    expect(describedText(fields.email())).toContain('Please verify your email address.');
    rerenderWith({ emailVerification: VERIFIED });
    await user.click(fields.next());
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
  });

  it("blocks a taken handle with 'Profile name/handle not available'", async () => {
    const { user, fields, fillValid, props } = renderSignup({
      emailVerification: VERIFIED,
      handleStatus: 'notAvailable',
    });
    await fillValid();
    expect(screen.getByText('Not Available')).toBeTruthy();
    await user.click(fields.next());
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(fields.handle());
    expect(describedText(fields.handle())).toContain('Profile name/handle not available');
  });

  it('sends each handle change to the machine and shows its status', async () => {
    const { user, fields, props, rerenderWith } = renderSignup();
    await user.type(fields.handle(), 'ann1');
    expect(vi.mocked(props.onHandleChange).mock.calls.map(([v]) => v)).toEqual([
      'a',
      'an',
      'ann',
      'ann1',
    ]);
    expect(fields.handle().maxLength).toBe(20);
    rerenderWith({ handleStatus: 'checking' });
    expect(screen.getByText('Checking availability...')).toBeTruthy();
    rerenderWith({ handleStatus: 'available' });
    expect(screen.getByText('Available')).toBeTruthy();
    rerenderWith({ handleStatus: 'error', handleMessage: 'Error checking handle availability' });
    expect(screen.getByText('Error checking handle availability')).toBeTruthy();
  });

  it('wires the email verification widget', async () => {
    const { user, fields, props, rerenderWith } = renderSignup();
    await user.type(fields.email(), 'ann@example.org');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(props.onRequestCode).toHaveBeenCalledWith('ann@example.org');
    rerenderWith({
      emailVerification: {
        state: 'awaitingCode',
        email: 'ann@example.org',
        errorMessages: [],
        showResend: false,
      },
    });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(props.onSubmitCode).toHaveBeenCalledWith('123456');
    await user.click(screen.getByRole('button', { name: '(re-send)' }));
    expect(props.onResendCode).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '(change email)' }));
    expect(props.onChangeEmail).toHaveBeenCalledTimes(1);
    // None of it submitted the form.
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('updates the password checklist as the person types', async () => {
    const { user, fields } = renderSignup({ minimumPasswordLength: 10 });
    const items = () =>
      within(screen.getByRole('list', { name: 'Your password needs' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items()[0]).toBe('At least 10 characters, not met');
    await user.type(fields.password(), 'Pa55');
    expect(items()).toEqual([
      'At least 10 characters, not met',
      'A special character, not met',
      'A number, met',
      'A capital letter, met',
      'Passwords match, not met',
    ]);
    await user.type(fields.password(), 'word!!');
    await user.type(fields.confirmPassword(), 'Pa55word!!');
    expect(items().every((text) => text?.endsWith(', met'))).toBe(true);
    expect(describedText(fields.password())).toContain('Passwords match');
  });

  it('uses minimumPasswordLength in its messages, 6 when not configured', async () => {
    const { user, fields } = renderSignup({ minimumPasswordLength: 0 });
    await user.click(fields.next());
    expect(screen.getByText('Please enter a password (at least 6 characters)')).toBeTruthy();
    expect(screen.getByText('Please confirm password (at least 6 characters)')).toBeTruthy();
  });

  it("shows 'Creating Account...' while submitting and ignores further presses", async () => {
    const { user, fillValid, props, rerenderWith } = renderSignup({
      emailVerification: VERIFIED,
    });
    await fillValid();
    rerenderWith({ submitting: true });
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    const busy = screen.getByRole('button', { name: 'Creating Account...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(busy);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('keeps every typed value when an error comes back', async () => {
    const { user, fields, fillValid, props, rerenderWith } = renderSignup({
      emailVerification: VERIFIED,
      handleStatus: 'available',
    });
    await fillValid();
    await user.click(fields.next());
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    rerenderWith({ submitting: true });
    rerenderWith({
      submitting: false,
      signupError: { messages: ['Error logging in, please try again.'] },
    });
    expect(screen.getByRole('alert', { name: 'Signup Error' })).toBeTruthy();
    expect(fields.firstName().value).toBe('Ann');
    expect(fields.lastName().value).toBe('Lee');
    expect(fields.phone().value).toBe('07911 123456');
    expect(fields.dateOfBirth().value).toBe('1990-05-17');
    expect(fields.handle().value).toBe('ann_lee');
    expect(fields.email().value).toBe('ann@example.org');
    expect(fields.password().value).toBe('Pa55word!');
    expect(fields.confirmPassword().value).toBe('Pa55word!');
    expect(fields.marketing().checked).toBe(true);
    expect(fields.terms().checked).toBe(true);
    expect(fields.privacy().checked).toBe(true);
  });

  it("shows the machine's field errors and focuses the field it names, each time it asks", async () => {
    const { fields, rerenderWith } = renderSignup({
      emailVerification: VERIFIED,
    });
    rerenderWith({
      fieldErrors: { handle: 'Profile name/handle not available' },
      focusField: 'handle',
      focusRequestId: 1,
    });
    expect(document.activeElement).toBe(fields.handle());
    expect(describedText(fields.handle())).toContain('Profile name/handle not available');
    fields.firstName().focus();
    rerenderWith({
      fieldErrors: { handle: 'Profile name/handle not available' },
      focusField: 'handle',
      focusRequestId: 2,
    });
    expect(document.activeElement).toBe(fields.handle());
    rerenderWith({
      emailVerification: { state: 'entering', email: '', errorMessages: [], showResend: false },
      fieldErrors: { email: 'Please verify your email address.' },
      focusField: 'email',
      focusRequestId: 3,
    });
    expect(document.activeElement).toBe(fields.email());
  });

  it.each([
    ['formLoadError', 'Form Load Error', 'The form did not load, please refresh the page.'],
    [
      'recaptchaError',
      'ReCaptcha Error',
      'Failed to generate ReCaptcha token, please refresh the page.',
    ],
    ['signupError', 'Signup Error', 'Error submitting signup form'],
    ['thirdPartyError', 'Signup Error', 'Error signing up with Google account, please try again'],
  ] as const)('shows %s as the %j alert, dismissible', async (kind, title, message) => {
    const onDismissAlert = vi.fn();
    const { user } = renderSignup({ [kind]: { messages: [message] }, onDismissAlert });
    const alert = screen.getByRole('alert', { name: title });
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(alert.getAttribute('data-level')).toBe('Danger');
    await user.click(within(alert).getByRole('button', { name: `Dismiss ${title}` }));
    expect(onDismissAlert).toHaveBeenCalledWith(kind);
  });

  it('shows a Warning answer in a warning alert', () => {
    renderSignup({ warning: { messages: ['Signups are paused, please try later.'] } });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-level')).toBe('Warning');
    expect(alert.textContent).toContain('Signups are paused, please try later.');
  });

  it("shows 'Account already exists, logging in...'", () => {
    renderSignup({ thirdPartyNotice: 'Account already exists, logging in...' });
    expect(screen.getByRole('status').textContent).toBe('Account already exists, logging in...');
  });

  it('a third-party sign-up needs the terms and privacy policy first', async () => {
    const { user, fields, props, rerenderWith } = renderSignup();
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(props.onThirdPartySignup).not.toHaveBeenCalled();
    expect(describedText(fields.terms())).toBe('The terms of service must be accepted');
    expect(describedText(fields.privacy())).toBe('The privacy policy must be accepted');
    expect(document.activeElement).toBe(fields.terms());
    // Only those fields are checked.
    expect(fields.firstName().getAttribute('aria-invalid')).toBeNull();
    await user.click(fields.help());
    await user.click(fields.terms());
    await user.click(fields.privacy());
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(props.onThirdPartySignup).toHaveBeenCalledWith({
      tenantAccountType: 'Individual',
      companyName: '',
      consentToHelpEmails: true,
      consentToMarketingEmails: false,
      termsAccepted: true,
      privacyPolicyAccepted: true,
    });
    rerenderWith({ thirdPartyBusy: true });
    await user.click(screen.getByRole('button', { name: 'Signing up...' }));
    expect(props.onThirdPartySignup).toHaveBeenCalledTimes(1);
  });
});

describe('SignupView: the charity form', () => {
  it('adds the company name first and the stepper with Create Account current', async () => {
    const { user, fields } = renderSignup({ accountType: 'Charity' });
    expect(screen.getByText('Charity / Organization')).toBeTruthy();
    const stepper = screen.getByRole('navigation', { name: 'Sign-up steps' });
    const steps = within(stepper).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.split(',')[0]?.slice(1))).toEqual([
      'Create Account',
      'Charity/Organization Details',
      'Grow Audience',
    ]);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    await user.click(fields.next());
    expect(describedText(fields.companyName())).toBe('Please enter your company name');
    expect(document.activeElement).toBe(fields.companyName());
    await user.type(fields.companyName(), 'Helping Hands');
    expect(fields.companyName().getAttribute('aria-invalid')).toBeNull();
  });

  it('submits the company name', async () => {
    const { user, fields, fillValid, props } = renderSignup({
      accountType: 'Charity',
      emailVerification: VERIFIED,
      handleStatus: 'available',
    });
    await fillValid();
    await user.click(fields.next());
    expect(props.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ tenantAccountType: 'Charity', companyName: 'Helping Hands' }),
    );
  });

  it('a charity third-party sign-up needs the company name too', async () => {
    const { user, fields, props } = renderSignup({ accountType: 'Charity' });
    await user.click(fields.terms());
    await user.click(fields.privacy());
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(props.onThirdPartySignup).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(fields.companyName());
    await user.type(fields.companyName(), 'Helping Hands');
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(props.onThirdPartySignup).toHaveBeenCalledWith(
      expect.objectContaining({ tenantAccountType: 'Charity', companyName: 'Helping Hands' }),
    );
  });
});

describe('SignupView: account created', () => {
  it("replaces the form with 'Account Created' / 'Verify & activate account'", () => {
    renderSignup({ accountCreated: { email: 'ann@example.org' } });
    const title = screen.getByRole('heading', { level: 1, name: 'Account Created' });
    expect(document.activeElement).toBe(title);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Verify & activate account' }),
    ).toBeTruthy();
    expect(screen.getByText('ann@example.org')).toBeTruthy();
    expect(document.querySelector('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });
});
