import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { countPhraseAt } from "./count-phrases";
import { FRACTION, naturalInteger } from "./natural-integer";
import { type ParseState, pastWere, type Sentence } from "./sentence";
import { fullMarksAt, levelAt, scaleEndAt } from "./share-items";
import { trailingHedge } from "./trailing-hedge";

/** Longest sentence (in words) the lone-share reading looks at: a short statement, not a paragraph. */
const MAX_WORDS = 16;

/**
 * Words that keep a sentence from being a plain statement of one level: comparisons and changes ("more", "up
 * by"), approximations ("around", "between"), wants and thresholds ("need", "at least"), other people ("you",
 * "his"), time and order ("earlier", "round"), and asking or proposing words.
 */
const BLOCKERS = new Set([
  ...cue.comparatives,
  ...cue.alternatives,
  // "five onions there on my count, beats anything i saw on A" (fresh334, session 67: a wrong act, read as A's): the
  // option after a verb of beating is the one set against, not the level's
  "beats",
  "beat",
  "outweighs",
  "outweigh",
  "outdoes",
  "trumps",
  "by",
  "times",
  "increase",
  "increased",
  "dropped",
  "drop",
  "rose",
  "fell",
  "improved",
  "changed",
  "about",
  "around",
  "roughly",
  "approximately",
  "approx",
  "nearly",
  // "hovers near 3", "is close to 3": a level approached, not stated
  "near",
  "close",
  "hover",
  "hovers",
  "hovering",
  "hovered",
  // "I mistakenly noted X as 1": the speaker's own slip, withdrawn
  "mistakenly",
  "wrongly",
  "erroneously",
  "accidentally",
  "almost",
  "over",
  "under",
  "least",
  "most",
  "somewhere",
  "ish",
  "range",
  "need",
  "needs",
  "needed",
  "want",
  "wants",
  "hope",
  "expect",
  "expected",
  "target",
  "should",
  "must",
  "require",
  "requires",
  "required",
  "ideally",
  "minimum",
  "maximum",
  "threshold",
  "average",
  "combined",
  "sum",
  "together",
  "per",
  "each",
  "every",
  "both",
  "all",
  "said",
  "says",
  "earlier",
  "previously",
  "before",
  "last",
  "used",
  "you",
  "your",
  "they",
  "their",
  "he",
  "she",
  "his",
  "her",
  "someone",
  "anyone",
  "everyone",
  "somebody",
  "anybody",
  "what",
  "which",
  "how",
  "why",
  "whether",
  "if",
  "guess",
  "assume",
  "imagine",
  "round",
  "turn",
  "step",
  "rank",
  "ranked",
  "place",
  "%",
  "percent",
  // "My 2 for X's Y was off", "X's Y at 5 was too generous": the speaker calling a figure wrong
  "off",
  "generous",
  "harsh",
  "overstated",
  "understated",
  "overrated",
  "underrated",
  "inflated",
  "mistake",
  "typo",
  "wrong",
  "incorrect",
  "lacks",
  "lack",
  "lacking",
  "missing",
  "like",
  "something",
  "kind",
  "sort",
]);

/** A word of symbols only ("✔", "→") after a level: it closes the statement. */
const SYMBOL = /^[^\p{L}\p{N}]+$/u;

/** Before "up", these make it a settled value, not a change: "ended up at 0", "turned up a 1". */
const SETTLED = new Set(["ended", "ends", "end", "turned", "turns", "wound", "showed", "shows", "came", "comes"]);

/** Words a number may not follow to be a level: "the 2", "round 2", "#2". */
const NOT_AFTER = new Set(["the", "that", "this", "these", "those", "which", "no", "any", "number", "top", "#"]);

/** Words that may follow the level: the clause ends, or a unit, a scale or the attribute follows. */
/** Units a level may carry before its scale: "1 star out of 5", "4 points out of 5". */
const UNITS = new Set(["star", "stars", "point", "points", "mark", "marks"]);
const LEVEL_TAILS = new Set(["stars", "star", "points", "point", "out", "on", "for", "in", "at", "from"]);

type Mention = { index: number; end: number };

/** "My copy says 0 for B's phone records" (fresh224, session 63): the speaker's own source saying it, no report. */
function ownSourceSays(words: readonly string[], k: number): boolean {
  return (
    cue.reporting.has(words[k] as string) && words[k - 2] === "my" && cue.correctionSources.has(words[k - 1] as string)
  );
}

/** Is w a word that leaves a stated level as it is (no blocker, negation, condition, modal or report)? */
export function plainWord(w: string): boolean {
  if (BLOCKERS.has(w) || negationWord(w) || w === "agent") return false;
  return !(cue.conditionals.has(w) || cue.modals.has(w) || cue.reporting.has(w));
}

/**
 * One statement of one level in a short sentence no other cue read: exactly one option, one attribute and one
 * number in the task's level range, with no negation, condition, modal, question, other speaker, comparison or
 * approximation anywhere in it ("Food quality for Restaurant C lands at 2.", "Lady Ashby's muddy boots register
 * at 1.", "Wait time at Restaurant B clocks in at 3."). LLMs find verbs faster than a cue list can: the reading
 * asks only that nothing else in the sentence could change what the number means, and takes nothing otherwise.
 */
export function loneShare(
  s: Sentence,
  first: number,
  to: number,
  state: ParseState,
): { option: number; attribute: number; level: number } | null {
  const { words } = s;
  if (to - first > MAX_WORDS || (s.tokens[to - 1] as NaturalToken).question) return null;
  let option: Mention | null = null;
  let attribute: Mention | null = null;
  let level: number | null = null;
  let split = false;
  let levelEnd = -1;
  // "X's Y should be -2; I keyed in 2 wrongly" (fresh30): a closing clause that withdraws the speaker's own slip
  // makes the clause before it the correction, read up to that clause only
  const slip = slipTail(s, first, to, state);
  const lead = slip === null ? correctionLed(s, first, to, state) : null;
  const corrected = lead !== null || slip !== null;
  const stop = slip ?? to;
  for (let k = first; k < stop; k++) {
    const w = words[k] as string;
    // the lead of the speaker's own fix names the pair at most ("My figure for X's Y needs fixing: 5", fresh30):
    // only its names are read, its other words are the fix's own
    if (lead !== null && k < lead) {
      const named = state.options.match(words, k) ?? state.attributes.match(words, k);
      if (named === null) continue;
    }
    const should = corrected ? shouldSkip(words, k) : 0;
    if (should > 0) {
      k += should;
      continue;
    }
    // "X's calendar reads 2, not 1": the level the speaker rejects, closing the sentence
    if (w === "not" && level !== null && s.separated(k - 1) && rejectedLevel(s, k + 1, to, state)) break;
    // "Dan's availability Monday 4pm: 0 (he busy)" (fresh166): a plain aside right after the level closes it
    if (level !== null && k === levelEnd && closingRemark(s, k, stop)) {
      while (k + 1 < stop && (s.tokens[k + 1] as NaturalToken).aside) k++;
      continue;
    }
    // "A 1 on phone records — that's what I've got for Employee C." (fresh163), "— that's how many onions" (fresh173)
    const relative = level === null ? 0 : freeRelative(s, k, state);
    if (relative > 0) k += relative - 1;
    if (relative > 0) continue;
    // "..., the best possible" (fresh173): the scale's end said again closes the sentence
    if (level !== null && k > first && s.separated(k - 1) && scaleCloser(s, k, stop, level, state)) break;
    if (s.gate[k] || s.modal[k]) return null;
    // "B leads on the first four; wait time's a drag" (fresh97: a wrong act): a level before a semicolon and a name
    // after it are two clauses' ("X's Y is still 1; that part was right" keeps its level)
    if (k > first && level !== null && (s.tokens[k - 1] as NaturalToken).semicolon === true) split = true;
    // "up" / "down" are changes ("went up by 2"), except in "ended up at", "turned up a", "down to"
    if ((w === "up" && !SETTLED.has(words[k - 1] as string)) || (w === "down" && words[k + 1] !== "to")) return null;
    // "Shelf A is down to its last apple" (fresh32, fresh37): one left of a count, its noun closing the clause
    if (lastOneAt(s, k, stop, state)) {
      if (level !== null) return null;
      level = 1;
      continue;
    }
    // "a single rice bag", "not a single onion", "is out of apples", "no rice bags left" (fresh40): a count in words
    const count = countPhraseAt(s, k, stop, state);
    if (count !== null) {
      if (level !== null || (attribute !== null && attribute.index !== count.attribute)) return null;
      level = count.value;
      attribute = { index: count.attribute, end: count.end };
      k = count.end - 1;
      continue;
    }
    // "most likely 2" (as "likely 2"): "most" blocks only as a comparison or bound ("at most 2")
    if (w === "most" && words[k + 1] === "likely" && words[k - 1] !== "at") continue;
    // "X's raffle tickets were probably 1" (fresh35): a past "were", not a subjunctive one ("were it 1")
    if (w === "were" && pastWere(s.tokens, words, k, first)) continue;
    if (w.startsWith("@") || !(plainWord(w) || ownSourceSays(words, k))) return null;
    const o = state.options.match(words, k);
    if (split && (o !== null || state.attributes.match(words, k) !== null)) return null;
    if (o !== null && o.end <= to) {
      if (option !== null && option.index !== o.index) return null;
      option = o;
      k = o.end - 1;
      continue;
    }
    const a = state.attributes.match(words, k);
    if (a !== null && a.end <= to) {
      if (attribute !== null && attribute.index !== a.index) return null;
      attribute = a;
      k = a.end - 1;
      continue;
    }
    const scaleEnd = scaleWordsAt(s, k, to, state);
    if (scaleEnd !== null) {
      if (level !== null || scaleEnd === false) return null;
      level = scaleEnd.value;
      levelEnd = scaleEnd.end;
      k = scaleEnd.end - 1;
      continue;
    }
    // "I do have that one, and it sits at ..." (fresh165): "one" after "that" is a pronoun, no level
    if (w === "one" && words[k - 1] === "that" && HOLD_VERBS.has(words[k - 2] as string)) continue;
    const value = numberAt(s, k, state);
    if (value === null) {
      if (/[0-9]/.test(w)) return null; // "3pm", "2nd", "50%": a number that is no level
      continue;
    }
    // "sits at the very bottom of the scale: one out of five" (fresh165): the same level said again after a colon
    // or a dash right after the scale's end
    const again = level !== null && k === levelEnd ? restated(s, k, to, level, state) : null;
    if (again !== null) {
      k = again - 1;
      continue;
    }
    if (level !== null || NOT_AFTER.has(words[k - 1] as string)) return null;
    const end = levelClose(s, k, value.end, to, state);
    if (end === null) return null;
    level = value.value;
    levelEnd = end;
    k = end - 1;
  }
  if (option === null || attribute === null || level === null) return null;
  const [lo, hi] = state.task.levels;
  if (level < lo || level > hi) return null;
  return { option: option.index, attribute: attribute.index, level };
}

/** Words to skip at k after a correction lead: "should be 1", "should read 1", "should have been 5"; else 0. */
function shouldSkip(words: readonly string[], k: number): number {
  if (words[k] !== "should") return 0;
  // "Correction: X's Y should be 1": after a correction lead, the speaker's value
  if (words[k + 1] === "be" || words[k + 1] === "read") return 1;
  // "Let me fix my earlier number: X's Y should have been 5"
  return words[k + 1] === "have" && words[k + 2] === "been" ? 2 : 0;
}

/**
 * The scale's end said in words at k: "sits at the bottom of the scale", "is top of the scale" (fresh29, fresh30),
 * closing its clause (false where it does not), and "full marks" closing it or before the speaker as its giver or
 * source ("Candidate D on technical skill: full marks from me", fresh163, as `fullMarksAt` checks); else null.
 */
function scaleWordsAt(
  s: Sentence,
  k: number,
  to: number,
  state: ParseState,
): { value: number; end: number } | null | false {
  const full = fullMarksAt(s, k, state);
  if (full !== null) return full;
  const scaleEnd = scaleEndAt(s.words, k, state);
  if (scaleEnd === null) return null;
  return scaleEnd.end >= to || s.separated(scaleEnd.end - 1) ? scaleEnd : false;
}

/**
 * Where a lone level at k (its number ending at `after`) ends, its unit and scale included, when it is stated
 * here: not the speaker's earlier figure named as a thing ("My 5 for X's Y ..."), on the task's scale ("1 star out
 * of 5"), and closing its clause or followed by a unit, a preposition or an attribute; else null.
 */
function levelClose(s: Sentence, k: number, after: number, to: number, state: ParseState): number | null {
  const { words } = s;
  if (words[k - 1] === "my" || words[k - 1] === "our") return null;
  let end = after;
  // "only gets 1 star out of 5" (fresh101): the unit between the level and its scale
  if (UNITS.has(words[end] as string) && words[end + 1] === "out" && words[end + 2] === "of") end++;
  if (words[end] === "out" && words[end + 1] === "of") {
    const scale = words[end + 2] as string;
    if ((naturalInteger(scale) ?? cue.numberWords.get(scale)) !== state.task.levels[1]) return null;
    end += 3;
  }
  const closes =
    end >= to ||
    s.separated(end - 1) ||
    (s.tokens[end - 1] as NaturalToken).stop ||
    SYMBOL.test(words[end] as string) ||
    closingRemark(s, end, to);
  if (!closes && !LEVEL_TAILS.has(words[end] as string) && state.attributes.match(words, end) === null) return null;
  return end;
}

/** The speaker after "what" in "that's what I've got", "that is what I have": a free relative of their own holding. */
const OWN_HOLDERS = new Set(["i", "i've", "ive", "we", "we've"]);

/** Is "what" at k the free relative of "that's what I've got" (after "that's" / "that is", before the speaker)? */
function ownRelative(words: readonly string[], k: number): boolean {
  const verb = words[k - 1];
  return (verb === "'s" || verb === "is") && words[k - 2] === "that" && OWN_HOLDERS.has(words[k + 1] as string);
}

/** Closing words that only restate a level as the scale's end. */
const SCALE_CLOSERS: readonly { words: readonly string[]; top: boolean }[] = [
  { words: ["the", "best", "possible"], top: true },
  { words: ["the", "worst", "possible"], top: false },
  { words: ["which", "is", "as", "good", "as", "it", "gets"], top: true },
  { words: ["as", "good", "as", "it", "gets"], top: true },
];

/**
 * Does k..to only restate `level` as the scale's end ("the best possible", "which is as good as it gets"), maybe
 * with "on this scale" after it? A closer that names the other end, or more words, is no restatement.
 */
function scaleCloser(s: Sentence, k: number, to: number, level: number, state: ParseState): boolean {
  const closer = SCALE_CLOSERS.find((c) => c.words.every((w, n) => s.words[k + n] === w));
  if (closer === undefined) return false;
  let end = k + closer.words.length;
  if (s.words[end] === "on" && s.words[end + 1] === "this" && s.words[end + 2] === "scale") end += 3;
  return end === to && level === (closer.top ? state.task.levels[1] : state.task.levels[0]);
}

/**
 * How many words the free relative at k takes: "what" in "that's what I've got" or "that's what Restaurant A earns"
 * (1), "how many" in "that's how many onions" (2); 0 where k opens none.
 */
function freeRelative(s: Sentence, k: number, state: ParseState): number {
  const { words } = s;
  if (words[k] === "what" && (ownRelative(words, k) || namedRelative(s, k, state))) return 1;
  return words[k] === "how" && words[k + 1] === "many" && afterThats(words, k) ? 2 : 0;
}

/** Does "that's" / "that is" stand right before k? */
function afterThats(words: readonly string[], k: number): boolean {
  return (words[k - 1] === "'s" || words[k - 1] === "is") && words[k - 2] === "that";
}

/** Is "what" at k the free relative of "that's what Restaurant A earns", the option or attribute named after it? */
function namedRelative(s: Sentence, k: number, state: ParseState): boolean {
  if (!afterThats(s.words, k)) return false;
  return state.options.match(s.words, k + 1) !== null || state.attributes.match(s.words, k + 1) !== null;
}

/** Verbs of the speaker's holding before "that one": "I do have that one", "I hold that one". */
const HOLD_VERBS = new Set(["have", "hold", "got", "see"]);

/**
 * Where "one out of five" at k ends, when it says `level` again after a colon or a dash and closes the clause; else
 * null (another value, or no such pause before it).
 */
function restated(s: Sentence, k: number, to: number, level: number, state: ParseState): number | null {
  const before = s.tokens[k - 1] as NaturalToken;
  if (before.colon !== true && before.dash !== true) return null;
  const again = levelAt(s, k, to, state);
  if (again === null || again.value !== level) return null;
  return again.end >= to || s.separated(again.end - 1) ? again.end : null;
}

/** Words that keep an aside after a level from closing it plainly: a doubt, another agent, the listener. */
const ASIDE_DOUBTS = new Set([
  ...["not", "unsure", "unconfirmed", "unverified", "unclear", "guess", "guessing", "estimate", "maybe", "might"],
  ...["perhaps", "possibly", "approx", "approximately", "roughly", "around", "about", "ish", "probably", "think"],
  ...["agent", "you", "your", "said", "says", "per", "according", "if", "unless", "or", "memory", "recall"],
]);

/**
 * Does a parenthesis at k, closing the sentence (to), hold only a plain remark ("(he busy)", "(confirmed)"): no
 * number, no name of the task's, no doubt, negation, modal or other source?
 */
function closingRemark(s: Sentence, k: number, to: number): boolean {
  if (k >= to || !(s.tokens[k] as NaturalToken).aside || (s.tokens[k - 1] as NaturalToken).aside) return false;
  let m = k;
  for (; m < to && (s.tokens[m] as NaturalToken).aside; m++) {
    const w = s.words[m] as string;
    if (/[0-9]/.test(w) || cue.numberWords.has(w) || ASIDE_DOUBTS.has(w) || (s.tokens[m] as NaturalToken).question)
      return false;
    if (negationWord(w) || cue.modals.has(w)) return false;
  }
  return m >= to;
}

/** Is words[k] a level that ends the sentence ("..., not 1.", "..., not a 3.")? */
function rejectedLevel(s: Sentence, k: number, to: number, state: ParseState): boolean {
  const at = s.words[k] === "a" || s.words[k] === "an" ? k + 1 : k;
  const value = numberAt(s, at, state);
  return value !== null && value.end >= to;
}

/** Words that call the speaker's own entry a slip: "I keyed in 2 wrongly", "I typed 3 by mistake". */
const SLIPS = new Set(["wrongly", "mistakenly", "mistake", "erroneously", "accidentally"]);

/**
 * Where a closing clause starts that only withdraws the speaker's own slip ("; I keyed in 2 wrongly", "— I typed 3
 * by mistake"): "I" / "we", a past form, one number and a slip word, no name and no other agent. Null otherwise.
 */
function slipTail(s: Sentence, first: number, to: number, state: ParseState): number | null {
  let start = -1;
  for (let k = to - 2; k > first; k--)
    if (s.separated(k)) {
      start = k + 1;
      break;
    }
  if (start < 0 || !(s.words[start] === "i" || s.words[start] === "we")) return null;
  const verb = s.words[start + 1] as string;
  if (!(verb.length > 4 && verb.endsWith("ed"))) return null;
  let numbers = 0;
  let slipped = false;
  for (let k = start + 2; k < to; k++) {
    const w = s.words[k] as string;
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return null;
    if (w === "agent" || w === "you" || w === "your" || cue.negations.has(w)) return null;
    if (SLIPS.has(w)) slipped = true;
    else if (numberAt(s, k, state) !== null) numbers++;
  }
  return slipped && numbers === 1 ? start : null;
}

/** Words that lead a correction: "Correction: ...", "Small fix: ...". */
const CORRECTION_LEADS = new Set(["correction", "fix", "correcting", "corrected", "update", "erratum", "typo"]);

/** Words that may follow a correction word in its lead: "Typo in my earlier message —" (fresh121). */
const LEAD_PLACE = new Set(["in", "to", "on", "my", "earlier", "previous", "last", "message", "post", "turn", "note"]);

/** Words of a lead clause in which the speaker fixes their own value: "Let me fix my earlier number:". */
const OWN_FIX = new Set([
  "fix",
  "fixing",
  "amend",
  "amending",
  "correct",
  "correcting",
  "update",
  "updating",
  "revise",
]);

/**
 * Where the clause after a correction word's lead starts ("Correction: ...", "Quick fix, ..."): the word after the
 * pause closing the lead, when a correction word stands among the sentence's first four words and is the lead's last;
 * else null.
 */
export function correctionWordLead(s: Sentence, first: number, to: number): number | null {
  for (let k = first; k < Math.min(to, first + 4); k++) {
    if (CORRECTION_LEADS.has(s.words[k] as string)) {
      if (s.separated(k)) return k + 1;
      // "Typo in my earlier message — ...": the lead's place, then the pause
      let j = k + 1;
      while (j < to - 1 && j < k + 5 && LEAD_PLACE.has(s.words[j] as string) && !s.separated(j)) j++;
      if (j > k + 1 && j < to - 1 && LEAD_PLACE.has(s.words[j] as string) && s.separated(j)) return j + 1;
    }
    if (s.separated(k)) break;
  }
  return null;
}

/**
 * Does a correction word stand among the first words of the sentence, before a pause ("Correction: ...")? Where the
 * value's clause starts (the lead is read from `first` on, a lead of the speaker's own fix is skipped), or null.
 */
function correctionLed(s: Sentence, first: number, to: number, state: ParseState): number | null {
  // "Typo in my earlier message — ..." (fresh121): the lead's words are the fix's own, its names still read
  const led = correctionWordLead(s, first, to);
  if (led !== null) return led;
  // "Let me fix my earlier number:", "I need to correct my figure:": a short lead of the speaker fixing their own
  let fix = false;
  let own = false;
  // the lead may name the pair it fixes ("My figure for X's Y needs fixing:"): its names are not counted as words
  let limit = first + 7;
  for (let k = first; k < Math.min(to, limit); k++) {
    const named = state.options.match(s.words, k) ?? state.attributes.match(s.words, k);
    if (named !== null && !s.separated(named.end - 1)) {
      limit += named.end - k;
      k = named.end - 1;
      continue;
    }
    const w = s.words[k] as string;
    if (w === "agent" || w === "you" || w === "your" || /[0-9]/.test(w)) return null;
    if (OWN_FIX.has(w)) fix = true;
    if (w === "my" || w === "i" || w === "me") own = true;
    if (s.separated(k)) return fix && own && (s.tokens[k] as NaturalToken).colon === true ? k + 1 : null;
  }
  return null;
}

/**
 * The one level a span of words states and nothing else ("I've got it at 3", "Checked again: 0", "it's a 3"): no
 * option or attribute name, no word that changes what the number means, the number closing the span or followed
 * by a unit or scale. Null otherwise. The speaker's value in a correction of a claim read elsewhere.
 */
export function onlyLevel(
  s: Sentence,
  from: number,
  to: number,
  state: ParseState,
): { value: number; end: number } | null {
  if (to - from > MAX_WORDS || from >= to) return null;
  let level: { value: number; end: number } | null = null;
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    // "it should read -2", "it should be 3": the speaker's value in a correction
    if (w === "should" && (s.words[k + 1] === "be" || s.words[k + 1] === "read")) continue;
    // "I'd say 2", "I say 2": the speaker's own word
    if (w === "say" && (s.words[k - 1] === "i'd" || s.words[k - 1] === "i" || s.words[k - 1] === "id")) continue;
    // "my notes say 0", "mine says 2": the speaker's own source speaking
    if (SOURCE_SAYS.has(w) && ownSourceBefore(s.words, k)) continue;
    // "My calendar shows her at 0": an object pronoun before "at" / "as" is the thing rated, not someone's word
    if ((w === "her" || w === "him" || w === "them") && (s.words[k + 1] === "at" || s.words[k + 1] === "as")) continue;
    // "I see a 1, not a 3": the level the speaker rejects, closing the span
    if (w === "not" && level !== null && s.separated(k - 1) && rejectedLevel(s, k + 1, to, state)) break;
    if (!plainWord(w) || w.startsWith("@") || CONTRAST_BLOCKERS.has(w)) return null;
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return null;
    // "I think my number is the right one" (fresh60), "that one": "one" after an article or "the <word>" is a pronoun
    if (w === "one" && (PRONOUN_ONE.has(s.words[k - 1] as string) || s.words[k - 2] === "the")) continue;
    const value = numberAt(s, k, state);
    if (value === null) {
      if (/[0-9]/.test(w)) return null;
      continue;
    }
    // (the word before the span is not its own: "I'd dispute that: 5")
    if (level !== null || (k > from && NOT_AFTER.has(s.words[k - 1] as string))) return null;
    let end = value.end;
    if (UNITS.has(s.words[end] as string) && s.words[end + 1] === "out" && s.words[end + 2] === "of") end++;
    if (s.words[end] === "out" && s.words[end + 1] === "of") {
      const scale = s.words[end + 2] as string;
      if ((naturalInteger(scale) ?? cue.numberWords.get(scale)) !== state.task.levels[1]) return null;
      end += 3;
    }
    // "I see a 0 there": the place the claim named
    if ((s.words[end] === "there" || s.words[end] === "here") && end + 1 >= to) end++;
    if (!(end >= to || s.separated(end - 1) || (s.tokens[end - 1] as NaturalToken).stop)) return null;
    level = { value: value.value, end };
    k = end - 1;
    // "I have it at 1 — it's the slowest place on my list" (fresh121): a dash after the level closes the value; an
    // aside without numbers, names or negation may follow
    // "I have it at 0, and I've double-checked." (fresh133): after a comma, an aside that confirms the value
    const closing = s.tokens[end - 1] as NaturalToken;
    if ((closing.dash === true || (closing.pause && confirms(s, end, to))) && end < to && plainAside(s, end, to, state))
      break;
  }
  if (level === null) return null;
  const [lo, hi] = state.task.levels;
  return level.value < lo || level.value > hi ? null : level;
}

/** Words of the speaker confirming a value: "I've double-checked", "I'm sure of it", "verified". */
const CONFIRMING: ReadonlySet<string> = new Set([
  "checked",
  "double-checked",
  "rechecked",
  "re-checked",
  "verified",
  "confirmed",
  "sure",
  "certain",
  "positive",
]);

/** Does the aside in from..to confirm the value ("and I've double-checked", "I'm sure of it")? */
function confirms(s: Sentence, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (CONFIRMING.has(s.words[k] as string)) return true;
  return false;
}

/** An aside after a value's dash: no number, name, negation, condition, modal or other speaker in from..to. */
function plainAside(s: Sentence, from: number, to: number, state: ParseState): boolean {
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    if (/[0-9]/.test(w) || cue.numberWords.has(w) || w === "agent" || w === "you" || w === "your") return false;
    if (negationWord(w) || cue.conditionals.has(w) || cue.modals.has(w)) return false;
    if (cue.reporting.has(w) || s.gate[k] === true || s.modal[k] === true) return false;
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return false;
  }
  return true;
}

/** Owners before "last" in "down to its last apple". */
const LAST_OWNERS = new Set(["its", "their", "the", "our", "my"]);

/**
 * Is the "last" at k one left of a count: "down to its / the last", on a scale from 0, with a counted attribute
 * right after it that closes the clause ("Shelf B is down to its last onion")?
 */
function lastOneAt(s: Sentence, k: number, to: number, state: ParseState): boolean {
  const { words } = s;
  if (words[k] !== "last" || words[k - 3] !== "down" || words[k - 2] !== "to") return false;
  if (!LAST_OWNERS.has(words[k - 1] as string) || state.task.levels[0] !== 0 || state.task.levels[1] < 1) return false;
  const counted = state.attributes.match(words, k + 1);
  return counted !== null && (counted.end >= to || s.separated(counted.end - 1));
}

/** Verbs of the speaker's own source: "my notes say 0", "my recount says 5". */
const SOURCE_SAYS = new Set(["say", "says", "said"]);

/** Is the word before k the speaker's own source ("my notes", "our records", "my recount", "mine")? */
function ownSourceBefore(words: readonly string[], k: number): boolean {
  const noun = words[k - 1] as string;
  if (noun === "mine") return true;
  const owner = words[k - 2];
  return (owner === "my" || owner === "our") && (cue.correctionSources.has(noun) || OWN_CHECKS.has(noun));
}

/** The speaker's own check as a source: "my recount says 5". */
const OWN_CHECKS = new Set(["recount", "count", "check", "recheck", "tally", "calendar", "reading"]);

/** In the speaker's value after a claim, these make it something else: "otherwise 3", "then 2", "also 4". */
const CONTRAST_BLOCKERS = new Set(["otherwise", "else", "then", "also", "too", "and", "or", "next", "another"]);

/** Words before "one" as a pronoun, not a level: "that one", "which one", "no one", "the other one". */
const PRONOUN_ONE = new Set(["the", "that", "this", "which", "each", "every", "other", "no", "any", "some"]);

/** The number at k: "4", "+2", "×3", "4/5" (over the scale's top), "four", "minus two". */
function numberAt(s: Sentence, k: number, state: ParseState): { value: number; end: number } | null {
  const w = s.words[k] as string;
  const sign = w === "minus" || w === "negative" ? -1 : 1;
  const at = sign < 0 ? k + 1 : k;
  const raw = s.words[at] as string | undefined;
  if (raw === undefined) return null;
  // "a four-star place for X", "a 3-star rating"
  const word = sign > 0 && /^[a-z0-9]+-stars?$/.test(raw) ? raw.slice(0, raw.indexOf("-")) : raw;
  // "×3", "x3"; "+2" only on a scale with negative levels (elsewhere a change)
  const signed = word.startsWith("+") && state.task.levels[0] >= 0 ? null : word;
  const digits =
    signed !== null && /^[+×x*]?[0-9]{1,2}$/.test(word) ? naturalInteger(word.replace(/^[+×x*]/, "")) : null;
  let value = digits ?? naturalInteger(word) ?? cue.numberWords.get(word) ?? null;
  if (value === null) {
    const fraction = word.length <= 21 ? FRACTION.exec(word) : null;
    if (fraction === null || Number(fraction[2]) !== state.task.levels[1]) return null;
    value = Number(fraction[1]);
  }
  if (sign < 0 && value <= 0) return null;
  // "it's a 3, give or take": an estimate, not a level
  if (trailingHedge(s, at + 1, s.to)) return null;
  return { value: sign * value, end: at + 1 };
}
