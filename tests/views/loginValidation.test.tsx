import { describe, expect, it } from 'vitest';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { ResolverOptions } from 'react-hook-form';
import { validate } from 'superstruct';
import { loginFormStruct, loginMessages } from '../../src/validation/login';
import type { LoginFormValues } from '../../src/validation/login';

const resolverOptions = {
  fields: {},
  shouldUseNativeValidation: false,
} as ResolverOptions<LoginFormValues>;

async function fieldMessages(values: LoginFormValues) {
  const result = await superstructResolver(loginFormStruct)(values, undefined, resolverOptions);
  return { email: result.errors.email?.message, password: result.errors.password?.message };
}

describe('login form rules (spec §5 Login)', () => {
  it('uses the spec texts for the required rules', () => {
    expect(loginMessages.emailRequired).toBe('Please enter your email address');
    expect(loginMessages.passwordRequired).toBe('Please enter your password');
  });

  it('the resolver surfaces the exact required messages', async () => {
    expect(await fieldMessages({ email: '', password: '' })).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });

  it('treats a blank email as missing', async () => {
    expect((await fieldMessages({ email: '   ', password: 'x' })).email).toBe(
      'Please enter your email address',
    );
  });

  it('asks for at least 4 characters of email', async () => {
    expect(await fieldMessages({ email: 'a@b', password: 'secret' })).toEqual({
      email: 'Email must be at least 4 characters',
      password: undefined,
    });
  });

  it('limits both fields to 1024 characters', async () => {
    const long = 'a'.repeat(1025);
    expect(await fieldMessages({ email: long, password: long })).toEqual({
      email: 'Maximum 1024 characters allowed',
      password: 'Maximum 1024 characters allowed',
    });
    const max = 'a'.repeat(1024);
    expect(await fieldMessages({ email: max, password: max })).toEqual({
      email: undefined,
      password: undefined,
    });
  });

  it('accepts valid values and returns them', async () => {
    const values = { email: 'ann@example.org', password: 'pa55word' };
    const [error, result] = validate(values, loginFormStruct);
    expect(error).toBeUndefined();
    expect(result).toEqual(values);
    const resolved = await superstructResolver(loginFormStruct)(values, undefined, resolverOptions);
    expect(resolved.values).toEqual(values);
    expect(resolved.errors).toEqual({});
  });

  it('rejects values that are not strings with the required message', () => {
    const [error] = validate({ email: undefined, password: null }, loginFormStruct);
    expect(error?.failures().map((failure) => failure.message)).toEqual([
      'Please enter your email address',
      'Please enter your password',
    ]);
  });
});
