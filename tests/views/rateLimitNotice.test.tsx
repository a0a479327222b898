import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../contract/dateTime';
import { RateLimitNoticeView, retryWhenText } from '../../src/views/components/RateLimitNoticeView';
import { axeViolations } from './axe';

const NOW = Date.parse('2026-11-29T13:00:00Z');

describe('RateLimitNoticeView', () => {
  it("shows the server's messages and when it tries again; Stop waiting is a keyboard-reachable button", () => {
    const onStop = vi.fn();
    render(
      <RateLimitNoticeView
        messages={['You have sent too many invitations today.']}
        retryAt={NOW + 86_000_000}
        now={NOW}
        onStop={onStop}
      />,
    );
    const notice = screen.getByRole('region', { name: 'Too many requests' });
    expect(notice.textContent).toContain('You have sent too many invitations today.');
    const at = formatDateTime(new Date(NOW + 86_000_000).toISOString());
    expect(notice.textContent).toContain(`Givedrop will try again at ${at}.`);
    const stop = screen.getByRole('button', { name: 'Stop waiting' });
    stop.focus();
    expect(document.activeElement).toBe(stop);
    fireEvent.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('says the seconds under a minute, and the date and time (dd/MM/yyyy HH:mm) from a minute', () => {
    expect(retryWhenText(NOW + 45_000, NOW)).toBe('in 45 seconds');
    expect(retryWhenText(NOW + 1_000, NOW)).toBe('in 1 second');
    expect(retryWhenText(NOW + 59_000, NOW)).toBe('in 59 seconds');
    expect(retryWhenText(NOW + 59_001, NOW)).toBe(`at ${formatDateTime('2026-11-29T13:00:59Z')}`);
    expect(retryWhenText(NOW + 60_000, NOW)).toMatch(/^at \d\d\/\d\d\/2026 \d\d:\d\d$/);
  });

  it('has no axe violations', async () => {
    expect(
      await axeViolations(
        <RateLimitNoticeView messages={[]} retryAt={NOW + 900_000} now={NOW} onStop={() => {}} />,
      ),
    ).toEqual([]);
  });
});
