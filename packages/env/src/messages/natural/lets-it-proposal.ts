import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import type { ParseState, Sentence } from "./sentence";

/**
 * Verbs after "let's" that do anything but choose the option "it" points to: reject it, look at it again, or put
 * it off ("let's skip it", "let's check it", "let's discuss it"). Every other verb commits to it.
 */
const NOT_CHOOSING = new Set([
  "skip",
  "drop",
  "avoid",
  "ditch",
  "scrap",
  "dump",
  "forget",
  "leave",
  "exclude",
  "remove",
  "eliminate",
  "rule",
  "cross",
  "pass",
  "check",
  "recheck",
  "verify",
  "confirm",
  "discuss",
  "debate",
  "revisit",
  "review",
  "reconsider",
  "consider",
  "compare",
  "question",
  "test",
  "ask",
  "see",
  "think",
  "look",
  "wait",
  "hold",
  "park",
  "table",
  "postpone",
  "delay",
  "sleep",
  "not",
  // a person pointed to may be looked into rather than chosen: "let's interview him", "let's hear from her"
  "interview",
  "hear",
  "watch",
  "follow",
  "trust",
  "clear",
  "monitor",
  "track",
  "investigate",
  "probe",
  "press",
  "grill",
  "call",
  "contact",
  "doubt",
  "talk",
  "speak",
]);

/** What the closing clause points back with: "it", a person ("let's name him", fresh33), a place ("let's eat there"). */
const POINTERS = new Set(["it", "him", "her", "them", "there"]);

/** Words that join the closing clause to the one before it: "..., so let's take it", "..., and then let's book it". */
const JOINERS = new Set(["so", "then", "and"]);

/** Particles a choosing verb may take before "it": "go for it", "go with it", "run with it". */
const PARTICLES = new Set(["for", "with", "ahead", "on"]);

/**
 * "Restaurant A ticks every box for me — let's do it" (fresh31): a closing clause "let's <verb> [particle] it"
 * after a clause that names exactly one option points "it" back to that option and chooses it, whatever the verb,
 * unless the verb rejects, re-examines or defers it (NOT_CHOOSING). A joining word may open the closing clause
 * ("..., so let's take it") and "I say we" stands for "let's" (fresh32). Nothing under a negation, condition, modal
 * (but "could do worse than X") or question, nor when another option, "or" or an agent stands in the sentence. The
 * option, or null.
 */
export function letsItProposal(s: Sentence, from: number, to: number, state: ParseState): number | null {
  const { words } = s;
  if ((s.tokens[to - 1] as NaturalToken).question || !POINTERS.has(words[to - 1] as string)) return null;
  let lead = to - 2;
  while (lead > from && PARTICLES.has(words[lead] as string)) lead--;
  const verb = lead;
  const lets = letsAt(words, verb);
  if (lets === null || verb >= to - 1 || NOT_CHOOSING.has(words[verb] as string)) return null;
  // a joining word may stand between the clause break and "let's" ("..., so let's take it")
  let start = lets;
  while (start > from && !s.clauseStart(start) && JOINERS.has(words[start - 1] as string)) start--;
  if (!s.clauseStart(start) || start === from) return null; // no clause before it to point back to
  let option: number | null = null;
  for (let k = from; k < start; k++) {
    const w = words[k] as string;
    // "We can't go wrong with X, so let's settle on it" (fresh33): the negated doubt endorses
    const endorses = (w === "can't" || w === "cannot") && words[k + 1] === "go" && words[k + 2] === "wrong";
    if (endorses) {
      k += 2;
      continue;
    }
    if (w === "agent" || w === "or" || w.startsWith("@") || negationWord(w)) return null;
    if (cue.conditionals.has(w) || s.conditionalAt(k)) return null;
    // a modal holds the choice back, but for the one that endorses: "We could do worse than X — let's lock it"
    if (cue.modals.has(w) && !(words[k + 1] === "do" && words[k + 2] === "worse" && words[k + 3] === "than"))
      return null;
    const named = state.options.match(words, k);
    if (named === null) continue;
    if (option !== null && option !== named.index) return null;
    option = named.index;
    k = named.end - 1;
  }
  return option;
}

/**
 * Where the words that commit the team start before the verb at `verb`: "let's" (read as "let" and "'s"), "lets",
 * "let us", or the speaker's "I say we" ("I say we go for it", fresh32); null if none.
 */
function letsAt(words: readonly string[], verb: number): number | null {
  if (words[verb - 1] === "'s" && words[verb - 2] === "let") return verb - 2;
  if (words[verb - 1] === "lets") return verb - 1;
  if (words[verb - 1] === "us" && words[verb - 2] === "let") return verb - 2;
  if (words[verb - 1] === "we" && words[verb - 2] === "say" && words[verb - 3] === "i") return verb - 3;
  // the speaker's own commitment: "— I'm going with it", "we'll take it" (fresh34)
  const own = words[verb - 1] as string;
  if ((own === "i'm" || own === "we're") && words[verb] === "going") return verb - 1;
  if ((own === "i'll" || own === "we'll") && (words[verb] === "go" || words[verb] === "take")) return verb - 1;
  return null;
}
