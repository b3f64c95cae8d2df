import type { Sentence } from "./sentence";

/**
 * Closing clauses that make everything the sentence states hearsay or a recollection the speaker doubts: "..., or so
 * I heard", "..., if memory serves", "..., if I'm not mistaken". Each is matched whole, after a pause (an "if" or
 * "unless" tail without one too), and only where it ends the sentence.
 */
const DOUBTING_TAILS: readonly (readonly string[])[] = [
  ["or", "so", "i", "heard"],
  ["or", "so", "i", "hear"],
  ["or", "so", "i'm", "told"],
  ["or", "so", "i", "was", "told"],
  ["or", "so", "they", "say"],
  ["or", "so", "i've", "heard"],
  ["so", "i", "heard"],
  ["so", "i", "hear"],
  ["so", "i'm", "told"],
  ["i", "heard"],
  ["i'm", "told"],
  ["i", "was", "told"],
  ["i've", "heard"],
  ["if", "memory", "serves"],
  ["if", "memory", "serves", "me"],
  ["if", "memory", "serves", "me", "right"],
  ["if", "memory", "serves", "me", "correctly"],
  ["if", "memory", "serves", "me", "well"],
  ["if", "i", "recall"],
  ["if", "i", "recall", "correctly"],
  ["if", "i", "recall", "right"],
  ["if", "i", "remember"],
  ["if", "i", "remember", "correctly"],
  ["if", "i", "remember", "right"],
  ["if", "i", "remember", "rightly"],
  ["if", "i'm", "not", "mistaken"],
  ["if", "i", "am", "not", "mistaken"],
  ["unless", "i'm", "mistaken"],
  ["unless", "i", "misremember"],
  // "F's email records is 1, iirc." (session 69, beside fresh369's "if I remember correctly —")
  ["iirc"],
  // "Natural light could be 4, and rent for C a 2, but I'm going off memory for both." (fresh159)
  ...["but", ""].flatMap((but) =>
    ["", "for both", "on both", "for those", "there", "here"].flatMap((rest) =>
      [
        `${but} i'm going off memory ${rest}`,
        `${but} i'm going from memory ${rest}`,
        `${but} that's from memory ${rest}`,
      ].map((t) => t.split(" ").filter((w) => w !== "")),
    ),
  ),
  // a hedge word alone closing the sentence (helper h40p): "X's cleanliness is 5, maybe." states no level, as "is maybe 5"
  ["maybe"],
  ["perhaps"],
  ["possibly"],
  // "Shelf B has 3 rice bags, give or take." (fresh191): an estimate's tail after the count's noun, not the number
  ["give", "or", "take"],
  ["more", "or", "less"],
  ["or", "thereabouts"],
  ["roughly"],
  ["approximately"],
];

/**
 * Does the sentence from..to end on a doubting tail ("Stall B got 1 and Stall C got -1, or so I heard", "X's Y is 4,
 * if memory serves")? Then no share in it is the speaker's own sure word: precision first, it states none.
 */
export function doubtingTail(s: Sentence, from: number, to: number): boolean {
  let end = to;
  while (end > from && /^[^\p{L}\p{N}]+$/u.test(s.words[end - 1] as string)) end--;
  if (whichWasWhich(s, from, end)) return true;
  for (const tail of DOUBTING_TAILS) {
    const start = end - tail.length;
    // "Candidate A's experience is 5 if I'm not mistaken." (a held-out defect, session 56): a closing "if ..." /
    // "unless ..." tail doubts a sentence of one clause with no pause before it too ("..., leadership around 4 if
    // memory serves" after a pause doubts only its own clause, fresh88: not the sentence)
    const unpaused = (tail[0] === "if" || tail[0] === "unless") && !pausedBefore(s, from, start);
    if (start <= from || (!s.separated(start - 1) && !unpaused)) continue;
    if (tail.every((w, n) => s.words[start + n] === w)) return true;
  }
  return false;
}

/** Is there a pause between from and at? */
function pausedBefore(s: Sentence, from: number, at: number): boolean {
  for (let k = from; k < at - 1; k++) if (s.separated(k)) return true;
  return false;
}

/**
 * Does the sentence open with one of those before a pause ("If memory serves, Lady Ashby's torn glove is 2",
 * fresh127; "Perhaps, ...")? Then, as with the tail, it states no share.
 */
export function doubtingLead(s: Sentence, from: number, to: number): boolean {
  for (const lead of DOUBTING_TAILS) {
    const last = from + lead.length - 1;
    if (last >= to - 1 || !s.separated(last)) continue;
    if (lead.every((w, n) => s.words[from + n] === w)) return true;
  }
  return false;
}

const WHICH_VERBS = new Set(["is", "was", "'s", "are", "were"]);

/**
 * Does the sentence close on a clause, after a pause, that says the speaker cannot tell the named cells apart: "...,
 * but I've lost track of which stall was which" (fresh187), "..., not sure which is which"? Then no level in it is
 * given to one option.
 */
function whichWasWhich(s: Sentence, from: number, end: number): boolean {
  const w = s.words;
  if (w[end - 1] !== "which" || !WHICH_VERBS.has(w[end - 2] as string)) return false;
  const at = w[end - 3] === "which" ? end - 3 : w[end - 4] === "which" ? end - 4 : null;
  return at !== null && at > from + 1 && pausedBefore(s, from, at);
}
