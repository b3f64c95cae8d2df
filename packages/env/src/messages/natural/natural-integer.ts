const INTEGER = /^(0|-?[1-9][0-9]{0,8})$/;
/** "4/5": a level over the scale's top (natural text may state the scale). */
export const FRACTION = /^(0|-?[1-9][0-9]{0,8})\/([1-9][0-9]{0,8})$/;

/** The integer a word spells in digits ("4", "-2"), or null; at most 9 digits so it stays exact. */
export function naturalInteger(word: string | undefined): number | null {
  if (word === undefined || word.length > 11) return null;
  // "−1" with the typographic minus sign (U+2212) that LLMs write
  const plain = word.charCodeAt(0) === 0x2212 ? `-${word.slice(1)}` : word;
  if (!INTEGER.test(plain)) return null;
  return Number(plain);
}

/** A number in digits with or without a sign or a scale ("4", "-2", "+1", "3/5"): no word of a choice stands beside one. */
export function signedNumber(word: string | undefined): boolean {
  // "D | 3/5 | 5/5" (fresh97): a level over its scale is a number too
  return naturalInteger(word) !== null || (word !== undefined && /^\+[0-9]{1,9}$|^[0-9]{1,9}\/[0-9]{1,9}$/.test(word));
}
