import type { Act } from "../act";
import { MAX_ACTS } from "../message-limits";
import { attributeOwners } from "../natural-matchers";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import { availabilityState } from "./availability-share";
import { type ParseState, peopleOptions } from "./sentence";

// The slot reader (session 58): a second reader of another kind beside the cue rules. Where the cue rules read a
// sentence only in the shapes they know, this one reads plain sentences by slots: each clause that holds one number
// takes its option and attribute from the clause, else from the clause before it in the same sentence ("Shelf B has
// 1 onion and Shelf A has 3", "Stall C's cakes sold at -1 and Stall D's at 0"), or from the option the talk is about
// where the clause points to it ("her library key is 2", "Lena's calendar there is a 2"). It is precision first: a
// word of doubt, condition, correction, request or comparison, a question, a number it cannot place or a clause with
// two names of a kind refuses the whole sentence; a negation takes its clause out and refuses the sentence where a
// level stands before it or leans on a name across it; someone else's word holds to the next clause break. It only
// adds to the cue rules: where their shares and its own disagree on a cell or a number, it takes nothing.

const set = (...words: string[]): ReadonlySet<string> => new Set(words);

/** Words that refuse the whole sentence: what follows them (or the whole) may not be the speaker's own fact. */
const REFUSE = new Set<string>([
  ...cue.conditionals,
  ...cue.modals,
  // doubt and approximation
  ..."believe guess guessing reckon reckons suspect ballpark roughly about around approximately approx circa like near hovers hovering nearly almost ish unsure unknown dunno idk iirc remember recall memory fuzzy hazy seems seem seemed appears apparently estimate somewhere between range or".split(
    " ",
  ),
  // someone else's word, or talk to others
  ..."relayed relaying quoted quote posted sent wrote written you your yours someone anyone everyone somebody anybody others".split(
    " ",
  ),
  // corrections and earlier values
  ..."earlier previously originally initially was had forget overstated understated typo typos mistake mistaken misread mislabelled mislabeled misspoke slip correct corrected correction correcting actually instead rather should meant scratch ignore disregard withdraw withdrawing retract retracting revise revised revising edit editing update updated change changed changes changing swap swapped swapping".split(
    " ",
  ),
  // questions, requests and what is missing
  ..."how who whom please pls need needs missing lack lacks lacking know tell wonder wondering".split(" "),
  // totals and several cells at once
  ..."total sum average combined each both all every respectively order weight weights weighted weighting".split(" "),
  // slips, changes, agreement with someone else's value, a provisional or self-interrupted reading
  ..."accident accidentally mistakenly wrongly erroneously went gone rose risen dropped fell moved wait far day matches match agrees agree agreed echo echoing seconding confirming".split(
    " ",
  ),
  // comparisons: "more than last year", "better on neighbourhood, which is 3"
  ...cue.comparatives,
  ..."above below over under beats beat beating ahead behind least most trails close".split(" "),
  // a level in words that the number may contradict ("at 2, the maximum" where the top is 3)
  ..."maxed max maximum min minimum highest lowest top tops bottom".split(" "),
]);

/** Vague amounts: before a count ("and some plants") the sentence gives no exact level for it. */
const VAGUE = set("some", "many", "few", "several", "lots", "plenty", "handful", "couple", "bunch");

/** Pronouns of a person: they point to an option only where the options are people. */
const MALE = set("he", "him", "his");
const FEMALE = set("she", "her", "hers");
const PERSONAL = new Set<string>([...MALE, ...FEMALE, "they", "them", "their"]);

/** Words that may follow a person's name standing for their attribute ("Omar is 2", "Alice has a 1"). */
const AFTER_OWNER = set(
  ..."is has a an the at on for in and too also then there free busy available unavailable open clear booked can gets shows stays sits comes scores rates".split(
    " ",
  ),
);

/** Words where a clause repeats a level for a cell it does not number ("Erin too", "and so does the poison bottle"). */
const ECHO = set("too", "likewise", "well", "does", "same");

/**
 * Words that make the rest of the sentence someone else's word up to a clause break ("Agent 2 has X's Y at 1, but my
 * records show 0"): their numbers are not the speaker's, their names are what the speaker's clause after speaks of.
 */
const REPORT = new Set<string>([...cue.reporting, ..."agent agents according per heard told".split(" ")]);

/** A clause with one of these sets a level against another ("cakes +2, against a -1 on plants"): no level of its own. */
const COMPARE = set("against");
/**
 * Verbs that weigh the option after them against the clause's: "its 5 rice bags and 3 apples outweigh A" (fresh306,
 * session 66: a wrong act, A given the 3): that option is no name of the clause.
 */
const WEIGHING = set("outweigh", "outweighs", "beat", "beats", "trump", "trumps");

/** Words that point to the option the talk is about. */
const POINTERS = set("it", "its", "her", "his", "him", "their", "there", "then", "she", "he", "they", "them", "this");

/** Words that start a new clause within a sentence ("and" and "plus" only after a clause's number). */
const BREAKS: ReadonlySet<string> = cue.clauseBreaks;
const JOINS = set("and", "plus");

/** Words that may follow a level ("a 2 on my side", "4 in my notes", "3 stars"); another noun makes it a count. */
const AFTER_LEVEL = set(
  ..."on for in at by from and but while whereas with so which too as here there then overall today now is are".split(
    " ",
  ),
  ...cue.levelUnits,
  // "Stall A, Stall B, Stall C, Stall D on plants sold: 0, -1, 2, -2 respectively." (fresh194, session 59)
  "respectively",
);

/** A number in digits with or without a sign ("4", "-2", "+1"), or "zero"; null for any other word. */
function slotNumber(word: string): number | null {
  if (word === "zero" || word === "nil") return 0;
  if (/^\+[0-9]$/.test(word)) return Number(word.slice(1));
  return naturalInteger(word);
}

/**
 * A person's attribute by the person's name alone ("Omar is 2 on Monday morning" for "Omar's calendar"), or null;
 * -1 as the index where another noun follows the name ("Lena's team", "Tomas family calendar"): another thing.
 */
function ownerAt(
  state: ParseState,
  tokens: readonly NaturalToken[],
  words: readonly string[],
  k: number,
): { index: number; end: number } | null {
  const index = attributeOwners(state.task.domain).get(words[k] as string);
  if (index === undefined) return null;
  const end = words[k + 1] === "'s" ? k + 2 : k + 1;
  const next = words[end];
  const paused = (tokens[end - 1] as NaturalToken).pause || (tokens[end - 1] as NaturalToken).stop;
  const noun = next !== undefined && !paused && /^[a-z]+$/.test(next) && !AFTER_OWNER.has(next);
  return { index: noun ? -1 : index, end };
}

/**
 * "N out of TOP" or "N out of a possible TOP" at k: the index of TOP's word where TOP is the scale's top level, -1
 * where another number follows "out of" ("seven out of ten" on a 1..5 scale), null where no "out of" follows.
 */
function outOfTop(words: readonly string[], k: number, hi: number): number | null {
  if (words[k + 1] !== "out" || words[k + 2] !== "of") return null;
  const at = words[k + 3] === "a" && words[k + 4] === "possible" ? k + 5 : k + 3;
  const top = words[at] as string;
  return (slotNumber(top) ?? cue.numberWords.get(top)) === hi ? at : -1;
}

/** The words of the task's option and attribute names ("ambience", "value", "restaurant"). */
function nameWords(state: ParseState): ReadonlySet<string> {
  const cached = NAME_WORDS.get(state.task.domain);
  if (cached !== undefined) return cached;
  const { options, attributes } = state.task.domain;
  const made = new Set([...options, ...attributes].flatMap((name) => name.toLowerCase().split(/[^a-z0-9]+/)));
  NAME_WORDS.set(state.task.domain, made);
  return made;
}

const NAME_WORDS = new WeakMap<object, ReadonlySet<string>>();

interface Clause {
  options: Set<number>;
  attributes: Set<number>;
  numbers: number[];
  /** A word in it points to the option the talk is about ("it", "there"). */
  pointer: boolean;
  /** It compares ("higher than B's 3"): its number is no cell's level. */
  compare: boolean;
  /** A negation, condition or modal stands in it. */
  negated: boolean;
  /** It is someone else's word. */
  reported: boolean;
  /** The availability a state word in it says ("free" 1, "busy" 0), if any. */
  state?: number;
  /** It repeats a level for a cell it does not number ("Erin too"). */
  echo: boolean;
  /** It opens with "and" or "plus". */
  joined: boolean;
}

const freshClause = (): Clause => ({
  options: new Set(),
  attributes: new Set(),
  numbers: [],
  pointer: false,
  compare: false,
  negated: false,
  reported: false,
  echo: false,
  joined: false,
});

/** What the slot reader reads a sentence with: the message's tokens and the sentence's surroundings. */
export interface SlotContext {
  tokens: readonly NaturalToken[];
  /** The message's words (`SentenceReading`'s, contractions opened). */
  words: readonly string[];
  /** Does the grammar gate word k (a negation, condition or modal earlier in its clause)? */
  blocked: (k: number) => boolean;
  /** The sentence's raw text. */
  raw: string;
  /** The acts the grammar read in the sentence. */
  found: readonly Act[];
  /** The option the talk was about before the sentence, for "it", "her", "there". */
  subject: number | null;
  /** The one option the talk is about, for a clause that names none (`ParseState.carried`). */
  carried: number | null;
  /** The acts read before the sentence: a cell given there at another level refuses it (a change, not a fact). */
  before: readonly Act[];
}

/** Does word k refuse the whole sentence? `female`: "she" / "her" / "hers" stands in the sentence. */
function refuses(context: SlotContext, k: number, female: boolean, state: ParseState): boolean {
  const { words } = context;
  const w = words[k] as string;
  if (REFUSE.has(w) || w.startsWith("@")) return true;
  // "and some plants": no exact level for that count
  if (VAGUE.has(w) && state.attributes.match(words, k + 1) !== null) return true;
  // "he" / "her" / "they" point to an option only where options are people, and to one person in a sentence
  if (PERSONAL.has(w) && !peopleOptions(state)) return true;
  if (MALE.has(w) && female) return true;
  // "ambience-wise": a name inside a joined word that the name matcher does not see
  if (w.includes("-") && w.split("-").some((part) => nameWords(state).has(part))) return true;
  // "two (3)": a level in words beside one in digits
  const beside = slotNumber(words[k + 1] ?? "") !== null || slotNumber(words[k - 1] ?? "") !== null;
  return cue.numberWords.has(w) && beside;
}

/**
 * The number at k (digits, "zero", a number word before a count, "N out of TOP") as [level, last word's index], or
 * null where there is none; "refuse" where a number stands that is no level ("4 years", "4 to 2", "4/5", "seven out
 * of ten" on a 1..5 scale).
 */
function numberAt(context: SlotContext, k: number, to: number, state: ParseState): [number, number] | "refuse" | null {
  const { words, tokens } = context;
  const w = words[k] as string;
  const scale = outOfTop(words, k, state.task.levels[1]);
  const spelled = state.attributes.match(words, k + 1) !== null || scale !== null ? cue.numberWords.get(w) : undefined;
  const n = spelled ?? slotNumber(w);
  if (n === null) return /[0-9]/.test(w) ? "refuse" : null;
  // "Given that 5 in leadership, I'd back Candidate A." (fresh299, session 66: a wrong act): a number pointed to
  // names a level said before, it states none
  if (POINTED_NUMBER.has(words[k - 1] as string)) return "refuse";
  if (scale !== null) return scale < 0 ? "refuse" : [n, scale];
  const next = words[k + 1];
  const placed =
    next === undefined ||
    k + 1 >= to ||
    (tokens[k] as NaturalToken).pause ||
    AFTER_LEVEL.has(next) ||
    state.attributes.match(words, k + 1) !== null ||
    state.options.match(words, k + 1) !== null ||
    plainRemark(context, k + 1, to);
  return placed ? [n, k] : "refuse";
}

/** Most words of a remark in parentheses after a level. */
const MAX_REMARK = 4;

/**
 * Words that make a parenthesis after a level a doubt, someone else's word, a condition or a correction, not a plain
 * remark: "(rough)", "(from memory)", "(per Agent 2)", "(or 3)", "(old figure)".
 */
const NOT_REMARK = set(
  ..."not no never unsure sure unclear unconfirmed unverified uncertain tentative provisional guess guessing".split(
    " ",
  ),
  ..."estimate estimated maybe might perhaps possibly probably likely approx approximately roughly rough around about".split(
    " ",
  ),
  ..."ish smudged blurry faded memory recall think believe check verify confirm double-check agent said says told".split(
    " ",
  ),
  ..."reported according per from via if unless or either wrong typo old outdated stale earlier before previously".split(
    " ",
  ),
  ..."was were should would could meant corrected updated revised changed".split(" "),
  ..."hard read illegible unreadable partial partly iffy shaky questionable dubious doubtful assume assumed".split(" "),
  ..."supposedly apparently heard hearsay secondhand relayed last".split(" "),
);

/**
 * "Monday 2pm = 0 (dentist appointment)", "Candidate C gets a 1 (ouch)" (fresh342, session 68): a parenthesis of up
 * to MAX_REMARK plain words right after a level, closing it, with no word of NOT_REMARK, no name and no number, is a
 * remark of the speaker's: the level before it stands (the words in it are still read, and may refuse the sentence).
 */
function plainRemark(context: SlotContext, k: number, to: number): boolean {
  const { words, tokens } = context;
  if (!(tokens[k] as NaturalToken | undefined)?.aside || !context.raw.includes("(")) return false;
  let m = k;
  for (; m < to && (tokens[m] as NaturalToken).aside; m++) {
    const w = words[m] as string;
    if (m - k >= MAX_REMARK || !/^[a-z]+$/.test(w) || NOT_REMARK.has(w) || (tokens[m] as NaturalToken).question)
      return false;
  }
  // the parenthesis closes the clause or the sentence
  return m >= to || (tokens[m - 1] as NaturalToken).pause || (tokens[m - 1] as NaturalToken).stop;
}

/** Words that point to a number said before: "that 5", "this 2", "those 4s". */
const POINTED_NUMBER = set("that", "this", "those", "these");

/** "can't" / "cannot" before a verb of attending: the person is not available. */
const UNABLE = set("can't", "cant", "cannot", "couldn't", "won't");
const UNAVAILABLE_VERBS = set("make", "do", "attend", "join");

/** Is every attribute of the task a person's availability or calendar ("Alice's availability", "Omar's calendar")? */
function availabilityTask(state: ParseState): boolean {
  return state.task.domain.attributes.every((a) => /'s (?:availability|calendar)$/i.test(a));
}

/**
 * The sentence's clauses with the names and numbers in each, or null where a word refuses the sentence. `female`:
 * "she" / "her" / "hers" stands in the sentence.
 */
function readClauses(
  context: SlotContext,
  from: number,
  to: number,
  female: boolean,
  state: ParseState,
): Clause[] | null {
  const { tokens, words, blocked } = context;
  let clause = freshClause();
  const clauses = [clause];
  let reported = false;
  // a level of the speaker's own stands before: a report after it refuses the sentence
  let ownLevel = false;
  // "Alice can't make Tuesday 11am (0)" (fresh200): a person's "can't make / can't do" states their availability's
  // lowest level, as "busy" does; the clause is not negated (a gate before it still is)
  let unavailable = false;
  for (let k = from; k < to; k++) {
    const w = words[k] as string;
    if (UNABLE.has(w) && UNAVAILABLE_VERBS.has(words[k + 1] as string) && !blocked(k - 1) && availabilityTask(state)) {
      unavailable = true;
      clause.state = 0;
    }
    if ((blocked(k) || cue.negations.has(w)) && !unavailable) clause.negated = true;
    const option = state.options.match(words, k);
    const attribute = option === null ? (state.attributes.match(words, k) ?? ownerAt(state, tokens, words, k)) : null;
    if (attribute !== null && attribute.index < 0) return null;
    if (option !== null && WEIGHING.has(words[k - 1] as string)) {
      k = option.end - 1;
      continue;
    }
    const name = option ?? attribute;
    if (name !== null && name.end <= to) {
      (option !== null ? clause.options : clause.attributes).add(name.index);
      k = name.end - 1;
    } else {
      if (refuses(context, k, female, state)) return null;
      if (BREAKS.has(w) || (JOINS.has(w) && clause.numbers.length > 0)) {
        clause = { ...freshClause(), joined: JOINS.has(w) };
        clauses.push(clause);
        if (BREAKS.has(w)) reported = false;
      }
      // "X is 2, so I'm told": a report after a number of the speaker's may be where that number came from
      if (REPORT.has(w) && ownLevel) return null;
      reported ||= REPORT.has(w);
      clause.reported ||= reported;
      const availability = w === "clear" ? 1 : availabilityState(w);
      if (availability !== undefined) clause.state = availability;
      clause.echo ||= ECHO.has(w);
      clause.pointer ||= POINTERS.has(w);
      clause.compare ||= COMPARE.has(w);
      const number = numberAt(context, k, to, state);
      if (number === "refuse") return null;
      if (number !== null) {
        clause.numbers.push(number[0]);
        ownLevel ||= !clause.reported;
        k = number[1];
      }
    }
    const token = tokens[k] as NaturalToken;
    if (token.pause) {
      unavailable = false;
      clause = freshClause();
      clauses.push(clause);
      if (token.semicolon === true) reported = false;
    }
  }
  return clauses;
}

/** The shares the clauses give, in order, or null where one of them refuses the sentence. */
function clauseShares(clauses: readonly Clause[], context: SlotContext, state: ParseState): Act[] | null {
  const [lo, hi] = state.task.levels;
  const shares: Act[] = [];
  let option: number | null = null;
  let attribute: number | null = null;
  let previous: Clause | null = null;
  // after a negated clause, a clause that names no option takes none from before the sentence
  let fallback = true;
  let numbered = false;
  for (const c of clauses) {
    if (c.negated) {
      // "Stall D sold 2 cakes, not many": a negation after a level may take it back; before one ("no doubt, Priya
      // 2") nothing carries over it: the clause after must name its own option and attribute
      if (c.numbers.length > 0 || numbered) return null;
      [fallback, option, attribute] = [false, null, null];
      continue;
    }
    if (c.options.size > 1 || c.attributes.size > 1 || c.numbers.length > 1) return null;
    // "Priya 2, Erin too", "Dan 1 and the poison bottle": a cell after a level with none of its own
    if (numbered && c.numbers.length === 0 && (c.echo || (c.joined && c.attributes.size > 0))) return null;
    // "Restaurant A, Restaurant B and C at 5": options listed before the one with the number
    const listed = previous !== null && previous.numbers.length === 0 && previous.options.size > 0;
    if (listed && [...c.options].some((o) => !previous?.options.has(o))) return null;
    previous = c;
    const outside = fallback ? (c.pointer ? (context.subject ?? context.carried) : context.carried) : null;
    option = (c.options.size === 1 ? ([...c.options][0] as number) : null) ?? option ?? outside;
    if (c.attributes.size === 1) attribute = [...c.attributes][0] as number;
    const level = c.numbers[0];
    if (level === undefined || c.compare || c.reported) continue;
    if (option === null || attribute === null || level < lo || level > hi) return null;
    // "free ... 0", "busy ... 1": the state in words and the level disagree
    if ((c.state === 0 && level !== lo) || (c.state === 1 && level === lo)) return null;
    // "Rice bags on Shelf A: 4 and 1" (a held-out defect, session 59): one cell given two levels says neither
    if (shares.some((a) => a.kind === "share" && a.option === option && a.attribute === attribute)) return null;
    numbered = true;
    shares.push({ kind: "share", option, attribute, level });
    // no sentence holds more acts than a message may (MAX_ACTS): past that it is no list of facts
    if (shares.length > MAX_ACTS) return null;
  }
  return shares;
}

/** Words that say a list of levels goes with a list of names in order: a paired reading, no doubt. */
const IN_ORDER = set("respectively", "order");

/** Words that leave open which level goes with which name: "in any order", "in some order". */
const OPEN_ORDER = set("any", "some", "whichever", "either");

interface Item {
  kind: "option" | "attribute" | "level";
  value: number;
  /** Where it starts and ends in the words. */
  at: number;
  end: number;
}

/**
 * A sentence of paired lists, exact or nothing: every run of two or more levels ("1 and 3", "2, 4 and 4") goes with
 * the nearest run before it of as many names of one kind ("Shelf A then Shelf B", "Rent and size"), in order, and
 * the one name of the other kind the sentence gives after that list (or the only one it names): "Onion counts, Shelf
 * A then Shelf B: 1 and 3", "Rent and size: Apartment B is 2 and 4, Apartment D is 5 and 3". Null where a level
 * stands alone, a run has no list of its length, a list repeats a name, or any word refuses the sentence.
 */
function pairedShares(
  context: SlotContext,
  from: number,
  to: number,
  female: boolean,
  state: ParseState,
): Act[] | null {
  const { words, blocked } = context;
  const items: Item[] = [];
  for (let k = from; k < to; k++) {
    const w = words[k] as string;
    if (blocked(k) || cue.negations.has(w) || REPORT.has(w)) return null;
    const option = state.options.match(words, k);
    const attribute = option === null ? state.attributes.match(words, k) : null;
    if (option !== null && WEIGHING.has(words[k - 1] as string)) {
      k = option.end - 1;
      continue;
    }
    const name = option ?? attribute;
    if (name !== null && name.end <= to) {
      items.push({ kind: option !== null ? "option" : "attribute", value: name.index, at: k, end: name.end });
      k = name.end - 1;
      continue;
    }
    if (!IN_ORDER.has(w) && refuses(context, k, female, state)) return null;
    // "in some order": which goes with which is open
    if (
      OPEN_ORDER.has(w) ||
      VAGUE.has(w) ||
      // "it" / "there" leave a name to the talk before; "then" joins a list ("Shelf A then Shelf B")
      (POINTERS.has(w) && w !== "then") ||
      COMPARE.has(w) ||
      ECHO.has(w) ||
      availabilityState(w) !== undefined
    )
      return null;
    const number = numberAt(context, k, to, state);
    if (number === "refuse") return null;
    if (number !== null) {
      items.push({ kind: "level", value: number[0], at: k, end: number[1] + 1 });
      k = number[1];
    }
  }
  if (items.length > 2 * MAX_ACTS) return null;
  // runs of one kind in a row
  const runs: Item[][] = [];
  for (const item of items) {
    const last = runs[runs.length - 1];
    if (last !== undefined && (last[0] as Item).kind === item.kind) last.push(item);
    else runs.push([item]);
  }
  const [lo, hi] = state.task.levels;
  const shares: Act[] = [];
  const used = new Set<number>();
  const ordered = items.length > 0 && words.slice(from, to).some((w) => IN_ORDER.has(w));
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r] as Item[];
    if ((run[0] as Item).kind !== "level") continue;
    if (run.length < 2) return null;
    // the nearest list before it of as many names, and the one name of the other kind after that list
    let l = r - 1;
    while (l >= 0 && !((runs[l] as Item[]).length === run.length && (runs[l] as Item[])[0]?.kind !== "level")) l--;
    if (l < 0) {
      // "Leadership is 2, 5 and 4 for Candidates A, B and C respectively" (fresh242, session 64): with "respectively",
      // the list right after the levels, and the one name of the other kind the sentence gives
      const after = ordered && r === runs.length - 2 ? levelsThenNames(run, runs[r + 1] as Item[], items, words) : null;
      if (after === null) return null;
      shares.push(...after);
      continue;
    }
    const list = runs[l] as Item[];
    if (new Set(list.map((i) => i.value)).size !== list.length) return null;
    // "Food quality, A and B, 4 and 1": levels right after the list need a colon or a dash to label them
    const last = (list[list.length - 1] as Item).end;
    const closing = context.tokens[last - 1] as NaturalToken;
    const heading = closing.colon === true || closing.dash === true;
    if (last === (run[0] as Item).at && !heading) return null;
    // a list serves a second run of levels only as a heading ("Rent and size: B is 2 and 4, D is 5 and 3"), not
    // as the clause before ("Location and menu variety for D are 4 and 5; E has 2 and 3 stars")
    if (used.has(l) && !heading) return null;
    used.add(l);
    const kind = (list[0] as Item).kind;
    const between = runs.slice(l + 1, r).flat();
    // the nearest name of the other kind after the list ("Restaurant B is 2 and 4, Restaurant C is 5 and 3")
    const others = between.filter((i) => i.kind !== kind && i.kind !== "level");
    // "Rent and size for A, B and C: 2, 4": a list of the other kind between them leaves the pairing open
    const lists = runs.slice(l + 1, r).some((x) => x.length > 1 && (x[0] as Item).kind !== "level");
    if (lists || between.some((i) => i.kind === kind)) return null;
    const everywhere = items.filter((i) => i.kind !== kind && i.kind !== "level");
    const only = new Set(everywhere.map((i) => i.value)).size === 1 ? everywhere[0] : undefined;
    const other = others[others.length - 1] ?? only;
    if (other === undefined) return null;
    shares.push(...pairRun(run, list, other.value));
  }
  if (shares.length === 0 || shares.some((s) => s.kind === "share" && (s.level < lo || s.level > hi))) return null;
  return shares;
}

/** Words that may join a run of levels to the names after it: "2, 5 and 4 for A, B and C", "... on A and B". */
const LEVELS_TO_NAMES = set("for", "on", "at", "in");

/**
 * Levels and, right after them (a preposition between), as many names of one kind, none twice, with one name of the
 * other kind in the whole sentence: the shares in order, else null.
 */
function levelsThenNames(
  run: readonly Item[],
  names: readonly Item[],
  items: readonly Item[],
  words: readonly string[],
): Act[] | null {
  const kind = (names[0] as Item).kind;
  if (kind === "level" || names.length !== run.length || new Set(names.map((i) => i.value)).size !== names.length)
    return null;
  const gap = words.slice((run[run.length - 1] as Item).end, (names[0] as Item).at);
  if (!gap.some((w) => LEVELS_TO_NAMES.has(w))) return null;
  const others = new Set(items.filter((i) => i.kind !== kind && i.kind !== "level").map((i) => i.value));
  if (others.size !== 1) return null;
  return pairRun(run, names, [...others][0] as number);
}

/** The shares of a run of levels paired in order with a list of names of one kind, and one name of the other kind. */
function pairRun(run: readonly Item[], names: readonly Item[], other: number): Act[] {
  const kind = (names[0] as Item).kind;
  return run.map((level, i) => {
    const name = (names[i] as Item).value;
    const [option, attribute] = kind === "option" ? [name, other] : [other, name];
    return { kind: "share", option, attribute, level: level.value };
  });
}

/** Words of doubt that may reach back over the list: "nothing certain", "don't quote me", "not exactly". */
const ORDER_DOUBT = set("certain", "sure", "quote", "exact", "exactly", "precisely", "though", "although", "wrong");

/** Words before a number word that make it a count of the names ("those three", "the same two", "all four"). */
const COUNTED_AFTER = set("those", "these", "same", "all", "the");

/** Words of a later clause that may speak of the list's order ("...; or the other way round", "I mixed them up"). */
const ORDER_TALK = set("order", "other", "way", "round", "around", "reverse", "reversed", "swap", "swapped", "mixed");

/**
 * Where a paired list's sentence ends for the paired reader: after "respectively" and a pause, when the clause after
 * it gives no number and says nothing that may touch the list ("Size for A, B, D is 3, 2, 5 respectively; quietness I
 * don't have.", fresh240: a negation about another cell); else `to`.
 */
function pairedEnd(context: SlotContext, from: number, to: number, female: boolean, state: ParseState): number {
  const { words, tokens } = context;
  let k = from;
  while (k < to && words[k] !== "respectively") k++;
  if (k >= to - 1 || !(tokens[k] as NaturalToken).pause) return to;
  // the clause must be about a cell ("quietness I don't have"): a clause naming none ("nothing certain") may be
  // about the list
  let named = false;
  for (let j = k + 1; j < to; j++) {
    const w = words[j] as string;
    // a name is no word of doubt ("wait time")
    const name = state.options.match(words, j) ?? state.attributes.match(words, j);
    if (name !== null) {
      named = true;
      j = name.end - 1;
      continue;
    }
    if (ORDER_DOUBT.has(w)) return to;
    // "for those same three" counts the list's names, no level
    const counted = cue.numberWords.has(w) && COUNTED_AFTER.has(words[j - 1] as string);
    if (slotNumber(w) !== null || (cue.numberWords.has(w) && !counted) || ORDER_TALK.has(w) || OPEN_ORDER.has(w))
      return to;
    if (refuses(context, j, female, state)) return to;
  }
  return named ? k + 1 : to;
}

const sameCell = (a: Act, b: Act): boolean =>
  a.kind === "share" && b.kind === "share" && a.option === b.option && a.attribute === b.attribute;
const otherLevel = (a: Act, b: Act): boolean =>
  sameCell(a, b) && a.kind === "share" && b.kind === "share" && a.level !== b.level;
const shareKey = (a: Act): string => (a.kind === "share" ? `${a.option} ${a.attribute} ${a.level}` : "");

/**
 * The shares the slot reader finds in tokens from..to that the grammar's `found` acts do not hold, or [] where it
 * refuses the sentence or adds nothing. Linear in the sentence's words.
 */
export function slotShares(context: SlotContext, from: number, to: number, state: ParseState): Act[] {
  const { tokens, words, raw, found, before } = context;
  if (from >= to || (tokens[to - 1] as NaturalToken).question) return [];
  // "Cakes sold | Stall B 2": a bar of a table that is not one; "+1 for B's ambience": assent, not a level
  if (raw.includes("|") || words[from] === "+1") return [];
  const female = words.slice(from, to).some((x) => FEMALE.has(x));
  const clauses = readClauses(context, from, to, female, state);
  const shares =
    (clauses === null ? null : clauseShares(clauses, context, state)) ??
    pairedShares(context, from, pairedEnd(context, from, to, female, state), female, state);
  if (shares === null) return [];
  // one cell at two levels, in the sentence or against the message before it: a change, not two facts
  if (shares.some((s) => shares.some((t) => otherLevel(s, t)) || before.some((t) => otherLevel(s, t)))) return [];
  // the grammar's shares must agree: none of its cells at another level, and none of its levels that the slot
  // reader put in another cell (the same number read two ways), unless the slot reader has that share too
  const mine = new Set(shares.map(shareKey));
  for (const f of found) {
    if (f.kind !== "share" || mine.has(shareKey(f))) continue;
    if (shares.some((s) => sameCell(s, f) || (s.kind === "share" && s.level === f.level))) return [];
  }
  const had = new Set(found.filter((a) => a.kind === "share").map(shareKey));
  const extra: Act[] = [];
  for (const s of shares) {
    if (had.has(shareKey(s))) continue;
    had.add(shareKey(s));
    extra.push(s);
  }
  return extra;
}
