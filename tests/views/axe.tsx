/**
 * axe-core as the view suites run it in jsdom: no layout, so the colour-contrast rule is left to
 * the e2e checks in Chromium, and a screen renders inside a <main> with no landmarks around it,
 * so the region rule is off. The stand-in canvas lets label-content-name-mismatch judge the text.
 */
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll } from 'vitest';
import { installInkCanvas } from './inkCanvas';
import { installVirtualDom, uninstallVirtualDom } from './virtualDom';

export const JSDOM_AXE_RULES = {
  'color-contrast': { enabled: false },
  region: { enabled: false },
} as const;

/** The violations in this element, each as "rule: the targets". */
export async function violationsIn(container: Element): Promise<string[]> {
  const result = await axe.run(container, { rules: JSDOM_AXE_RULES });
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * The violations of a screen rendered inside a <main>; `settle` lets its effects run first (a
 * virtualised list measures itself).
 */
export async function axeViolations(
  ui: ReactElement,
  { settle = false }: { settle?: boolean } = {},
): Promise<string[]> {
  const { container, unmount } = render(<main>{ui}</main>);
  if (settle) await act(async () => {});
  const found = await violationsIn(container);
  unmount();
  return found;
}

/** The ink canvas (and with `virtualDom`, jsdom's stand-in layout) for the suite that calls it. */
export function useInkCanvas({ virtualDom = false }: { virtualDom?: boolean } = {}): void {
  let canvas: ReturnType<typeof installInkCanvas> | undefined;
  beforeAll(() => {
    if (virtualDom) installVirtualDom();
    canvas = installInkCanvas();
  });
  afterAll(() => {
    canvas?.mockRestore();
    if (virtualDom) uninstallVirtualDom();
  });
}
