/**
 * Setup for the vitest 'dom' project (jsdom): unmounts rendered trees after each test and fills
 * the gaps of jsdom that the views rely on (HTMLDialogElement.showModal/close, matchMedia).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fakeMatchMedia } from './mediaQuery';

// findBy* and waitFor wait for a signal (an element, a call); their limit only ends a test that
// would hang. Testing Library's default, 1 s, fails right tests on a busy two-core machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// jsdom (27) has HTMLDialogElement but neither showModal() nor close().
if (typeof HTMLDialogElement !== 'undefined') {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
  if (typeof proto.show !== 'function') {
    proto.show = function show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
  if (typeof proto.close !== 'function') {
    proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
      if (!this.hasAttribute('open')) return;
      if (returnValue !== undefined) this.returnValue = returnValue;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  }
}

// jsdom has no matchMedia; report "no match" for every query.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = fakeMatchMedia(() => false);
}
