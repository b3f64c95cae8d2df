import type { Act } from "../act";

// A disclaimer after a block (issue 26, session 70): "None of those are my own numbers.", "Those per-clue numbers
// came from the other two agents' posts, so I'm just relaying them." (fresh461: a JSON object and a YAML map of
// other agents' figures, each read as the speaker's shares). A sentence of the prose that says the figures before it
// are not the speaker's own takes back the shares a table, JSON or YAML block before it gave; shares said in prose,
// and every other act, stay.

/** Sentences that call the figures before them someone else's. */
const DISCLAIMER =
  /\b(?:none of (?:those|these|them|that|the above) (?:are|is|were|was) (?:my own|mine)|(?:those|these|they|that|the above)(?: [a-z'-]+){0,3} (?:are|is|were|was) not (?:my own|mine)|(?:i'm|i am|im) (?:just |only |simply |merely )?(?:relaying|passing on|repeating|echoing|quoting) (?:them|those|these|that|their|the above)|(?:those|these|the above)(?: [a-z'-]+){0,3} (?:came|come|comes|are|is|were) from (?:the )?(?:other|others|agent))\b/i;

/** Where the first sentence disclaiming the figures before it starts in `text`, or -1. */
function disclaimerAt(text: string): number {
  return text.search(DISCLAIMER);
}

/** `acts` without the shares of `fromBlocks` (a table's, JSON's or YAML's) that stand before a disclaimer. */
export function withoutDisclaimedShares<T extends { at: number; act: Act }>(
  acts: readonly T[],
  fromBlocks: ReadonlySet<T>,
  text: string,
): T[] {
  const at = disclaimerAt(text);
  if (at < 0) return [...acts];
  return acts.filter((f) => !(fromBlocks.has(f) && f.act.kind === "share" && f.at < at));
}
