import { vi } from 'vitest';

/**
 * jsdom has no canvas. axe's label-content-name-mismatch draws each text on a canvas to tell an
 * icon-font ligature from a word; without one the rule ends 'incomplete' and can fail nothing. This
 * canvas draws every character as ink (nothing is a ligature), so the rule judges the text.
 */
export function installInkCanvas() {
  const context = {
    canvas: document.createElement('canvas'),
    font: '',
    textAlign: 'left',
    textBaseline: 'top',
    measureText: (text: string) => ({ width: 16 * text.length }),
    fillText: () => undefined,
    clearRect: () => undefined,
    getImageData: (_x: number, _y: number, width: number, height: number) => ({
      data: new Uint8ClampedArray(Math.ceil(width) * Math.ceil(height) * 4).fill(255),
    }),
  };
  return vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(() => context as unknown as CanvasRenderingContext2D);
}
