import { describe, expect, it } from 'vitest';
import { addressKeyOf, NO_ADDRESS } from '../../server/http/addressLimits';

describe('the key an address is counted under', () => {
  it('is an IPv4 address itself, and an IPv6 address its /64 prefix', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('2001:db8:1:2:aaaa::1')).toBe(addressKeyOf('2001:db8:1:2:bbbb::9'));
    expect(addressKeyOf('2001:db8:1:2::1')).not.toBe(addressKeyOf('2001:db8:1:3::1'));
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the no-address key, not a failure, for a request whose socket has closed', () => {
    expect(addressKeyOf(undefined)).toBe(NO_ADDRESS);
    expect(addressKeyOf('')).toBe(NO_ADDRESS);
  });
});
