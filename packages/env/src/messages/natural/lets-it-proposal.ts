import { naturalCues as cue } from "../natural-cues";
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
]);

/** Particles a choosing verb may take before "it": "go for it", "go with it", "run with it". */
const PARTICLES = new Set(["for", "with", "ahead", "on"]);

/**
 * "Restaurant A ticks every box for me — let's do it" (fresh31): a closing clause "let's <verb> [particle] it"
 * after a clause that names exactly one option points "it" back to that option and chooses it, whatever the verb,
 * unless the verb rejects, re-examines or defers it (NOT_CHOOSING). Nothing under a negation, condition, modal or
 * question, nor when another option, "or" or an agent stands in the sentence. The option, or null.
 */
export function letsItProposal(s: Sentence, from: number, to: number, state: ParseState): number | null {
  const { words } = s;
  if ((s.tokens[to - 1] as NaturalToken).question || words[to - 1] !== "it") return null;
  let lead = to - 2;
  while (lead > from && PARTICLES.has(words[lead] as string)) lead--;
  const verb = lead;
  // "let's" is read as "let" and "'s"
  const lets =
    words[verb - 1] === "'s" && words[verb - 2] === "let"
      ? verb - 2
      : words[verb - 1] === "lets" || (words[verb - 1] === "us" && words[verb - 2] === "let")
        ? verb - (words[verb - 1] === "us" ? 2 : 1)
        : null;
  if (lets === null || verb >= to - 1 || NOT_CHOOSING.has(words[verb] as string) || !s.clauseStart(lets)) return null;
  if (lets === from) return null; // no clause before it to point back to
  let option: number | null = null;
  for (let k = from; k < lets; k++) {
    const w = words[k] as string;
    if (w === "agent" || w === "or" || w.startsWith("@") || cue.negations.has(w) || w.endsWith("n't")) return null;
    if (cue.conditionals.has(w) || cue.modals.has(w) || s.conditionalAt(k)) return null;
    const named = state.options.match(words, k);
    if (named === null) continue;
    if (option !== null && option !== named.index) return null;
    option = named.index;
    k = named.end - 1;
  }
  return option;
}
