import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppErrorView } from '../../src/views/layouts/AppErrorView';
import { DefaultErrorView } from '../../src/views/layouts/DefaultErrorView';
import { InitializingView } from '../../src/views/layouts/InitializingView';
import { LoadingScreenView } from '../../src/views/layouts/LoadingScreenView';
import { LogoutView } from '../../src/features/logout/LogoutView';

describe('LogoutView', () => {
  it("announces 'Logging out...'", () => {
    render(<LogoutView />);
    expect(screen.getByRole('status').textContent).toBe('Logging out...');
    expect(screen.getByRole('main')).toBeTruthy();
  });
});

describe('LoadingScreenView', () => {
  it("defaults to 'Loading, please wait...'", () => {
    render(<LoadingScreenView />);
    expect(screen.getByRole('status').textContent).toBe('Loading, please wait...');
  });

  it("shows 'Loading...' while authentication loads", () => {
    render(<LoadingScreenView text="Loading..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });
});

describe('DefaultErrorView', () => {
  it("reads 'Unexpected Application Error!'", () => {
    render(<DefaultErrorView />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
  });
});

describe('AppErrorView', () => {
  it("defaults to 'An error occurred, please refresh the page.' and 'Reload Page'", async () => {
    const onReload = vi.fn();
    render(<AppErrorView onReload={onReload} />);
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'An error occurred, please refresh the page.',
      }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('inside a layout (/error in the public layout) it brings no main landmark of its own', () => {
    render(
      <main>
        <AppErrorView inLayout onReload={vi.fn()} />
      </main>,
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'An error occurred, please refresh the page.',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
  });

  it('shows a given message and button label', async () => {
    const onReload = vi.fn();
    render(
      <AppErrorView
        message="Error initializing application, please reload the page."
        buttonLabel="Reload Application"
        onReload={onReload}
      />,
    );
    expect(
      screen.getByText('Error initializing application, please reload the page.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload Page' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Application' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('InitializingView', () => {
  it("shows 'Loading...' while the configuration loads", () => {
    render(<InitializingView attempt={1} error={null} />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the retry text under the indicator while retrying', () => {
    render(
      <InitializingView attempt={2} error="Initialization failed, attempt: 2, please refresh." />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.getByRole('alert').textContent).toBe(
      'Initialization failed, attempt: 2, please refresh.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the final error with a 'Reload Application' button", async () => {
    const onReload = vi.fn();
    render(
      <InitializingView
        attempt={3}
        error="Error initializing application, please reload the page."
        final
        onReload={onReload}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'Error initializing application, please reload the page.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload Application' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
