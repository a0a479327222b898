/** Alert props and the retry check the view suites share. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** A red alert with one message and, unless given, no title. */
export function dangerAlert(message: string, title: string | null = null) {
  return { level: 'danger' as const, title, messages: [message] };
}

/** The alert says `text`, and its 'Try again' button calls `onRetry` once. */
export async function expectRetryAlert(text: string, onRetry: () => void): Promise<void> {
  expect(screen.getByRole('alert').textContent).toContain(text);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
}
