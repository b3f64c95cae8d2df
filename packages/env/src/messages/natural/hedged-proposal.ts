import type { Sentence } from "./sentence";

// A proposal made a possibility by a hedge (issue 26, session 43; fresh44's "We should perhaps go with Candidate D",
// "Possibly the judges should pick Stall D", session 42's "The team should maybe go with X"): precision first, a hedged
// plan proposes nothing (docs/design.md §2). A hedge counts in the proposal's own clause before it ("We should perhaps
// go with X", "I'd maybe pick X", "Possibly we should book X") or opening the clause that closes the sentence ("Let's go
// with X, maybe.", "We should pick X, perhaps Y"). One form stays a proposal, as the corpus has always read it: "Maybe" opening the sentence before
// the team or the speaker ("Maybe we should go with X", "Maybe let's pick X"), the polite way of putting a suggestion.

/** Words that make the plan a possibility rather than a plan. */
const HEDGES: ReadonlySet<string> = new Set(["maybe", "perhaps", "possibly", "conceivably"]);

/** After an opening "Maybe", the subjects of a suggestion: "Maybe we should ...", "Maybe let's ...", "Maybe I'd ...". */
const SUGGESTING: ReadonlySet<string> = new Set(["we", "let's", "lets", "let", "i", "i'd", "we'd", "we'll", "i'll"]);

/** Is the hedge at k the opening "Maybe" of a suggestion ("Maybe we should go with X")? */
function politeOpening(s: Sentence, k: number): boolean {
  return k === s.from && s.words[k] === "maybe" && SUGGESTING.has(s.words[k + 1] as string);
}

/**
 * Is the proposal whose words run from i to end (its option's last word) hedged: a hedge in its own clause before it
 * (from the clause's first word), or a closing clause of hedges only after it, up to sentenceEnd?
 */
export function hedgedProposal(s: Sentence, i: number, end: number, sentenceEnd: number): boolean {
  for (let k = i - 1; k >= s.from; k--) {
    if (s.separated(k)) break;
    if (HEDGES.has(s.words[k] as string) && !politeOpening(s, k)) return true;
  }
  // "Let's go with X, maybe.", "I propose X, perhaps.": a hedge alone after the last pause
  let c = sentenceEnd;
  while (c > end && !s.separated(c - 1)) c--;
  if (c >= sentenceEnd || !s.separated(c - 1)) return false;
  // "We should pick X, perhaps Y": a closing clause opened by a hedge offers another choice or doubts this one
  return HEDGES.has(s.words[c] as string);
}
