import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

/**
 * "It's Employee E, not Employee D, whose parking log is 1." (fresh177), "I'd confused D with F — it's Employee F
 * whose parking log is 1." (fresh179): a cleft opening the sentence or a clause after a pause, "it's" / "it is", one
 * option (maybe set against another by ", not <option>,"), "whose", one attribute, "is" and a level closing the
 * sentence. The share of that option, or null; never under a condition or a hedge, nor beside another agent's word,
 * nor where the speaker denies it.
 */
export function cleftShare(s: Sentence, first: number, to: number, state: ParseState): Act | null {
  const { words } = s;
  for (let k = first; k < to; k++) {
    if (k > first && !s.separated(k - 1)) continue;
    if (words[k] !== "it") continue;
    let j = k + 1;
    if (words[j] === "'s" || words[j] === "is") j++;
    else continue;
    const option = state.options.match(words, j);
    if (option === null) continue;
    j = option.end;
    // ", not Employee D," sets the other option aside
    if (s.separated(j - 1) && words[j] === "not") {
      const other = state.options.match(words, j + 1);
      if (other === null || !s.separated(other.end - 1)) return null;
      j = other.end;
    }
    if (words[j] !== "whose") return null;
    const attribute = state.attributes.match(words, j + 1);
    if (attribute === null) return null;
    j = attribute.end;
    if (words[j] !== "is" && words[j] !== "was") return null;
    j++;
    if (words[j] === "a" || words[j] === "an") j++;
    for (let m = first; m < to; m++) {
      // "Agent 2 says — it's F whose ...": someone else's word
      if (words[m] === "agent" || cue.reporting.has(words[m] as string)) return null;
      if (s.modal[m] === true || s.conditionalAt(m)) return null;
    }
    for (let m = attribute.end; m < to; m++) if (s.gate[m] === true) return null;
    const level = levelAt(s, j, to, state);
    if (level === null || level.end !== to) return null;
    return { kind: "share", option: option.index, attribute: attribute.index, level: level.value };
  }
  return null;
}
