// A body other than the team as the subject of a plan (issue 26, session 43; fresh43's "The panel should hire Candidate
// C, if you ask me", fresh44's "The hiring committee should offer the role to Candidate B", "Security should detain
// Employee B"): the body that carries the decision out, named by one of its nouns after at most an owner and two
// modifiers ("the whole office", "our selection panel", "the hiring committee"). Read by `teamProposal` as it reads
// "the team": with an intent after it and one option alone in the clause.

/** Nouns of a body that decides or acts for the group: "panel", "committee", "judges", "household", "inspector". */
export const BODY_NOUNS: ReadonlySet<string> = new Set([
  "panel",
  "committee",
  "board",
  "jury",
  "judges",
  "judge",
  "household",
  "inspector",
  "inspectors",
  "detective",
  "detectives",
  "investigators",
  "police",
  "security",
  "management",
  "hr",
  "department",
  "office",
  "family",
  "organisers",
  "organizers",
  "company",
  "staff",
  "council",
  "club",
  "crew",
  "squad",
  "flatmates",
  "roommates",
  "housemates",
  "colleagues",
  "recruiters",
  "group",
  "team",
]);

/** Owners before a body: "the panel", "our committee", "my flatmates". */
const OWNERS: ReadonlySet<string> = new Set(["the", "our", "my"]);

/** Words that cannot modify a body before its noun: they start a clause or name someone ("agent", "we", "if"). */
const NOT_MODIFIERS: ReadonlySet<string> = new Set(["agent", "we", "i", "you", "if", "and", "or", "not", "should"]);

/** The length of a body subject opening words at from ("Security", "the hiring committee"), or 0. */
export function bodySubject(words: readonly string[], from: number): number {
  const start = OWNERS.has(words[from] as string) ? from + 1 : from;
  for (let k = start; k < start + 3; k++) {
    const w = words[k];
    if (w === undefined || NOT_MODIFIERS.has(w)) return 0;
    if (BODY_NOUNS.has(w)) return k + 1 - from;
  }
  return 0;
}
