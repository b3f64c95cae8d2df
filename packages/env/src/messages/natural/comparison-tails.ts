import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { differenceBroken, lastNumber, orderBroken, orderOf, tailShare, withoutDifference } from "./comparison-tail";
import { squeezedSpan, within } from "./reread";
import type { ParseState, Sentence } from "./sentence";

// Comparison tails inside a sentence (issue 26, session 61): "I'd pick Restaurant C: its food quality is 5 against
// B's 2, and its service is 4.", "it has 5 apples against Shelf B's 1, and 3 rice bags to B's 2.", "with D's
// ambience at 5 and B's at 2, I now back Restaurant D.", "Her poison bottle is at 3, Doctor Finch's is 1, and ...".
// `comparisonTailActs` reads a tail that closes the sentence; this reads every tail, wherever it stands, as the same
// kind of share: the level of another option for the attribute of the share right before it. A tail runs from its
// word to the next clause break; after a comparison word it takes any shape `tailShare` knows, after a plain joiner
// (a comma, "and", "but", "while", "whereas", "where") or "to" only a possessive one ("B's 2", "B's is only 2") or
// a name with an adverb before its level ("and Restaurant B only 3"). The
// words before each tail, with the tails before it taken out, are read again alone and must end in the share it
// compares with, at the level written last before the tail (so "..., nobody comes close on muddy boots either —
// Lady Ashby's are 3 too" is no tail: the share before it is another attribute's); the sentence with every tail
// taken out, read again, must give every act the sentence gave (it may give more: the tails kept the grammar from
// reading it). An order or a difference the comparison word states must hold, as in `comparisonTailActs`.

/** A tail's opening: a plain joiner (group 1) or a comparison word (group 2). */
const OPENING =
  /(,\s*(?:and\s+|but\s+|while\s+|whereas\s+|where\s+)?|\s+(?:and|but|while|whereas|where)\s+|;\s*|\s+[—–-]\s+)|(?:,\s*|\s+[—–-]\s+|\s+)(?:(?:clearly|well|way|comfortably|just|slightly|far)\s+)?(against|versus|vs\.?|compared (?:to|with)|ahead of|clear of|behind|trailing|beating|beats|above|below|than|over|double|twice|to)\s+/gi;

/** Words that leave open which level is whose. */
const SWAPPED = /\b(?:other way (?:a)?round|the reverse|vice versa|the opposite|swapped|mixed up|mixed them up)\b/i;

/** Where a tail ends: the next clause break, or the end. */
const TAIL_END = /\s*(?:[,;]|\s[—–-]\s|\s(?:and|but|so|while|whereas|though|although)\s|[.!?](?:\s|$))|\s*$/i;

/** Words closing a tail that do not change it: "B's is 2 too". */
const TAIL_FILLER =
  /\s+(?:too|though|by comparison|by a (?:wide|big|long|clear|large|comfortable) margin|by a mile|easily|comfortably)$/i;

/** The longest tail tried, in characters: a tail is a name and a level. */
const MAX_TAIL = 60;
/** How many openings are tried, and how many tails a sentence may hold (each is a reading again). */
const MAX_OPENINGS = 16;
const MAX_TAILS = 4;

interface Tail {
  /** Where its opening starts and its tail ends, in the squeezed sentence. */
  start: number;
  end: number;
  text: string;
  order: number;
  possessiveOnly: boolean;
  /** The comparison word, "" after a plain joiner. */
  word: string;
}

/**
 * The candidate tails of `raw`, left to right by their openings, each with a level (and an apostrophe where only a
 * possessive may follow); they may overlap ("— it has 5 apples against Shelf B's 1" holds "against Shelf B's 1").
 */
function candidates(raw: string): Tail[] {
  const found: Tail[] = [];
  let tried = 0;
  for (const m of raw.matchAll(OPENING)) {
    if (++tried > MAX_OPENINGS) break;
    const start = m.index ?? 0;
    const word = m[2];
    const order = word === undefined ? 0 : orderOf(word, raw.slice(Math.max(0, start - 40), start));
    if (order === null) continue;
    const from = start + m[0].length;
    const window = raw.slice(from, from + MAX_TAIL + 1);
    const end = window.match(TAIL_END);
    const length = end?.index ?? window.length;
    if (length === 0 || length > MAX_TAIL) continue;
    const text = window.slice(0, length).replace(TAIL_FILLER, "");
    const possessiveOnly = word === undefined || word.toLowerCase() === "to";
    // a tail needs a level and an apostrophe or a comparison word: most openings are plain clause breaks
    if (!/\d|zero|one|two|three|four|five|six|seven|eight|nine|ten/i.test(text)) continue;
    if (possessiveOnly && !/['’]s?\s|\s(?:only|just|merely|a mere|a measly)\s/i.test(text)) continue;
    found.push({ start, end: from + length, text, order, possessiveOnly, word: word ?? "" });
  }
  return found;
}

/** `raw` with the spans of `tails` taken out, up to `to`. */
function without(raw: string, tails: readonly Tail[], to = raw.length): string {
  let out = "";
  let at = 0;
  for (const t of tails) {
    if (t.start >= to) break;
    out += raw.slice(at, t.start);
    at = t.end;
  }
  return out + raw.slice(Math.min(at, to), to);
}

type Share = Extract<Act, { kind: "share" }>;

/**
 * The acts of a sentence with comparison tails inside it read (the sentence's acts, each tail's share right after
 * the share it compares with), or null where it has none or any check fails.
 */
export function comparisonTails(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  context: Pick<ParseState, "subject" | "carried">,
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || first >= to || (s.tokens[to - 1] as NaturalToken).question) return null;
  const raw = squeezedSpan(s, text, first, to);
  // "Shelf A has 2 apples to Shelf B's 5, or the other way around.": which level is whose is left open
  if (SWAPPED.test(raw)) return null;
  const kept: { tail: Tail; share: Share; added: Share }[] = [];
  for (const tail of candidates(raw)) {
    if (kept.length === MAX_TAILS) break;
    if (tail.start < (kept.at(-1)?.tail.end ?? 0)) continue;
    const head = without(
      raw,
      kept.map((k) => k.tail),
      tail.start,
    );
    const level = lastNumber(withoutDifference(head), 4);
    if (level === null) continue;
    const again = state.clauseActs(head, context);
    const share = again?.at(-1);
    if (share?.kind !== "share" || share.level !== level) continue;
    const added = tailShare(tail.text, share, state, tail.possessiveOnly);
    if (added === null) continue;
    if (orderBroken(tail.order, share, added, tail.word) || (tail.order !== 0 && differenceBroken(head, share, added)))
      return null;
    kept.push({ tail, share, added });
  }
  if (kept.length === 0) return null;
  const whole = state.clauseActs(
    without(
      raw,
      kept.map((k) => k.tail),
    ),
    context,
  );
  if (whole === null || whole.length === 0 || !within(found, whole)) return null;
  const acts: Act[] = [...whole];
  let at = 0;
  for (const { share, added } of kept) {
    const same = acts.find((a) => a.kind === "share" && a.option === added.option && a.attribute === added.attribute);
    // a tail's cell the sentence states another way: read twice, or read two ways
    if (same !== undefined) return null;
    const k = acts.findIndex((a, i) => i >= at && JSON.stringify(a) === JSON.stringify(share));
    if (k < 0) return null;
    acts.splice(k + 1, 0, added);
    at = k + 2;
  }
  return acts;
}
