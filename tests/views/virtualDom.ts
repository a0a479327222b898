/**
 * What jsdom lacks for the home views, installed per test file: a ResizeObserver that reports
 * sizes (the viewport is 2000 px high, each observed item 300 px), document.scrollingElement and
 * offsetParent (so virtua's window virtualiser measures and shows its items), and a controllable
 * IntersectionObserver (tests say when an element becomes visible).
 */
import { act } from '@testing-library/react';

export const VIEWPORT_HEIGHT = 2000;
export const ITEM_HEIGHT = 300;

class FakeResizeObserver {
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    // Real observers report asynchronously, after layout.
    queueMicrotask(() => {
      const height = target === document.documentElement ? VIEWPORT_HEIGHT : ITEM_HEIGHT;
      const entry = {
        target,
        contentRect: { width: 1024, height },
      } as unknown as ResizeObserverEntry;
      this.callback([entry], this as unknown as ResizeObserver);
    });
  }
  unobserve() {}
  disconnect() {}
}

/** The IntersectionObservers created, with the elements each observes. */
export const intersectionObservers: FakeIntersectionObserver[] = [];

export class FakeIntersectionObserver {
  readonly callback: IntersectionObserverCallback;
  readonly targets = new Set<Element>();
  disconnected = false;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    intersectionObservers.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.disconnected = true;
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
}

/** Reports `element` as (not) intersecting to every live observer that watches it. */
export function setVisible(element: Element, visible: boolean) {
  act(() => {
    for (const observer of [...intersectionObservers]) {
      if (observer.disconnected || !observer.targets.has(element)) continue;
      const entry = { target: element, isIntersecting: visible } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  });
}

const saved: Array<() => void> = [];

function define(target: object, key: string, descriptor: PropertyDescriptor) {
  const previous = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, ...descriptor });
  saved.push(() => {
    if (previous) Object.defineProperty(target, key, previous);
    else delete (target as Record<string, unknown>)[key];
  });
}

export function installVirtualDom() {
  define(globalThis, 'ResizeObserver', { writable: true, value: FakeResizeObserver });
  define(globalThis, 'IntersectionObserver', { writable: true, value: FakeIntersectionObserver });
  define(document, 'scrollingElement', { get: () => document.documentElement });
  define(document.documentElement, 'clientHeight', { get: () => VIEWPORT_HEIGHT });
  define(HTMLElement.prototype, 'offsetParent', {
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  if (typeof window.requestAnimationFrame !== 'function') {
    define(window, 'requestAnimationFrame', {
      writable: true,
      value: (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0),
    });
  }
}

export function uninstallVirtualDom() {
  while (saved.length) saved.pop()?.();
  intersectionObservers.length = 0;
}
