import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { squeezed, squeezedSpan, wholeName, within } from "./reread";
import type { ParseState, Sentence } from "./sentence";

// The comparison tail (issue 26, session 60): "Let's go with Shelf B — it's got 4 rice bags by my count, against
// Shelf A's 1.", "cleanliness is 5 ..., clearly ahead of Restaurant C, whose cleanliness is 2.", "D's technical
// skill is a 5, versus 2 for B.": a sentence whose last share is followed by a comparison word and another option's
// level of the same attribute (or, after "whose", of the attribute it names). The words before the comparison word
// are read again alone and must give acts, each one the sentence gave (where the sentence gave none, the head's acts
// are its own); the tail is read again as the plain statement "<option>: <attribute> <level>." and must give exactly
// one share, of another option; a comparison word that orders the levels ("ahead of", "higher than", "behind") must
// hold for the two levels of one attribute ("A's ambience is 3, higher than C at 5" reads nothing more), as must a
// difference it states ("two more than A's three" after a 5). Anything else — a tail with no level ("which beats
// anything I've seen for A"), a total ("ahead of A at 15"), a tail the grammar refuses — gives nothing. Two options
// set against each other alone ("Badge log: E 1 vs F 0.") are read by `versusShares` the same way.

/** A comparison word and the tail after it, closing the sentence (its last occurrence is tried first). */
const MARKER =
  /(?:,\s*|\s+[—–-]\s+|\s+)(?:(?:clearly|well|way|comfortably|just|slightly|far)\s+)?(against|versus|vs\.?|compared (?:to|with)|ahead of|clear of|behind|trailing|beating|beats|above|below|than|over|double|twice)\s+/gi;

/** A consequence closing the sentence after a comparison's tail: ", so B gets my vote", ", which settles it". */
// ", which I have at 3" after the tail's option is its level, no consequence (fresh216, session 62)
const CONSEQUENCE =
  /,\s*(?=(?:and\s+)?(?:so|which(?!\s+(?:i\s+(?:have|see|put|rate)|i've|sits|stands|is\s+(?:at|a|an|only|\d)))|hence|thus|meaning)\b)/i;

/** How many of a sentence's comparison words are tried, from the last: each reads the words before it again. */
const MAX_TRIED = 3;

/** Comparison words that say the sentence's level is the higher one, and those that say it is the lower one. */
// "two points clear of Apartment A", "trailing Stall A's 1", "double the 2 on Shelf B" (fresh216, session 62)
const HIGHER = new Set(["ahead of", "clear of", "beating", "beats", "above", "over", "double", "twice"]);
const LOWER = new Set(["behind", "trailing", "below"]);
/** Comparison words that say the sentence's level is twice the tail's. */
export const TWICE: ReadonlySet<string> = new Set(["double", "twice"]);
/** Comparatives before "than": "higher than", "fewer than". */
const HIGHER_THAN = new Set(["higher", "more", "greater", "bigger", "better", "larger", "stronger"]);
const LOWER_THAN = new Set(["lower", "less", "fewer", "smaller", "worse", "weaker"]);

/**
 * The order the comparison word says (1: the sentence's level is higher, -1: lower, 0: none), or null where it is
 * "than" after no comparative it knows ("other than", "rather than": not a comparison of levels).
 */
export function orderOf(word: string, head: string): number | null {
  const w = word.toLowerCase();
  if (HIGHER.has(w)) return 1;
  if (LOWER.has(w)) return -1;
  if (w !== "than") return 0;
  const before = head.trim().split(/\s+/).at(-1)?.toLowerCase() ?? "";
  if (HIGHER_THAN.has(before)) return 1;
  if (LOWER_THAN.has(before)) return -1;
  return null;
}

/** "two more", "one point lower", "a full point higher" closing the head before "than": the difference it states. */
// "a full four points" before "ahead of" (fresh216, session 62): a difference in points with no comparative after it
const DIFFERENCE =
  /\b(a|an|one|two|three|four|five|\d+)\s+(?:full\s+)?(?:(?:points?|marks?|levels?|steps?)\s*(?:more|less|fewer|higher|lower|greater|better|worse|bigger|smaller|larger)?|more|less|fewer|higher|lower|greater|better|worse|bigger|smaller|larger)\s*$/i;
const DIGITS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5 };

/** The difference the head states before "than", or null where it states none. */
export function differenceOf(head: string): number | null {
  // its last words only: the pattern is tried at every word, and a head may be a whole message long
  const m = head.slice(-80).match(DIFFERENCE);
  if (m === null) return null;
  const word = (m[1] as string).toLowerCase();
  return DIGITS[word] ?? Number(word);
}

/**
 * Does the comparison word's order (1, -1; 0: none) fail for two levels of one attribute? "double" / "twice" (`word`)
 * must also be twice the tail's level.
 */
export function orderBroken(order: number, share: Share, added: Share, word = ""): boolean {
  if (TWICE.has(word.toLowerCase()) && share.level !== 2 * added.level) return true;
  return order !== 0 && added.attribute === share.attribute && order * Math.sign(share.level - added.level) !== 1;
}

/** Does the difference the head states before "than" (if any) differ from the two levels' difference? */
export function differenceBroken(head: string, share: Share, added: Share): boolean {
  const difference = differenceOf(head);
  return difference !== null && Math.abs(share.level - added.level) !== difference;
}

/** `head` without the difference closing it ("a 5, two points better" -> "a 5, "): its last level is the share's. */
export function withoutDifference(head: string): string {
  return head.slice(-200).replace(DIFFERENCE, "");
}

/** Words before a level that do not change it: "only 2", "a 2", "just 1". */
export const LEVEL_LEAD = String.raw`(?:(?:a|an|only|just|a mere|mere|a measly|a lowly)\s+)?`;
/** A level in digits, maybe signed, or in words ("four", "minus two"): the grammar reads it again. */
export const LEVEL = String.raw`([+\-−]?\d+|(?:minus |plus |negative )?(?:zero|one|two|three|four|five|six|seven|eight|nine|ten))`;
/** An option's words: a short name, no digit-only word, no comma. */
export const NAME = String.raw`([A-Za-z][\w'’ .]{0,40}?)`;
/** "B's is only 2", "Doctor Finch's is 1", "B's at 2", "D's comes in at 1". */
const POSSESSIVE_VERB = new RegExp(
  `^${NAME}['’]s?\\s+(?:is|are|was|were|sits at|sit at|stands at|comes in at|is at|are at|at)\\s+${LEVEL_LEAD}${LEVEL}$`,
  "i",
);

/**
 * Tail shapes, each giving the option's words, the level and (for "whose" / "<N> <noun>") the statement's rest;
 * `name`: the group holding the option's words (the first where not given), which must be all of an option's name.
 */
const SHAPES: readonly {
  re: RegExp;
  statement: (m: RegExpMatchArray, attribute: string) => string;
  own?: true;
  name?: 2;
  /** A possessive shape: the only ones a tail after a plain joiner or "to" may take (`comparisonTails`). */
  possessive?: true;
}[] = [
  // "Restaurant C, whose cleanliness is 2": the clause names its own attribute
  { re: new RegExp(`^${NAME},?\\s+whose\\s+(.+)$`, "i"), statement: (m) => `${m[1]}'s ${m[2]}`, own: true },
  // "Shelf A's 1", "B's only 2"
  {
    re: new RegExp(`^${NAME}['’]s?\\s+${LEVEL_LEAD}${LEVEL}$`, "i"),
    statement: (m, a) => `${m[1]}: ${a} ${m[2]}`,
    possessive: true,
  },
  // "Shelf B's 2 onions": the level with the attribute's noun
  {
    re: new RegExp(`^${NAME}['’]s?\\s+${LEVEL}\\s+([a-z][a-z ]{0,30})$`, "i"),
    statement: (m) => `${m[1]} has ${m[2]} ${m[3]}`,
    // "versus Shelf A's 2 rice bags" after "5 onions" (fresh211, session 61): the noun names its own attribute
    own: true,
    possessive: true,
  },
  // "2 for B", "a 1 at Stall C"
  {
    re: new RegExp(`^${LEVEL_LEAD}${LEVEL}\\s+(?:for|at|on)\\s+${NAME}$`, "i"),
    statement: (m, a) => `${m[2]}: ${a} ${m[1]}`,
    name: 2,
  },
  // "the 2 sitting on Shelf B", "the 1 at Stall C" (fresh216, session 62)
  {
    re: new RegExp(`^the\\s+${LEVEL}\\s+(?:(?:sitting|listed|recorded|shown)\\s+)?(?:for|at|on)\\s+${NAME}$`, "i"),
    statement: (m, a) => `${m[2]}: ${a} ${m[1]}`,
    name: 2,
  },
  // "Apartment A, which I have at 3" (fresh216, session 62): the speaker's level of the other option after "which"
  {
    re: new RegExp(
      `^${NAME},?\\s+which\\s+(?:I\\s+have|I've\\s+got|I\\s+see|I\\s+put|I\\s+rate|sits|stands|is)\\s+(?:at\\s+|as\\s+)?${LEVEL_LEAD}${LEVEL}$`,
      "i",
    ),
    statement: (m, a) => `${m[1]}: ${a} ${m[2]}`,
  },
  // "B at 2", "Stall C with a 1", "A (2)"
  {
    re: new RegExp(`^${NAME}\\s+(?:at|with|on)\\s+${LEVEL_LEAD}${LEVEL}$`, "i"),
    statement: (m, a) => `${m[1]}: ${a} ${m[2]}`,
  },
  // "Apartment D's (2)" (fresh212, session 61) too
  { re: new RegExp(`^${NAME}(?:['’]s)?\\s+\\(${LEVEL}\\)$`, "i"), statement: (m, a) => `${m[1]}: ${a} ${m[2]}` },
  // "and Restaurant B only 3" (fresh212, session 61): an adverb before the level marks the elliptical clause
  {
    re: new RegExp(`^${NAME}\\s+(?:only|just|merely|a mere|a measly)\\s+(?:a\\s+)?${LEVEL}$`, "i"),
    statement: (m, a) => `${m[1]}: ${a} ${m[2]}`,
    possessive: true,
  },
  // "B's is only 2", "Doctor Finch's is 1", "B's at 2" (session 61): the possessive alone, its level after a verb
  { re: POSSESSIVE_VERB, statement: (m, a) => `${m[1]}: ${a} ${m[2]}`, possessive: true },
];

type Share = Extract<Act, { kind: "share" }>;

/**
 * The level written last among the last `words` words of `text` ("... is a 4", "5 apples", "minus two"), or null
 * where none is.
 */
export function lastNumber(text: string, words = Number.POSITIVE_INFINITY): number | null {
  // its last 200 characters only: a head may be a whole message long
  const list = text.slice(-200).trim().split(/\s+/);
  for (let k = list.length - 1; k >= 0 && list.length - k <= words; k--) {
    const w = (list[k] as string).toLowerCase().replace(/^[*_"'‘“(]+|[*_"'’”),:;.!?]+$/g, "");
    const sign = /^(?:minus|negative)$/.test(list[k - 1]?.toLowerCase() ?? "") ? -1 : 1;
    if (/^[+\-−]?\d+$/.test(w)) return Number(w.replace("−", "-"));
    const n = cue.numberWords.get(w);
    if (n !== undefined) return sign * n;
  }
  return null;
}

/**
 * The one share the tail states, of the attribute `share` has (unless the tail names its own), another option;
 * `possessiveOnly`: only the possessive shapes ("B's 2", "B's is 2").
 */
export function tailShare(tail: string, share: Share, state: ParseState, possessiveOnly = false): Share | null {
  const attribute = state.task.domain.attributes[share.attribute] as string;
  for (const shape of SHAPES) {
    if (possessiveOnly && shape.possessive !== true) continue;
    const m = tail.match(shape.re);
    if (m === null || !wholeName(m[shape.name ?? 1] as string, "option", state)) continue;
    const acts = state.clauseActs?.(`${shape.statement(m, attribute)}.`) ?? null;
    if (acts === null || acts.length !== 1) continue;
    const [act] = acts;
    if (act?.kind !== "share" || act.option === share.option) continue;
    if (shape.own !== true && act.attribute !== share.attribute) continue;
    return act;
  }
  return null;
}

/**
 * The acts of a sentence with a comparison tail read (`found` and the tail's share after them), or null where it
 * has none, the words before it read alone give other acts than `found`, or the tail is no plain level of an option.
 */
export function comparisonTailActs(
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
  const markers = [...raw.matchAll(MARKER)].reverse().slice(0, MAX_TRIED);
  for (const marker of markers) {
    const head = raw.slice(0, marker.index);
    const order = orderOf(marker[1] as string, head);
    if (order === null) continue;
    const whole = raw.slice((marker.index ?? 0) + marker[0].length).replace(/[.!\s]+$/, "");
    // "..., against Restaurant A's 2, so B gets my vote." (fresh205): a consequence after the tail, read alone, may
    // give only acts the sentence gave
    const consequence = whole.match(CONSEQUENCE);
    const tail = consequence === null ? whole : whole.slice(0, consequence.index);
    const rest = consequence === null ? "" : whole.slice((consequence.index ?? 0) + 1).trim();
    if (head.trim() === "" || tail === "") continue;
    const restActs = rest === "" ? [] : state.clauseActs(rest, context);
    if (restActs === null || (rest !== "" && (found.length === 0 || !within(restActs, found)))) continue;
    // the head read alone gives no act the sentence did not (the slot reader, which reads whole sentences only,
    // may have added shares of the head)
    // "Quietness: Apartment B sits at 4, comfortably ahead of Apartment A at 1." (fresh206): where the sentence gave
    // nothing, the head's own acts are its acts
    // "Rice bags: Shelf B has 5, one more than ..." (fresh216, session 62): the head read without its difference
    const again = state.clauseActs(withoutDifference(head), context);
    if (again === null || again.length === 0 || (found.length > 0 && !within(again, found))) continue;
    const base = found.length > 0 ? found : again;
    // the sentence's last share (the slot reader may have read it where the head alone reads none; a consequence's
    // proposal may come after it)
    const last = [...base].reverse().find((a) => a.kind === "share");
    if (last?.kind !== "share") continue;
    // "Its rent is 4 versus D's 1, and natural light is 5 compared with A's 3." (fresh207, session 61): the share
    // compared with is the one whose level the head wrote last; where the head read alone lost it, no tail here
    if (lastNumber(withoutDifference(head)) !== last.level) continue;
    const added = tailShare(tail, last, state);
    if (added === null) continue;
    // "A's ambience comes in at 3, higher than C at 5": an order the two levels of one attribute break reads nothing
    // "five apples, two more than Shelf A's three": the difference said must be the levels' difference
    if (orderBroken(order, last, added, marker[1]) || differenceBroken(head, last, added)) return null;
    // an act of the sentence on the tail's option: the tail was read another way
    if (base.some((a) => a.kind !== "pass" && a.option === added.option)) return null;
    // the tail's share right after the head's last one
    const at = base.lastIndexOf(last) + 1;
    return [...base.slice(0, at), added, ...base.slice(at)];
  }
  return null;
}

/** "Badge log: E 1 vs F 0", "Raffle tickets: Stall A minus two vs Stall B plus two". */
const VERSUS = new RegExp(
  String.raw`^(?:on\s+|for\s+)?([a-z][a-z' ]{0,30}?)\s*[:,—–-]\s*${NAME}\s+${LEVEL}\s*(?:vs\.?|versus|against|to)\s+${NAME}['’]?s?\s+${LEVEL}$`,
  "i",
);
/** "On food quality, Restaurant B beats Restaurant E 5 to 1": the first option's level is the higher. */
const BEATS = new RegExp(
  String.raw`^(?:on|for)\s+([a-z][a-z' ]{0,30}?)\s*,\s*${NAME}\s+(?:beats|tops|outscores|edges(?: out)?|leads)\s+${NAME},?\s+${LEVEL}\s*(?:to|-|–)\s*${LEVEL}$`,
  "i",
);

/**
 * Two options' levels of one attribute set against each other in a sentence no reader before took ("Badge log: E 1
 * vs F 0.", "On food quality, Restaurant B beats Restaurant E 5 to 1."): each option all of an option's name, each
 * level read again as "<option>: <attribute> <level>." giving one share of that attribute; "beats" must hold. The two
 * shares, or null.
 */
export function versusShares(raw: string, state: ParseState): Act[] | null {
  if (state.clauseActs === undefined) return null;
  const text = squeezed(raw)
    .trim()
    .replace(/^\*\*|\*\*(?=\s*[:—–-])|\*\*$/g, "")
    .replace(/[.!]+$/, "");
  if (text.length > 160) return null;
  const versus = text.match(VERSUS);
  const beats = versus === null ? text.match(BEATS) : null;
  const m = versus ?? beats;
  if (m === null) return null;
  const [attribute, first, a, second, b] = (versus === null ? [m[1], m[2], m[4], m[3], m[5]] : m.slice(1)) as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (!wholeName(first, "option", state) || !wholeName(second, "option", state)) return null;
  const one = state.clauseActs(`${first}: ${attribute} ${a}.`);
  const two = state.clauseActs(`${second}: ${attribute} ${b}.`);
  if (one?.length !== 1 || two?.length !== 1) return null;
  const [x, y] = [one[0], two[0]];
  if (x?.kind !== "share" || y?.kind !== "share" || x.attribute !== y.attribute || x.option === y.option) return null;
  if (beats !== null && !(x.level > y.level)) return null;
  return [x, y];
}
