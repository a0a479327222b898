import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { ForgottenPasswordView } from '../../src/features/forgottenPassword/ForgottenPasswordView';
import { KeyResultView } from '../../src/views/layouts/KeyResultView';
import { LoginView } from '../../src/features/login/LoginView';
import { ResetPasswordView } from '../../src/features/passwordReset/ResetPasswordView';
import { SignupView } from '../../src/features/signup/SignupView';
import type { SignupViewProps } from '../../src/features/signup/SignupView';
import { StartSignupView } from '../../src/features/startSignup/StartSignupView';
import { axeViolations, useInkCanvas } from './axe';

useInkCanvas();

/** axe-core's rules on each identity screen in its main states, rendered inside a <main>. */
const violations = (ui: ReactElement) => axeViolations(ui);

const signup: SignupViewProps = {
  accountType: 'Charity',
  minimumPasswordLength: 8,
  today: new Date(2026, 10, 22),
  countries: [{ code: 'GB', name: 'United Kingdom', callingCode: '44' }],
  termsUrl: 'https://givedrop.example/terms',
  privacyPolicyUrl: 'https://givedrop.example/privacy',
  emailVerification: {
    state: 'awaitingCode',
    email: 'ann@example.org',
    errorMessages: ['Invalid or expired verification code.'],
    showResend: true,
  },
  onRequestCode: vi.fn(),
  onSubmitCode: vi.fn(),
  onResendCode: vi.fn(),
  onChangeEmail: vi.fn(),
  handleStatus: 'notAvailable',
  canSubmit: true,
  ruleErrors: { handle: 'Profile name/handle not available' },
  onHandleChange: vi.fn(),
  submitting: false,
  fieldErrors: { handle: 'Profile name/handle not available' },
  onSubmit: vi.fn(),
  onThirdPartySignup: vi.fn(),
  thirdPartyBusy: false,
  signupError: { messages: ['Error submitting signup form'] },
  warning: { messages: ['Please try later.'] },
  onDismissAlert: vi.fn(),
};

describe('identity screens pass axe', () => {
  it.each<[string, ReactElement]>([
    ['start signup', <StartSignupView key="s" />],
    ['signup (charity, errors)', <SignupView key="s" {...signup} />],
    [
      'signup (individual, verified)',
      <SignupView
        key="s"
        {...signup}
        accountType="Individual"
        emailVerification={{
          state: 'verified',
          email: 'ann@example.org',
          errorMessages: [],
          showResend: false,
        }}
        handleStatus="available"
        fieldErrors={{}}
        signupError={null}
        warning={null}
      />,
    ],
    ['account created', <SignupView key="s" {...signup} accountCreated={{ email: 'a@b.org' }} />],
    [
      'forgotten password (error)',
      <ForgottenPasswordView
        key="f"
        submitting={false}
        succeeded={false}
        warning={null}
        error={{ messages: ['Error requesting password reset.'] }}
        onSubmit={vi.fn()}
        onDismissError={vi.fn()}
      />,
    ],
    [
      'forgotten password (success)',
      <ForgottenPasswordView
        key="f"
        submitting={false}
        succeeded
        warning={null}
        error={null}
        onSubmit={vi.fn()}
      />,
    ],
    [
      'reset password',
      <ResetPasswordView key="r" state="ready" minimumPasswordLength={8} onSubmit={vi.fn()} />,
    ],
    [
      'activation failure',
      <KeyResultView
        key="k"
        state="failure"
        busyText="Activating..."
        successTitle="Account Activated"
        successLink={{ href: '/login', label: 'Login' }}
        failureTitle="Error Activating Account"
        failureText="The activation link is invalid or has expired, please try again"
      />,
    ],
    [
      'login (third party, form open)',
      <LoginView
        key="l"
        submitting={false}
        error={null}
        onSubmit={vi.fn()}
        onDismissError={vi.fn()}
        onThirdPartyLogin={vi.fn()}
        thirdPartyError={{ messages: ['Error logging in with google.'] }}
        initialEmailFormOpen
      />,
    ],
  ])('%s', async (_name, ui) => {
    expect(await violations(ui)).toEqual([]);
  });
});
