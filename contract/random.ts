/** A PRNG that returns numbers in [0, 1), like Math.random. */
export type Random = () => number;

/**
 * mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence. The client's
 * sample content for signed-out visitors and the server's demo seed both draw from it.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
