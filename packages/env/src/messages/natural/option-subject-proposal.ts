import { naturalCues as cue } from "../natural-cues";
import type { Sentence } from "./sentence";

// The option as the subject of the team's choice after "should" (issue 26, session 43; fresh44's "Lady Ashby should be
// charged, I think", "Restaurant D should be where we eat", "Employee E should be the one we report", "Apartment A should
// get our deposit", "Stall B should take the trophy this year", fresh42's "Candidate D should get the offer, to my
// mind"). Read only in three shapes, each of which says the option is chosen: a passive of a verb of choosing, "where
// / who / the one" with the team or the speaker choosing, and a prize the option gets. "Restaurant B should improve",
// "Candidate D should hear back from us" and "Stall A should have sold more" say nothing of a choice.

/** After "should be": the passive of a verb of choosing ("charged", "hired", "booked"). */
const CHOSEN: ReadonlySet<string> = new Set([
  "chosen",
  "picked",
  "selected",
  "hired",
  "booked",
  "charged",
  "arrested",
  "accused",
  "named",
  "nominated",
  "reported",
  "detained",
  "convicted",
]);

/** The choosers after "where" / "who" / "the one": the team or the speaker. */
const CHOOSERS: ReadonlySet<string> = new Set(["we", "i", "we'll", "i'd", "we'd"]);

/** Verbs of the chooser that leave the option out or only find out about it: "the one we avoid", "where we check". */
const NOT_CHOOSING = [
  "avoid",
  "skip",
  "drop",
  "rul",
  "exclud",
  "elimin",
  "cross",
  "leav",
  "reject",
  "ignor",
  "forget",
  "check",
  "ask",
  "question",
  "investigat",
  "look",
  "discuss",
  "talk",
  "worr",
  "watch",
  "doubt",
  "least",
];

/** "X should get / take / win" a prize the task gives: "the trophy", "our deposit", "the offer". */
const PRIZE_VERBS: ReadonlySet<string> = new Set(["get", "take", "win", "receive"]);
const PRIZE_OWNERS: ReadonlySet<string> = new Set(["the", "our", "my"]);
const PRIZES: ReadonlySet<string> = new Set([
  "trophy",
  "offer",
  "role",
  "position",
  "deposit",
  "contract",
  "lease",
  "cup",
  "medal",
  "title",
  "booking",
  "prize",
  "job",
  "nod",
  "award",
  "vote",
  "votes",
  "spot",
]);

/** The end of the clause from k: the first word after a pause, or end. */
function clauseEnd(s: Sentence, k: number, end: number): number {
  let t = k;
  while (t < end && !s.separated(t - 1)) t++;
  return t;
}

/**
 * After the option, at j ("should"): the word after a choice of it ("should be charged", "should be where we eat",
 * "should be the one we report", "should get our deposit"), or null.
 */
export function optionChosen(s: Sentence, j: number, end: number): number | null {
  const { words } = s;
  if (words[j] !== "should") return null;
  if (PRIZE_VERBS.has(words[j + 1] as string) && PRIZE_OWNERS.has(words[j + 2] as string))
    return PRIZES.has(words[j + 3] as string) ? j + 4 : null;
  if (words[j + 1] !== "be") return null;
  const k = j + 2;
  // "Lady Ashby should be charged, I think." (the clause ends with it: not "charged more", "booked out")
  if (CHOSEN.has(words[k] as string)) return k + 1 >= end || s.separated(k) ? k + 1 : null;
  // "Restaurant D should be where we eat", "Employee E should be the one we report", "X should be who we hire"
  const relative =
    words[k] === "where" || words[k] === "who"
      ? k + 1
      : words[k] === "the" && words[k + 1] === "one"
        ? words[k + 2] === "that" || words[k + 2] === "who"
          ? k + 3
          : k + 2
        : null;
  if (relative === null || !CHOOSERS.has(words[relative] as string) || relative + 1 >= end) return null;
  const verb = words[relative + 1] as string;
  if (NOT_CHOOSING.some((stem) => verb.startsWith(stem))) return null;
  // "X should be where we don't go", "X should be where we eat or Y": a negation or an alternative in the clause
  const close = clauseEnd(s, relative + 2, end);
  for (let t = relative + 1; t < close; t++) {
    const w = words[t] as string;
    if (cue.negations.has(w) || w.endsWith("n't") || w === "or" || w === "nor") return null;
  }
  return close;
}
