import { describe, expect, it } from 'vitest';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import type { Struct } from 'superstruct';
import { validate } from 'superstruct';
import {
  emailVerificationMessages,
  verificationCodeError,
  verificationEmailError,
  verificationCodeStruct,
  verificationEmailStruct,
} from '../../src/validation/emailVerification';
import {
  DEFAULT_MINIMUM_PASSWORD_LENGTH,
  createResetPasswordFormStruct,
  passwordMessages,
  resolveMinimumPasswordLength,
} from '../../src/validation/password';
import { passwordResetRequestStruct } from '../../src/validation/passwordReset';
import { EMPTY_PHONE, isValidPhone, phoneValue, toE164 } from '../../src/validation/phone';
import {
  EMPTY_SIGNUP_FORM,
  createSignupFormStruct,
  dateOfBirthRule,
  isoDate,
  signupMessages,
  toSignupSubmission,
  toThirdPartySignupSubmission,
} from '../../src/validation/signup';
import type { SignupFormValues } from '../../src/validation/signup';
import { ANN_LEE_SIGNUP } from '../support/fixtures';

const TODAY = new Date(2026, 10, 22); // 22 Nov 2026, local calendar

async function messages<T extends FieldValues, S>(struct: Struct<T, S>, values: T) {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<T>;
  const result = await superstructResolver(struct)(values, undefined, options);
  return Object.fromEntries(
    Object.entries(result.errors).map(([key, error]) => [
      key,
      (error as { message?: string }).message,
    ]),
  );
}

const VALID: SignupFormValues = {
  companyName: 'Helping Hands',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: phoneValue('GB', '07911 123456'),
  dateOfBirth: '1990-05-17',
  handle: 'ann_lee',
  password: 'Pa55word!',
  confirmPassword: 'Pa55word!',
  consentToHelpEmails: false,
  consentToMarketingEmails: true,
  termsAccepted: true,
  privacyPolicyAccepted: true,
};

describe('signup form rules (spec §5 Signup)', () => {
  it('an empty charity form gets every required message, exactly', async () => {
    const struct = createSignupFormStruct('Charity', 8, TODAY);
    expect(await messages(struct, EMPTY_SIGNUP_FORM)).toEqual({
      companyName: 'Please enter your company name',
      firstName: 'Please enter your first name',
      lastName: 'Please enter your last name',
      dateOfBirth: 'Please enter your date of birth',
      handle: 'Please enter a profile name/handle',
      password: 'Please enter a password (at least 8 characters)',
      confirmPassword: 'Please confirm password (at least 8 characters)',
      termsAccepted: 'The terms of service must be accepted',
      privacyPolicyAccepted: 'The privacy policy must be accepted',
    });
  });

  it('an Individual needs no company name', async () => {
    const struct = createSignupFormStruct('Individual', 8, TODAY);
    const result = await messages(struct, EMPTY_SIGNUP_FORM);
    expect(result.companyName).toBeUndefined();
    expect(result.firstName).toBe('Please enter your first name');
    expect(await messages(struct, { ...VALID, companyName: '' })).toEqual({});
  });

  it('accepts a complete form', async () => {
    expect(await messages(createSignupFormStruct('Charity', 8, TODAY), VALID)).toEqual({});
    const [error, value] = validate(VALID, createSignupFormStruct('Charity', 8, TODAY));
    expect(error).toBeUndefined();
    expect(value).toEqual(VALID);
  });

  it('treats blank names as missing and limits names to 1024 characters', async () => {
    const struct = createSignupFormStruct('Charity', 8, TODAY);
    expect(
      await messages(struct, { ...VALID, companyName: '  ', firstName: ' ', lastName: '\t' }),
    ).toEqual({
      companyName: 'Please enter your company name',
      firstName: 'Please enter your first name',
      lastName: 'Please enter your last name',
    });
    const names = (name: string) => ({
      ...VALID,
      companyName: name,
      firstName: name,
      lastName: name,
    });
    const tooLong = 'Maximum 1024 characters allowed';
    expect(await messages(struct, names('a'.repeat(1025)))).toEqual({
      companyName: tooLong,
      firstName: tooLong,
      lastName: tooLong,
    });
    expect(await messages(struct, names('a'.repeat(1024)))).toEqual({});
  });

  it('phone is optional but must be valid for the chosen country', async () => {
    const struct = createSignupFormStruct('Individual', 8, TODAY);
    expect(await messages(struct, { ...VALID, phone: EMPTY_PHONE })).toEqual({});
    expect(await messages(struct, { ...VALID, phone: phoneValue('GB', '12345') })).toEqual({
      phone: 'Please enter a valid phone number',
    });
    expect(await messages(struct, { ...VALID, phone: phoneValue('GB', 'abc') })).toEqual({
      phone: 'Please enter a valid phone number',
    });
    // A valid US number is not a valid GB number; with the US chosen it is.
    expect(
      (await messages(struct, { ...VALID, phone: phoneValue('GB', '212 736 5000') })).phone,
    ).toBe('Please enter a valid phone number');
    expect(await messages(struct, { ...VALID, phone: phoneValue('US', '212 736 5000') })).toEqual(
      {},
    );
  });

  it('the handle is required, then must follow the rule', async () => {
    const struct = createSignupFormStruct('Individual', 8, TODAY);
    for (const bad of ['abc', '_ann', 'ann_', 'ann__lee', 'ann-lee', 'a'.repeat(21), 'ann lee']) {
      expect((await messages(struct, { ...VALID, handle: bad })).handle).toBe(
        'Letters, numbers and underscores only, 4-20 characters.',
      );
    }
    for (const good of ['ann1', 'Ann_Lee_2', 'a'.repeat(20)]) {
      expect((await messages(struct, { ...VALID, handle: good })).handle).toBeUndefined();
    }
    expect((await messages(struct, { ...VALID, handle: '   ' })).handle).toBe(
      'Please enter a profile name/handle',
    );
  });

  it('password: at least the minimum, then the checklist, at most 512', async () => {
    const struct = createSignupFormStruct('Individual', 8, TODAY);
    const check = async (password: string, confirmPassword = password) =>
      messages(struct, { ...VALID, password, confirmPassword });
    expect((await check('Pa5s!')).password).toBe('Please enter a password (at least 8 characters)');
    expect((await check('password')).password).toBe('Please enter a valid password.');
    expect((await check('Password!')).password).toBe('Please enter a valid password.');
    expect((await check('password1!')).password).toBe('Please enter a valid password.');
    expect((await check('Password1')).password).toBe('Please enter a valid password.');
    expect((await check('Password1!')).password).toBeUndefined();
    const long = `Aa1!${'x'.repeat(509)}`;
    expect((await check(long)).password).toBe('Maximum 512 characters allowed');
    expect((await check(long.slice(0, 512))).password).toBeUndefined();
  });

  it("confirm: at least the minimum, then 'Passwords must match'", async () => {
    const struct = createSignupFormStruct('Individual', 8, TODAY);
    expect(await messages(struct, { ...VALID, confirmPassword: 'Pa55' })).toEqual({
      confirmPassword: 'Please confirm password (at least 8 characters)',
    });
    expect(await messages(struct, { ...VALID, confirmPassword: 'Pa55word?' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
    // The comparison runs even when the password itself fails.
    expect(
      await messages(struct, { ...VALID, password: 'weakpassword', confirmPassword: 'other-one' }),
    ).toEqual({
      password: 'Please enter a valid password.',
      confirmPassword: 'Passwords must match',
    });
  });

  it('uses minimumPasswordLength, falling back to 6', async () => {
    expect(DEFAULT_MINIMUM_PASSWORD_LENGTH).toBe(6);
    expect(resolveMinimumPasswordLength(undefined)).toBe(6);
    expect(resolveMinimumPasswordLength(null)).toBe(6);
    expect(resolveMinimumPasswordLength(0)).toBe(6);
    expect(resolveMinimumPasswordLength(2.5)).toBe(6);
    expect(resolveMinimumPasswordLength(12)).toBe(12);
    const fallback = createSignupFormStruct('Individual', 0, TODAY);
    expect((await messages(fallback, EMPTY_SIGNUP_FORM)).password).toBe(
      'Please enter a password (at least 6 characters)',
    );
    expect(
      (await messages(fallback, { ...VALID, password: 'Pa5s!x', confirmPassword: 'Pa5s!x' }))
        .password,
    ).toBeUndefined();
    expect(passwordMessages(10)).toMatchObject({
      passwordRequired: 'Please enter a password (at least 10 characters)',
      confirmRequired: 'Please confirm password (at least 10 characters)',
    });
  });

  it('terms and privacy must be ticked', async () => {
    const struct = createSignupFormStruct('Individual', 8, TODAY);
    expect(
      await messages(struct, { ...VALID, termsAccepted: false, privacyPolicyAccepted: false }),
    ).toEqual({
      termsAccepted: 'The terms of service must be accepted',
      privacyPolicyAccepted: 'The privacy policy must be accepted',
    });
  });

  it('has the spec texts of the rules the machines report', () => {
    expect(signupMessages.emailNotVerified).toBe('Please verify your email address.');
    expect(signupMessages.handleNotAvailable).toBe('Profile name/handle not available');
  });
});

describe('date of birth: the 18-year rule at its boundary days', () => {
  const rule = dateOfBirthRule(TODAY);

  it('is required, and must be a real date', () => {
    expect(rule('')).toBe('Please enter your date of birth');
    expect(rule('  ')).toBe('Please enter your date of birth');
    for (const bad of ['2001-02-30', '1990-13-01', '31/12/1990', 'yesterday', '1990-1-1']) {
      expect(rule(bad)).toBe('Invalid date');
    }
  });

  it('accepts someone whose 18th birthday is today, refuses someone it is tomorrow for', () => {
    expect(rule('2008-11-22')).toBe(true);
    expect(rule('2008-11-21')).toBe(true);
    expect(rule('2008-11-23')).toBe('You must be at least 18 years old');
    expect(rule('2008-12-01')).toBe('You must be at least 18 years old');
    expect(rule('2030-01-01')).toBe('You must be at least 18 years old');
    expect(rule('1900-01-01')).toBe(true);
  });

  it('counts a 29 February birthday from 1 March in common years', () => {
    expect(dateOfBirthRule(new Date(2026, 1, 28))('2008-02-29')).toBe(
      'You must be at least 18 years old',
    );
    expect(dateOfBirthRule(new Date(2026, 2, 1))('2008-02-29')).toBe(true);
  });

  it('follows the today given to the struct', async () => {
    const struct = (today: Date) => createSignupFormStruct('Individual', 8, today);
    const values = { ...VALID, dateOfBirth: '2008-11-22' };
    expect((await messages(struct(new Date(2026, 10, 21)), values)).dateOfBirth).toBe(
      'You must be at least 18 years old',
    );
    expect((await messages(struct(TODAY), values)).dateOfBirth).toBeUndefined();
  });

  it('formats the date input bound as yyyy-MM-dd', () => {
    expect(isoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('phone numbers (libphonenumber-js)', () => {
  it('turns a GB number into E.164', () => {
    expect(toE164('07911 123456', 'GB')).toBe('+447911123456');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('+1 202 555 0143', 'GB')).toBe('+12025550143');
    expect(toE164('', 'GB')).toBe('');
    expect(toE164('abc', 'GB')).toBe('');
    expect(phoneValue('GB', '07911 123456')).toEqual({
      country: 'GB',
      national: '07911 123456',
      e164: '+447911123456',
    });
  });

  it('checks validity for the chosen country', () => {
    expect(isValidPhone('07911 123456', 'GB')).toBe(true);
    expect(isValidPhone('12345', 'GB')).toBe(false);
    expect(isValidPhone('07911 123456', 'ZZ')).toBe(false);
    expect(isValidPhone('+44 7911 123456', 'ZZ')).toBe(true);
  });

  it('defaults to GB', () => {
    expect(EMPTY_PHONE.country).toBe('GB');
  });
});

describe('what the Signup screen submits', () => {
  it('an Individual sends the full name as companyName and the phone as E.164', () => {
    expect(
      toSignupSubmission({ ...VALID, firstName: ' Ann ', lastName: 'Lee ' }, 'Individual'),
    ).toEqual(ANN_LEE_SIGNUP);
  });

  it('a Charity sends its company name; an empty phone is sent empty', () => {
    const submission = toSignupSubmission({ ...VALID, phone: EMPTY_PHONE }, 'Charity');
    expect(submission.companyName).toBe('Helping Hands');
    expect(submission.phone).toBe('');
  });

  it('a third-party sign-up sends the consents and (for a charity) the company name', () => {
    expect(toThirdPartySignupSubmission(VALID, 'Charity')).toEqual({
      tenantAccountType: 'Charity',
      companyName: 'Helping Hands',
      consentToHelpEmails: false,
      consentToMarketingEmails: true,
      termsAccepted: true,
      privacyPolicyAccepted: true,
    });
    expect(toThirdPartySignupSubmission(VALID, 'Individual').companyName).toBe('');
  });
});

describe('email verification widget rules (spec §5)', () => {
  it('uses the spec texts', () => {
    expect(verificationEmailError('')).toBe('Please enter an email address');
    expect(verificationEmailError('   ')).toBe('Please enter an email address');
    expect(verificationEmailError('ann')).toBe('Please enter a valid email address');
    expect(verificationEmailError('ann@example')).toBe('Please enter a valid email address');
    expect(verificationEmailError(`${'a'.repeat(1020)}@b.co`)).toBe(
      'Please enter a valid email address',
    );
    expect(verificationEmailError(' ann@example.org ')).toBeNull();
    expect(verificationCodeError('')).toBe('Please enter the verification code');
    expect(verificationCodeError('123456')).toBeNull();
    expect(emailVerificationMessages.codeRequired).toBe('Please enter the verification code');
  });

  it('offers the same rules as structs', () => {
    expect(validate('', verificationEmailStruct)[0]?.message).toBe('Please enter an email address');
    expect(validate(42, verificationEmailStruct)[0]?.message).toBe('Please enter an email address');
    expect(validate('x@y.org', verificationEmailStruct)[0]).toBeUndefined();
    expect(validate('', verificationCodeStruct)[0]?.message).toBe(
      'Please enter the verification code',
    );
  });
});

describe('password reset request (spec §5 Password reset)', () => {
  it('requires a valid email address', async () => {
    expect(await messages(passwordResetRequestStruct, { email: '' })).toEqual({
      email: 'Please enter your email address',
    });
    expect(await messages(passwordResetRequestStruct, { email: 'ann@' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(await messages(passwordResetRequestStruct, { email: 'ann@example.org' })).toEqual({});
  });
});

describe('reset-password form', () => {
  it("has signup's password and confirm rules", async () => {
    const struct = createResetPasswordFormStruct(8);
    expect(await messages(struct, { password: '', confirmPassword: '' })).toEqual({
      password: 'Please enter a password (at least 8 characters)',
      confirmPassword: 'Please confirm password (at least 8 characters)',
    });
    expect(await messages(struct, { password: 'password1', confirmPassword: 'password2' })).toEqual(
      {
        password: 'Please enter a valid password.',
        confirmPassword: 'Passwords must match',
      },
    );
    expect(await messages(struct, { password: 'Pa55word!', confirmPassword: 'Pa55word!' })).toEqual(
      {},
    );
  });
});
