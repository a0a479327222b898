/**
 * A bound on how deeply a JSON body may nest. No payload of this API nests more than a few
 * levels; a body nested thousands of levels deep would overflow the stack of whatever walks it
 * after parsing (a 500), so it is refused with a 400 before it is parsed.
 */

/** Deepest nesting of objects and arrays accepted in a JSON body. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether `text` nests objects and arrays more than `maxDepth` levels deep, brackets inside
 * strings aside. A linear scan that stops at the first level too deep; malformed JSON is left to
 * the parser.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (CLOSERS.has(code)) {
      depth -= 1;
    }
  }
  return false;
}
