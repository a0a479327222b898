import { describe, expect, it } from 'vitest';
import { readableSignInFailure } from '../../src/shared/signInFailure';

describe('sign-in provider failures, as people read them', () => {
  it('explains the adapter codes', () => {
    expect(readableSignInFailure(new Error('popup_closed')).message).toBe(
      'the sign-in window was closed before signing in.',
    );
    expect(readableSignInFailure(new Error('popup_failed_to_open')).message).toMatch(
      /allow pop-ups/,
    );
    expect(readableSignInFailure({ type: 'access_denied' }).message).toBe('access was denied.');
  });

  it('passes unknown codes through, keeping the cause', () => {
    const original = new Error('invalid_client');
    const readable = readableSignInFailure(original);
    expect(readable.message).toBe('invalid_client');
    expect(readable.cause).toBe(original);
  });
});
