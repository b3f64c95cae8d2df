const INTEGER = /^(0|-?[1-9][0-9]{0,8})$/;
/** "4/5": a level over the scale's top (natural text may state the scale). */
export const FRACTION = /^(0|-?[1-9][0-9]{0,8})\/([1-9][0-9]{0,8})$/;

/** The integer a word spells in digits ("4", "-2"), or null; at most 9 digits so it stays exact. */
export function naturalInteger(word: string | undefined): number | null {
  if (word === undefined || word.length > 11 || !INTEGER.test(word)) return null;
  return Number(word);
}
