import type { Act } from "../act";
import type { ParseState } from "./sentence";

// The correction reading (session 59): a sentence that corrects a value and that no reader before took is read again
// as the plain statement of the new value. The words that mark the old value are taken out of its text — a "Make
// that", "Correction:" or "Editing my earlier figure:" lead, ", not 4" after the new level, "should read" / "should
// be" (read as "is"), "goes from 4 to 2" (read as "is 2", session 60), ", not the other way round", a clause of the
// speaker's own earlier entry ("I had written 0") and a remark on the slip with no number ("I misread my own
// notes") — and what is left is read by the grammar, whole or not at all: any clause of it left unread or refused
// gives nothing. Only its shares are taken.

/**
 * Marks of a correction in a sentence: without one, the sentence is not read again ("X should be 4" alone is a want,
 * not a value: "should read" marks a figure, "should be" does not).
 */
const MARKS =
  /\b(?:(?:goes|go|went|changes|change|changed|moves|move|moved|drops|dropped|rises|rose|should go|needs to go|is revised|revised|is updated|updated|comes down|came down|goes up|goes down)\s+from\s+[+\-−]?\d+\s+to\s+[+\-−]?\d|make that|should read|correction|correcting|typo|misread|muddled|mixed up|wrong (?:row|column|cell|line)|i had written|i'd written|swapped|not the other way (?:round|around))\b|,\s*not\s+(?:a\s+|an\s+)?[+\-−]?\d\b|\(not\s+[+\-−]?\d\)/i;

/** A lead that only labels the sentence a correction: "Correction:", "Quick fix —", "Make that". */
const LEAD =
  /^\s*(?:(?:a\s+)?(?:quick|small|minor|one)?\s*(?:correction|fix|erratum|update)\s*[:—–-]\s*|make that\s+|sorry,\s*make that\s+|(?:editing|amending|updating|revising|fixing|correcting)\s+(?:myself|(?:my|an?|one)\s+(?:earlier\s+|previous\s+|own\s+)?(?:figure|number|post|entry|note|value|message|cell))\s*[:—–-]\s*)/i;

/** A change of value: "goes from 4 to 2", "should go from 1 to 3": the new value is what the cell is. */
const FROM_TO =
  /\b(?:goes|go|went|changes|change|changed|moves|move|moved|drops|dropped|rises|rose|should go|needs to go|is revised|revised|is updated|updated|comes down|came down|goes up|goes down)\s+from\s+[+\-−]?\d+\s+to\s+([+\-−]?\d+)\b/gi;

/** The old value after the new one: ", not 4", " (not 4)", ", not a 2", ", not the other way round". */
const OLD_VALUE = /,?\s*\(not\s+[+\-−]?\d\)|,\s*not\s+(?:a\s+|an\s+)?[+\-−]?\d(?=\s*(?:[,.;:!—–]|\s-\s|$))/gi;
const OTHER_WAY = /,?\s*(?:and\s+)?not the other way (?:round|around)/gi;

/** "should read 1", "should be 2", "should say 0", "should have been 3": the value it has. */
const SHOULD = /\bshould (?:read|be|say|have been)\b/gi;

/** A clause of the speaker's own earlier entry: "I had written 0", "I'd put 5", "I gave it as 3 earlier". */
const OWN_ENTRY =
  /^\s*(?:and\s+|but\s+)?(?:i|i'd|i've)\s+(?:had|'d|wrote|written|typed|gave|given|put|posted|entered|listed|said|jotted|noted|logged|reported)\b/i;

/** A remark on the slip with no number: "I misread my own notes", "my mistake", "wrong row". */
const SLIP_REMARK =
  /\b(?:misread|muddled|mixed up|typo|slip|mistake|my bad|apologies|sorry|oops|wrong (?:row|column|cell|line)|dropped a minus|fix (?:something|that|this)|swapped)\b/i;

/**
 * Words that keep a sentence from this reading: doubt, someone else's word, a condition, a question, a withdrawal with
 * no new value ("scratch that, I was reading the wrong column"), an order left open ("or the other way round").
 */
const REFUSE =
  /\?|\b(?:if|unless|maybe|perhaps|might|may|could|probably|possibly|think|believe|guess|not sure|unsure|said|says|claims|claimed|reported|according|agent|scratch|disregard|ignore|withdraw|withdrawing|retract|retracting|or the other way|either way|which is which|reading the wrong|was reading)\b/i;

/** Where a sentence's clauses may be cut: semicolons and dashes set off by spaces. */
const CLAUSE_BREAK = /\s*(?:;|\s[—–]\s|\s-\s|—|–)\s*/;

/**
 * The text of a correcting sentence with the old value's marks taken out, or null where it has no mark of a
 * correction, holds a word this reading refuses, or nothing is taken out.
 */
export function correctedText(raw: string): string | null {
  if (!MARKS.test(raw) || REFUSE.test(raw)) return null;
  let text = raw
    .replace(LEAD, "")
    .replace(OTHER_WAY, "")
    .replace(OLD_VALUE, "")
    .replace(SHOULD, "is")
    .replace(FROM_TO, "is $1");
  const clauses = text.split(CLAUSE_BREAK).filter((clause) => {
    if (clause.trim() === "") return false;
    if (OWN_ENTRY.test(clause)) return false;
    return !(SLIP_REMARK.test(clause) && !/\d/.test(clause));
  });
  text = clauses.join("; ").trim();
  if (text === "" || text === raw.trim() || !/\d/.test(text)) return null;
  return text;
}

/**
 * The shares of a correcting sentence read again as the plain statement of its new value (`correctedText`), with
 * the option and attribute the talk carries; null where none, or where any of it is left unread.
 */
export function correctionShares(
  raw: string,
  state: ParseState,
  context: Pick<ParseState, "subject" | "carried">,
): Act[] | null {
  if (state.clauseActs === undefined) return null;
  const text = correctedText(raw);
  if (text === null) return null;
  const acts = state.clauseActs(text, context);
  if (acts === null) return null;
  const shares = acts.filter((a) => a.kind === "share");
  return shares.length > 0 ? shares : null;
}
