import { attributeOwners } from "../natural-matchers";
import { closingTail } from "./carried-share";
import { type ParseState, type Sentence, onlyOptionBefore } from "./sentence";
import { fromMe, levelAt } from "./share-items";

/** Words after a level that point to the slot named before: "there", "then", "for that slot". */
const POINTERS: readonly (readonly string[])[] = [["there"], ["then"], ["for", "that", "slot"], ["for", "that", "one"]];
/** Prepositions that set an option off before the clause: "For Monday 4pm, ...". */
const LEADS = new Set(["for", "at", "on"]);

/**
 * "Erin is a 1 for Monday 4pm", "Erin is a 1 there" (fresh61), "Tomas is at 2 for Tuesday morning" (fresh179): a
 * person whose attribute the task has ("Erin's availability") as the subject of a level, at a clause's start, then
 * the option after "for" / "at" / "on", or a pointer to the one option named before in the sentence (else in the
 * sentence before). Never under a negation, someone else's word, a modal or a condition. The share, or null.
 */
export function ownerShare(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; attribute: number; level: number; end: number } | null {
  const { words } = s;
  const attribute = attributeOwners(state.task.domain).get(words[i] as string);
  if (attribute === undefined || !s.clauseStart(i)) return null;
  if (s.gate[i] === true || s.modal[i] === true || s.conditionalAt(i)) return null;
  let k = i + 1;
  const slotFirst = slotThenLevel(s, k, end, state);
  if (slotFirst !== null) return { ...slotFirst, attribute };
  if (!(words[k] === "is" || words[k] === "'s" || words[k] === "was")) return null;
  k++;
  // "Tomas is at 2 for Tuesday morning" (fresh179), "Erin sits at 1 ..."
  if (words[k] === "at") k++;
  if (words[k] === "a" || words[k] === "an") k++;
  const level = levelAt(s, k, end, state);
  if (level === null) return null;
  let e = level.end;
  let option: number | null = null;
  if (words[e] === "for" || words[e] === "at" || words[e] === "on") {
    const named = state.options.match(words, e + 1);
    if (named !== null) {
      option = named.index;
      e = named.end;
    }
  }
  const pointer = option === null ? POINTERS.find((p) => p.every((w, n) => words[e + n] === w)) : undefined;
  if (pointer !== undefined) {
    option = onlyOptionBefore(s, i, state) ?? state.place ?? null;
    e += pointer.length;
  } else if (option === null && LEADS.has(words[s.from] as string) && state.options.match(words, s.from + 1) !== null) {
    // "For Monday 4pm, Erin is a 1": the option set off before the clause
    option = onlyOptionBefore(s, i, state);
  }
  if (option === null || s.gate[e - 1] === true) return null;
  if (words[e] === "too") e++;
  else if (words[e] === "as" && words[e + 1] === "well") e += 2;
  return e >= end || s.separated(e - 1) ? { option, attribute, level: level.value, end: e } : null;
}

/**
 * "Alice Tuesday 9am is 1 from me", "Carol Monday 4pm 1", "Alice on Tuesday 9am is 1" (fresh166), "Priya's Monday noon
 * shows 1 on my end" (fresh181): after the person (maybe with "'s"), the option (maybe after "on" / "at" / "for"),
 * maybe "is" (or, after "'s", "shows"), then a level that closes the clause (or the speaker as its giver, or the
 * speaker's own tail, closes it). The option, level and end, or null.
 */
function slotThenLevel(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { option: number; level: number; end: number } | null {
  const { words } = s;
  // "Priya's Monday noon shows 1 on my end" (fresh181): the person's possessive before the slot
  const owned = words[k] === "'s" && state.options.match(words, k + 1) !== null ? k + 1 : k;
  const at = LEADS.has(words[owned] as string) ? owned + 1 : owned;
  const option = state.options.match(words, at);
  if (option === null || option.end >= end || words[option.end] === "'s") return null;
  let j = option.end;
  if (words[j] === "is" || words[j] === "was" || (owned > k && SHOWS.has(words[j] as string))) j++;
  else if (s.separated(j - 1) && (s.tokens[j - 1] as { colon?: boolean }).colon !== true) return null;
  // "Priya for Monday morning is actually 0." (fresh319, session 66): an adverb of the speaker's certainty
  if (CERTAIN.has(words[j] as string)) j++;
  if (words[j] === "a" || words[j] === "an") j++;
  const level = levelAt(s, j, end, state);
  if (level === null || s.gate[level.end - 1] === true) return null;
  // "... shows 1 on my end": the speaker's own tail closing it
  const e = fromMe(s, level.end, end) ? level.end + 2 : closingTail(s, level.end, end);
  const closes = e >= end || s.separated(e - 1);
  return closes ? { option: option.index, level: level.value, end: e } : null;
}

/** Adverbs of certainty between "is" and a person's level: "is actually 0", "is definitely 2". */
const CERTAIN = new Set(["actually", "definitely", "really", "certainly", "still", "now", "firmly"]);

/** Verbs of a person's slot after the possessive: "Priya's Monday noon shows 1". */
const SHOWS = new Set(["shows", "reads", "says"]);
