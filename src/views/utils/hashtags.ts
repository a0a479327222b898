/** A piece of a post's text: plain text, or a hashtag ('#giving') to be set apart. */
export interface TextPiece {
  text: string;
  hashtag: boolean;
}

/** '#' then letters, digits or underscores (any script), not glued to a word before it. */
const HASHTAG = /(?<![\p{L}\p{N}_&#])#[\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*/gu;

/**
 * Splits a post's text into plain pieces and hashtags, in order. The pieces are shown as text
 * nodes (never as HTML), so nothing in a message is ever interpreted as markup.
 */
export function splitHashtags(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG)) {
    const start = match.index;
    if (start > last) pieces.push({ text: text.slice(last, start), hashtag: false });
    pieces.push({ text: match[0], hashtag: true });
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), hashtag: false });
  return pieces;
}
