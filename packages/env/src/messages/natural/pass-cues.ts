import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { labelledNameBefore, type ParseState, type Sentence } from "./sentence";

// The pass cue family: "Nothing to add", "No new information", "I pass", "That's all I have".

/** A pass phrase at i: "nothing (new) to add", "no new information", "I pass", "nothing from me". */
export function passAt(s: Sentence, i: number, state?: ParseState): number | null {
  let end = passPhraseAt(s, i);
  if (end === null) return null;
  // "Pass for now.", "That's all I have for this round.", "Nothing else from me for now." (fresh221-224, session 63):
  // a time closing the clause narrows nothing
  end = afterTime(s, end);
  // "If nobody has anything new, I say we book X" (fresh92): a pass phrase inside a condition passes nothing
  for (let k = i - 1; k >= s.from && !s.separated(k); k--) if (CONDITIONS.has(s.words[k] as string)) return null;
  // "— a slip of the keyboard, nothing more." (a held-out defect, session 56): "X, nothing more" says merely X
  if (meritingNothingMore(s, i)) return null;
  // "* Apartment D: no data" (fresh249, session 64: a wrong act): nothing on one option labelled before it
  if (state !== undefined && labelledNameBefore(s, i, (w, k) => state.options.match(w, k), true)) return null;
  // "- **Candidate D** — leadership: no data" (fresh429, session 70: a wrong act): nor on one attribute labelled so
  if (state !== undefined && labelledNameBefore(s, i, (w, k) => state.attributes.match(w, k), true)) return null;
  // "nothing else on my sheet comes close" (fresh67): a comparison in the clause, not a pass
  for (let k = end; k < s.to && !s.separated(k - 1); k++) if (COMPARING.has(s.words[k] as string)) return null;
  // "nothing new on my side" is a PASS; "nothing new on Restaurant C" passes on one thing only: not a PASS
  const owner = s.words[end + 1];
  if ((s.words[end] === "on" || s.words[end] === "from") && (owner === "my" || owner === "our")) {
    end += 2;
    // "Nothing new from my own notes on Finch." (fresh132): the speaker's source, then a scope of one topic
    let k = end;
    while (k < Math.min(s.to, end + 2) && !s.separated(k - 1) && !cue.passScopes.has(s.words[k] as string)) k++;
    if (
      k < s.to &&
      !s.separated(k - 1) &&
      cue.passScopes.has(s.words[k] as string) &&
      !OWN_AFTER.has(s.words[k + 1] as string)
    )
      return null;
  } else if (cue.passScopes.has(s.words[end] as string)) return null;
  // "Agent 1 also said E had cleanliness 5; I have no data there." (fresh191): "no <data> there" points back to one
  // cell named before, no pass
  else if (s.words[end] === "there" && (s.words[i] === "no" || s.words[i] === "not")) return null;
  // "No data from me on that": "from me" before a scope still narrows it to one topic
  else if (s.words[end] === "from" && owner === "me" && cue.passScopes.has(s.words[end + 2] as string)) return null;
  return end;
}

/** Times a pass may close on: "for now", "for this round", "this turn", "at the moment", "for the time being". */
const TIMES: readonly (readonly string[])[] = [
  ["for", "now"],
  ["for", "this", "round"],
  ["for", "this", "turn"],
  ["this", "round"],
  ["this", "turn"],
  ["for", "the", "moment"],
  ["at", "the", "moment"],
  ["for", "the", "time", "being"],
  ["right", "now"],
  // "Pass from me otherwise." (fresh322, session 67): besides the acts said before it
  ["otherwise"],
];

/** The word after a time phrase at k that closes its clause, else k. */
function afterTime(s: Sentence, k: number): number {
  for (const time of TIMES) {
    if (!time.every((w, n) => s.words[k + n] === w)) continue;
    const end = k + time.length;
    return end >= s.to || s.separated(end - 1) ? end : k;
  }
  return k;
}

/** Words opening a bare noun phrase: "a slip", "just a typo", "only an estimate". */
const NOUN_PHRASE_LEADS: ReadonlySet<string> = new Set(["a", "an", "just", "only", "merely", "simply"]);

/**
 * Is "nothing more" at i the close of "<a noun phrase>, nothing more" ("a slip of the keyboard, nothing more"):
 * "merely that", not a pass? The clause before the pause opens on an article or "just".
 */
function meritingNothingMore(s: Sentence, i: number): boolean {
  if (s.words[i] !== "nothing" || s.words[i + 1] !== "more" || i === s.from || !s.separated(i - 1)) return false;
  let start = i - 1;
  while (start > s.from && !s.separated(start - 1)) start--;
  return NOUN_PHRASE_LEADS.has(s.words[start] as string);
}

/** After a scope word, the speaker's own again: "nothing new from my notes on my side" stays a pass. */
const OWN_AFTER: ReadonlySet<string> = new Set(["my", "our", "this", "that", "it"]);

/** Words that open a condition: a pass phrase after one in its clause is no pass. */
// "I'll double-check before posting anything else" (fresh113): a time clause, not a pass
const CONDITIONS: ReadonlySet<string> = new Set(["if", "unless", "once", "until", "when", "whether", "before"]);

/** Verbs of a comparison after "nothing else": "comes close", "compares", "beats it". */
const COMPARING: ReadonlySet<string> = new Set(["comes", "come", "close", "compares", "beats", "matches", "rivals"]);

/** Words that may follow "nothing new" / "nothing else" in a pass: its scope or time ("on my side", "here", "yet"). */
const PASS_AFTER: ReadonlySet<string> = new Set(["on", "from", "for", "to", "here", "at", "yet", "really", "so", "in"]);

/** The speaker's side: "on my end", "from my side". */
const SIDES: ReadonlySet<string> = new Set(["end", "side"]);

/** Verbs of what the speaker holds after "that's all I": "have", "hold", "know", "see". */
const HOLDING: ReadonlySet<string> = new Set(["have", "hold", "know", "see", "got"]);

/** The end of a pass phrase at i, before any scope ("on my side"), or null. */
function passPhraseAt(s: Sentence, i: number): number | null {
  const { words } = s;
  const w = words[i] as string;
  // "That's all I have", "That is all from me"
  // "That's everything I hold." (fresh179): "everything" as "all", with a verb of the speaker's holding
  const all = words[i + 2] === "all" || words[i + 2] === "everything";
  if (w === "that" && (words[i + 1] === "'s" || words[i + 1] === "is") && all) {
    if (words[i + 3] === "i" && words[i + 4] === "have" && words[i + 2] === "all") return i + 5;
    // "everything I hold" closing the sentence (fresh80 labels "That's everything I have this round." no pass)
    // "That's everything I've got — over to you." (fresh181): "I've got" as the speaker's holding
    const holding =
      words[i + 3] === "i" ? HOLDING.has(words[i + 4] as string) : words[i + 3] === "i've" && words[i + 4] === "got";
    if (holding && (i + 5 >= s.to || s.separated(i + 4))) return i + 5;
    if (words[i + 3] === "from" && words[i + 4] === "me") return i + 5;
    // "That's everything on my end." (fresh221-224): the speaker's side closing the clause
    if (
      (words[i + 3] === "on" || words[i + 3] === "from") &&
      words[i + 4] === "my" &&
      SIDES.has(words[i + 5] as string)
    )
      return i + 6 >= s.to || s.separated(i + 5) ? i + 6 : null;
    const token = s.tokens[i + 2] as NaturalToken;
    return token.pause || token.stop || i + 3 >= s.to ? i + 3 : null;
  }
  // "That's it from me." (fresh222): "it" as "all", closed by "from me"
  if (w === "that" && (words[i + 1] === "'s" || words[i + 1] === "is") && words[i + 2] === "it") {
    if (words[i + 3] === "from" && words[i + 4] === "me") return i + 5;
    return null;
  }
  if (w === "nothing" || w === "anything") {
    if (w === "anything" && !s.gate[i]) return null;
    let j = i + 1;
    const modified = cue.passModifiers.has(words[j] as string);
    if (modified) j++;
    if (words[j] === "to" && cue.passVerbs.has(words[j + 1] as string)) return j + 2;
    if (words[j] === "from" && words[j + 1] === "me") return j + 2;
    // "Nothing new.", "nothing else on my side"; "nothing else comes close" (fresh55) says how the option compares
    // "I've seen a 1 from Agent 2 but nothing else." (fresh441, session 70: a wrong act): "but nothing else" closing
    // the clause it is in, with no pause before "but", is that clause's object, not a turn passed
    if (modified && words[i - 1] === "but" && i - 2 >= s.from && !s.separated(i - 2)) return null;
    if (modified) return j >= s.to || s.separated(j - 1) || PASS_AFTER.has(words[j] as string) ? j : null;
    return null;
  }
  if (s.gate[i] && (w === "any" || cue.passModifiers.has(w))) {
    // under a negation: "(don't have) any ratings to add", "(don't have) new evidence to share"
    let j = i + 1;
    if (w === "any" && cue.passModifiers.has(words[j] as string)) j++;
    if (cue.passNouns.has(words[j] as string)) j++;
    if (j > i + 1 && words[j] === "to" && cue.passVerbs.has(words[j + 1] as string)) return j + 2;
    return null;
  }
  if (w === "no" || w === "not") {
    let j = i + 1;
    if (w === "not" && words[j] === "much" && words[j + 1] === "to" && cue.passVerbs.has(words[j + 2] as string))
      return j + 3;
    const modified = cue.passModifiers.has(words[j] as string);
    if (modified) j++;
    // "that's vibes, not data" (fresh175): "not" and a bare noun after a pause set one thing against another
    if (w === "not" && !modified && i > s.from && s.separated(i - 1)) return null;
    if (cue.passNouns.has(words[j] as string)) return j + 1;
    return null;
  }
  if (w === "pass" || w === "skip") {
    const prev = words[i - 1];
    const token = s.tokens[i] as NaturalToken;
    const speaker = i === s.from || prev === "i" || prev === "i'll" || prev === "will" || prev === "ill";
    const ends = token.pause || token.stop || i + 1 >= s.to || ["this", "for", "on"].includes(words[i + 1] as string);
    // "Pass from me.", "Pass from me otherwise." (fresh322, session 67)
    if (speaker && words[i + 1] === "from" && words[i + 2] === "me") return i + 3;
    return speaker && ends ? i + 1 : null;
  }
  return null;
}
