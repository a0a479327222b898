import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImpersonationBannerView } from '../../src/views/components/ImpersonationBannerView';

describe('ImpersonationBannerView', () => {
  function renderBanner(stopping: boolean) {
    const onStop = vi.fn();
    render(
      <ImpersonationBannerView
        userName="Marcus Reed"
        hostName="Olivia Harper"
        stopping={stopping}
        onStop={onStop}
      />,
    );
    return onStop;
  }

  it('says whom the host is viewing the product as, and stops with a keyboard-reachable button', () => {
    const onStop = renderBanner(false);
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    expect(banner.textContent).toContain('You are viewing Givedrop as Marcus Reed');
    expect(banner.textContent).toContain('(signed in as Olivia Harper)');
    const stop = screen.getByRole('button', { name: 'Stop impersonating' });
    stop.focus();
    expect(document.activeElement).toBe(stop);
    fireEvent.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('shows that the stop is on its way and ignores a second press', () => {
    const onStop = renderBanner(true);
    const stop = screen.getByRole('button', { name: 'Stopping...' });
    expect(stop.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(stop);
    expect(onStop).not.toHaveBeenCalled();
  });
});
