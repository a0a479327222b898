import { act } from '@testing-library/react';
import type Cropper from 'cropperjs';
import { vi } from 'vitest';

/**
 * A stand-in for cropperjs (jsdom has no layout and never loads images, so the real one never
 * gets ready): it records what the crop dialog asks of it, and the test plays its events.
 * Tests install it with `vi.mock('cropperjs', ...)`.
 */
export class FakeCropper {
  static instances: FakeCropper[] = [];
  static last(): FakeCropper {
    const last = FakeCropper.instances.at(-1);
    if (!last) throw new Error('no cropper was made');
    return last;
  }

  destroyed = false;
  /** The image on screen is 300 px wide out of 1200: zoom 1 is the ratio 0.25. */
  imageData = { width: 300, height: 225, naturalWidth: 1200, naturalHeight: 900 };
  /** The crop region in the image's own pixels. */
  region = { x: 100, y: 50, width: 1000, height: 1000, rotate: 0, scaleX: 1, scaleY: 1 };
  /** What toBlob answers (null: the browser could not encode it). */
  blob: Blob | null = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
  /** Like cropperjs: a zoom event first (which may cancel it), then the zoom. */
  readonly zoomTo = vi.fn((ratio: number) => {
    this.options.zoom?.(
      new CustomEvent('zoom', {
        cancelable: true,
        detail: { ratio, oldRatio: 0.25, originalEvent: null },
      }) as never,
    );
  });
  readonly move = vi.fn();
  readonly toBlob = vi.fn((done: (blob: Blob | null) => void, _type?: string, _q?: number) =>
    done(this.blob),
  );
  readonly getCroppedCanvas = vi.fn((_options?: Cropper.GetCroppedCanvasOptions) => ({
    toBlob: this.toBlob,
  }));

  constructor(
    readonly element: HTMLImageElement,
    readonly options: Cropper.Options<HTMLImageElement>,
  ) {
    FakeCropper.instances.push(this);
  }

  getImageData() {
    return this.imageData;
  }

  getData() {
    return this.region;
  }

  destroy() {
    this.destroyed = true;
  }

  /** cropperjs is ready (the image loaded and the crop box is placed). */
  fireReady() {
    act(() => this.options.ready?.(new CustomEvent('ready') as never));
  }

  /** A wheel or pinch zoom to `ratio`; answers whether the dialog cancelled it. */
  fireZoom(ratio: number): boolean {
    const event = new CustomEvent('zoom', {
      cancelable: true,
      detail: { ratio, oldRatio: 0.25, originalEvent: null },
    });
    act(() => this.options.zoom?.(event as never));
    return event.defaultPrevented;
  }
}
