import { naturalCues as cue } from "../natural-cues";
import type { Sentence } from "./sentence";

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

/** Does a number (digits or a number word, not an agent's: "Agent 2") stand between from and to? */
export function numberIn(s: Sentence, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    if (s.words[k - 1] === "agent") continue;
    if (naturalInteger(w) !== null || cue.numberWords.has(w)) return true;
  }
  return false;
}
