import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { askPairs } from "./ask-cues";
import { onlyNames, SHOULD_BE } from "./correction";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

/** What follows "should" before the right level: correction.ts' "have been", "be", "read", and "say". */
const SHOULD: readonly (readonly string[])[] = [...SHOULD_BE, ["say"]];

/**
 * "I got the sign wrong on Stall B's cakes sold: the +1 should have been -1." and "Small fix: "Restaurant A — food
 * 2" in my list should read 4." (fresh179): the speaker's own earlier figure (a level before "should"), the one pair
 * named before it, and "should have been / should be / should read" and the right level closing the sentence. The
 * share of the right level, or null: the sentence must be the speaker's ("I", "my"), name no other agent or
 * listener, and hold no condition, hedge or negation.
 */
export function shouldReadShare(s: Sentence, first: number, to: number, state: ParseState): Act | null {
  if ((s.tokens[to - 1] as NaturalToken).question) return null;
  const { words } = s;
  let should = -1;
  let own = false;
  let old = false;
  for (let k = first; k < to; k++) {
    const w = words[k] as string;
    if (w === "agent" || w === "you" || w === "your" || cue.conditionals.has(w)) return null;
    // ("wrong" is the speaker's admission here, not a negation of the level)
    const negated = (cue.negations.has(w) && w !== "wrong") || w.endsWith("n't");
    if (negated || (cue.modals.has(w) && w !== "should")) return null;
    if (w === "i" || w === "my") own = true;
    if (w === "should") {
      should = k;
      break;
    }
    if (levelAt(s, k, to, state) !== null) old = true;
  }
  if (should < 0 || !own || !old) return null;
  const verb = SHOULD.find((p) => p.every((w, n) => words[should + 1 + n] === w));
  if (verb === undefined) return null;
  let j = should + 1 + verb.length;
  if (words[j] === "a" || words[j] === "an") j++;
  for (let k = should + 1; k < to; k++) if (cue.modals.has(s.words[k] as string)) return null;
  const level = levelAt(s, j, to, state);
  if (level === null || level.end !== to) return null;
  const pairs = askPairs(s, first, should, state);
  const pair = pairs.length === 1 ? pairs[0] : pairs.length === 0 ? onlyNames(s, first, should, state) : null;
  if (pair === null || pair === undefined) return null;
  return { kind: "share", option: pair.option, attribute: pair.attribute, level: level.value };
}
