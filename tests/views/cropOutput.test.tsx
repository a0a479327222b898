import { describe, expect, it } from 'vitest';
import { cropOutputSize, cropOutputType, snapZoom } from '../../src/views/utils/cropOutput';

/** Spec §5 Avatar upload: the crop is scaled down to the preset maximum (the avatar's: 500x500). */
const AVATAR = { minWidth: 100, minHeight: 100, maxWidth: 500, maxHeight: 500 };
const LOGO = { minWidth: 400, minHeight: 400, maxWidth: 800, maxHeight: 800 };
const ZOOM = { min: 1, max: 3, step: 0.1 };

describe('cropOutputSize: the crop region (image pixels) -> the uploaded size', () => {
  it.each([
    [
      'a 12 MP photo at zoom 1 (a 2700 px square region)',
      { width: 2700, height: 2700 },
      AVATAR,
      [500, 500],
    ],
    ['the same photo at zoom 3 (900 px)', { width: 900, height: 900 }, AVATAR, [500, 500]],
    ['a region within the limits stays as it is', { width: 320, height: 320 }, AVATAR, [320, 320]],
    ['exactly the maximum', { width: 500, height: 500 }, AVATAR, [500, 500]],
    ['exactly the minimum', { width: 100, height: 100 }, AVATAR, [100, 100]],
    [
      'a deep zoom into a small photo is enlarged to the minimum',
      { width: 40, height: 40 },
      AVATAR,
      [100, 100],
    ],
    ['a logo region below 400 is enlarged to 400', { width: 350, height: 350 }, LOGO, [400, 400]],
    ['a logo region above 800 is scaled to 800', { width: 1600, height: 1600 }, LOGO, [800, 800]],
    [
      'a free crop keeps its ratio, the longer side to the maximum',
      { width: 2000, height: 1000 },
      AVATAR,
      [500, 250],
    ],
    ['a tall free crop', { width: 600, height: 1200 }, AVATAR, [250, 500]],
    ['a free crop just too small on one side', { width: 300, height: 80 }, AVATAR, [375, 100]],
    ['the maximum wins when both cannot hold', { width: 2000, height: 100 }, AVATAR, [500, 25]],
    ['fractions are rounded', { width: 333.4, height: 333.4 }, AVATAR, [333, 333]],
  ] as const)('%s', (_name, region, rules, [width, height]) => {
    expect(cropOutputSize(region, rules)).toEqual({ width, height });
  });

  it('never below one pixel', () => {
    expect(cropOutputSize({ width: 100000, height: 1 }, AVATAR)).toEqual({ width: 500, height: 1 });
  });

  it('a region no image has gives no size', () => {
    for (const region of [
      { width: 0, height: 100 },
      { width: 100, height: -1 },
      { width: Number.NaN, height: 100 },
      { width: 100, height: Number.POSITIVE_INFINITY },
    ]) {
      expect(cropOutputSize(region, AVATAR)).toBeNull();
    }
  });
});

describe('cropOutputType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['IMAGE/PNG', 'image/png'],
    ['image/jpeg', 'image/jpeg'],
    ['image/webp', 'image/jpeg'],
    ['image/gif', 'image/jpeg'],
    ['', 'image/jpeg'],
  ])(
    'a PNG stays a PNG (its transparency); anything else becomes a JPEG: %j -> %s',
    (type, output) => {
      expect(cropOutputType(type)).toBe(output);
    },
  );
});

describe('snapZoom: 1 to 3 in steps of 0.1 (spec §9)', () => {
  it.each([
    [1, 1],
    [1.04, 1],
    [1.06, 1.1],
    [1 + 3 * 0.1, 1.3],
    [2.349, 2.3],
    [3, 3],
    [3.4, 3],
    [0.2, 1],
    [-5, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('%s -> %s', (value, snapped) => {
    expect(snapZoom(value, ZOOM)).toBe(snapped);
  });

  it('other ranges and whole steps', () => {
    expect(snapZoom(7.6, { min: 0, max: 10, step: 1 })).toBe(8);
    expect(snapZoom(0.26, { min: 0, max: 1, step: 0.25 })).toBe(0.25);
  });
});
