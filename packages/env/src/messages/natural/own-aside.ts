import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { ownEntryVerb } from "./parse-sentence";
import { type ParseState, type Sentence, sharesReadAgain } from "./sentence";

/** Words of doubt that keep an aside from being a plain note. */
const DOUBTS = new Set(["sure", "certain", "unsure", "maybe", "perhaps", "possibly", "think", "guess", "not", "if"]);

/** Longest aside read as the speaker's note on an earlier entry. */
const MAX_ASIDE = 10;

/** Does from..to hold the speaker's earlier entry ("I wrote 4 earlier", "which I previously listed as 5")? */
function ownEntryAside(s: Sentence, from: number, to: number): boolean {
  if (to - from > MAX_ASIDE || to - from < 2) return false;
  let own = false;
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    if (w === "agent" || w === "you" || w === "your" || w === "they" || w === "someone") return false;
    // "(I wrote 4, but it might be 3)": a doubt in the aside is no plain note
    if (s.modal[k] === true || cue.modals.has(w) || DOUBTS.has(w)) return false;
    if (w === "i" && k + 1 < to) {
      const verb = s.words[k + 1] === "previously" || s.words[k + 1] === "originally" ? k + 2 : k + 1;
      if (ownEntryVerb(s.words[verb] as string)) own = true;
    }
  }
  // it opens on the speaker ("I wrote ...") or on "which I ..." / "that I ..."
  const opens =
    s.words[from] === "i" || ((s.words[from] === "which" || s.words[from] === "that") && s.words[from + 1] === "i");
  return own && opens;
}

/** The aside of the speaker's earlier entry in first..to: in parentheses, or between two dashes; or null. */
function asideSpan(s: Sentence, first: number, to: number): { from: number; to: number } | null {
  for (let k = first + 1; k < to; k++) {
    const t = s.tokens[k] as NaturalToken;
    // "(I wrote 4 earlier by mistake)"
    if (t.aside && !(s.tokens[k - 1] as NaturalToken).aside) {
      let end = k;
      while (end < to && (s.tokens[end] as NaturalToken).aside) end++;
      if (ownEntryAside(s, k, end)) return { from: k, to: end };
      continue;
    }
    // "— which I previously listed as 5 —"
    if ((s.tokens[k - 1] as NaturalToken).dash === true) {
      let end = k;
      while (end < to - 1 && (s.tokens[end] as NaturalToken).dash !== true) end++;
      if ((s.tokens[end] as NaturalToken).dash === true && ownEntryAside(s, k, end + 1))
        return { from: k, to: end + 1 };
    }
  }
  return null;
}

/**
 * "Candidate D's communication — which I previously listed as 5 — is really a 3" (fresh179), "Apartment C's quietness
 * is 1 (I wrote 4 earlier by mistake)" (fresh177): a sentence the readers left whole, holding an aside on the
 * speaker's own earlier entry (in parentheses or between dashes, opening on "I <entry verb>" or "which I ..."), read
 * again without the aside; its shares only, or null.
 */
export function withoutOwnAside(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || found.some((a) => a.kind === "share")) return null;
  if ((s.tokens[to - 1] as NaturalToken).question) return null;
  const aside = asideSpan(s, first, to);
  if (aside === null) return null;
  const start = (s.tokens[first] as NaturalToken).start;
  const cut = (s.tokens[aside.from] as NaturalToken).start;
  const end = (s.tokens[aside.to - 1] as NaturalToken).end;
  const last = (s.tokens[to - 1] as NaturalToken).end;
  const before = text.slice(start, cut).replace(/[\s(—–-]+$/, "");
  const after = aside.to < to ? text.slice((s.tokens[aside.to] as NaturalToken).start, last) : text.slice(end, last);
  const rest = after.replace(/^[\s).,;:—–-]+/, "");
  return sharesReadAgain(state, `${before} ${rest}`.trim());
}
