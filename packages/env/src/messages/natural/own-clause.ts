import { naturalInteger } from "./natural-integer";
import { onlyLevel, plainWord } from "./lone-share";
import type { ParseState, Sentence } from "./sentence";

/** A conjunction opening the speaker's clause that only sets it against the one before: "but it's 3". */
const CONTRAST_LEADS = new Set(["but", "yet", "however", "though"]);

/** The speaker in a clause: what a perspective or a check of their own must hold. */
const SPEAKER = new Set(["i", "we", "my", "our", "me", "us"]);

/** Where a new subject may start the core after the speaker's perspective: "from what I saw | it's a 3". */
const SUBJECTS = new Set(["it", "that", "i", "we", "there"]);

/** Opening a check of the speaker's own after the level: "I get 3 | when I count". */
const CHECK_LEADS = new Set(["when", "whenever", "once"]);

/** "I recounted and got 4", "we checked again and found 0": what the speaker's own check gave, after "and". */
const FOUND = new Set(["got", "get", "found", "find"]);

/** Longest perspective before the core and longest own check after the level, in words. */
const MAX_PERSPECTIVE = 6;
const MAX_CHECK = 4;

/**
 * Is from..to a span in the speaker's voice that cannot change what a number means: it names the speaker, holds
 * no number, option, attribute, other person, negation, condition, modal or approximation ("from what I saw", "as
 * far as I can tell", "when I count"). "what" is allowed only as "what I / we ..." (a free relative).
 */
function speakerSpan(s: Sentence, from: number, to: number, state: ParseState): boolean {
  let speaker = false;
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    if (SPEAKER.has(w)) speaker = true;
    if (/[0-9]/.test(w) || naturalInteger(w) !== null || w.startsWith("@")) return false;
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return false;
    if (w === "what" && (s.words[k + 1] === "i" || s.words[k + 1] === "we")) continue;
    if (!plainWord(w)) return false;
    if (k + 1 < to && s.separated(k)) return false;
  }
  return speaker;
}

/** Verbs of opinion or memory: a tail of them ("..., I think") doubts the value rather than sourcing it. */
const OPINIONS = new Set([
  "think",
  "believe",
  "guess",
  "reckon",
  "suppose",
  "assume",
  "feel",
  "recall",
  "remember",
  "bet",
]);

/** The speaker's view closing a sentence with no pause before it: "from what I can see", "from what I see". */
const UNPAUSED_VIEWS: readonly (readonly string[])[] = [
  ["from", "what", "i", "can", "see"],
  ["from", "what", "i", "see"],
  ["from", "what", "i", "have"],
];

/**
 * Where a closing tail in the speaker's voice starts ("Zero rice bags on Shelf A, from what I can see", fresh119): the
 * word after the sentence's last pause, when what follows it is a `speakerSpan` of at most MAX_PERSPECTIVE words;
 * else null.
 */
export function ownTailStart(s: Sentence, from: number, to: number, state: ParseState): number | null {
  // "Shelf A has 4 apples from what I can see." (fresh189, found by its tuner): "from / as far as what I ..." with no
  // pause before it
  for (const lead of UNPAUSED_VIEWS) {
    const at = to - lead.length;
    if (at > from + 2 && lead.every((w, n) => s.words[at + n] === w) && !s.separated(at - 1)) return at;
  }
  for (let k = to - 2; k > from && k >= to - 1 - MAX_PERSPECTIVE; k--) {
    // ", I think", ", I believe": an opinion, not a source
    if (OPINIONS.has(s.words[k + 1] as string)) return null;
    if (s.separated(k)) return speakerSpan(s, k + 1, to, state) ? k + 1 : null;
  }
  return null;
}

/**
 * The one level the speaker's own clause from..to states, whatever its verb, once what a clause in the speaker's
 * voice leaves room for around it is set aside: a contrast word opening it ("but", "yet"), the speaker's
 * perspective before a new subject ("from what I saw it's a 3", "as far as I can tell it's 2"), and a check of
 * their own after the level ("I get 3 when I count"). The rest must be `onlyLevel`'s: one level and nothing that
 * could change what it means. Null otherwise, so a clause that only might be the speaker's value gives nothing.
 */
export function ownClauseLevel(
  s: Sentence,
  from: number,
  to: number,
  state: ParseState,
): { value: number; end: number } | null {
  let start = from;
  if (CONTRAST_LEADS.has(s.words[start] as string)) start++;
  // "I get 3 when I count": a trailing check of the speaker's own, closing the clause
  let end = to;
  for (let k = start + 1; k < to; k++)
    if (CHECK_LEADS.has(s.words[k] as string) && to - k - 1 <= MAX_CHECK && speakerSpan(s, k + 1, to, state)) {
      end = k;
      break;
    }
  const plain = onlyLevel(s, start, end, state);
  if (plain !== null) return plain;
  // "from what I saw | it's a 3": the speaker's perspective, then a clause of one level
  // "I recounted and | got 4" (fresh33, fresh37): the speaker's own check, then what it gave
  for (let k = start + 1; k < end && k - start <= MAX_PERSPECTIVE; k++) {
    const w = s.words[k] as string;
    const found = FOUND.has(w) && s.words[k - 1] === "and";
    if (!(SUBJECTS.has(w) || found) || !speakerSpan(s, start, k, state)) continue;
    const core = onlyLevel(s, found ? k + 1 : k, end, state);
    if (core !== null) return core;
  }
  return null;
}

/** Time words that make a value the speaker's earlier one: "I had 1 before". */
const EARLIER = new Set(["before", "earlier", "previously", "initially", "originally", "first"]);

/** A verb of the speaker's own that calls their value wrong by its prefix: "mis-scored", "miscounted", "misread". */
export const MIS_VERB =
  /^mis-?(?:scor|count|read|report|record|stat|typ|rat|judg|key|enter|log|label|writ|wrot|not|quot|remember|heard|spok|align|cop|transcrib|calculat|add)[a-z]*$/;

/**
 * The one pair the speaker's own earlier word contests before `clause`, with no one else in it: a verb of the
 * speaker's that calls their value wrong ("I mis-scored X's Y earlier; it should read 4"), or the speaker's
 * earlier value said as earlier ("X's Y: I had 1 before, but it's really -1"). Exactly one option and one
 * attribute named; null otherwise.
 */
export function ownDoubtedPair(
  s: Sentence,
  first: number,
  clause: number,
  names: (from: number, to: number) => { option: number; attribute: number } | null,
): { option: number; attribute: number } | null {
  let own = false;
  let doubted = false;
  let earlierValue = false;
  for (let k = first; k < clause; k++) {
    const w = s.words[k] as string;
    if (w === "agent" || w === "you" || w === "your" || w === "they" || w === "he" || w === "she") return null;
    if (w.startsWith("@")) return null;
    if (w === "i" || w === "we") own = true;
    if (own && MIS_VERB.test(w)) doubted = true;
    if (own && EARLIER.has(w) && hasNumber(s, first, k)) earlierValue = true;
  }
  // an earlier value is set against the new one by the clause's contrast word ("but it's really -1")
  if (earlierValue && !CONTRAST_LEADS.has(s.words[clause] as string)) earlierValue = false;
  if (!(doubted || earlierValue)) return null;
  return names(first, clause);
}

function hasNumber(s: Sentence, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (naturalInteger(s.words[k]) !== null) return true;
  return false;
}
