/** What the third-party script suites share: the page's script elements and a promise's state. */

/** The script elements on the page, in document order. */
export const scripts = (): HTMLScriptElement[] => Array.from(document.querySelectorAll('script'));

/** Whether a promise has settled once the pending microtasks have run. */
export async function settled(
  promise: Promise<unknown>,
): Promise<'resolved' | 'rejected' | 'pending'> {
  let state: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return state;
}
