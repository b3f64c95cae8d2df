import { attributeOwners, ownerAttributeAt } from "../natural-matchers";
import { naturalCues as cue, negationWord } from "../natural-cues";
import { CHECK_VERBS, teamStepAt } from "./ask-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";

// An ask split over two sentences (issue 26, session 63; fresh221-fresh224): the first names one attribute (a
// column) as wanted and asks nothing of it alone — "Who has quietness?", "Lena's calendar, anyone?", "Agent 3 — you
// had the library key column, right?", "We're still missing ambience for D and E." — and the next points back to it
// with a request — "I need it for Apartments A and D.", "Need it for Monday noon.", "What does it show for Doctor
// Finch?", "Could whoever has that column post it?". The asks are the column at each option the second names, or,
// where it names none, at each option the first named. Precision first: a number, a negation or a condition in
// either sentence, a second attribute, a share or ask already read, or no option at all reads nothing.

/** The column a sentence names as wanted: its one attribute and the options it names (maybe none). */
export interface WantedColumn {
  attribute: number;
  options: number[];
}

/** Words of wanting in a statement: "missing", "need", "lacking". */
const WANTING = new Set(["missing", "need", "needs", "needed", "lacking", "want", "wanted"]);
/** Words that point back to the column: "it", "that column", "them". */
const POINTERS = new Set(["it", "that", "them", "those", "column", "row"]);
/** A person's line of the table: "Carol's row", "Lena's column". */
const LINES = new Set(["row", "column", "line", "entries", "numbers", "schedule"]);
/** Words that pick options out of the column wanted: "Specifically Monday 2pm and Monday 4pm." */
const SPECIFYING = new Set(["specifically", "namely", "particularly", "especially", "mainly", "mostly"]);
/** Most options a column ask may name. */
const MAX_OPTIONS = 6;

/** The names from..to: every attribute and option named, or null where a number, negation or condition stands. */
function names(s: Sentence, from: number, to: number, state: ParseState) {
  const attributes = new Set<number>();
  const options: number[] = [];
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    // "Agent 3 — you had the library key column, right?": the address is no number
    if (w === "agent" && naturalInteger(s.words[k + 1]) !== null) {
      k++;
      continue;
    }
    // "... for Restaurants A, C and E before we narrow things down." (fresh299, session 65): the team's next step, no
    // condition: the names end there
    if (teamStepAt(s.words, k)) break;
    // "for all six": the count of the options after "all", no number of a cell
    const counted = s.words[k - 1] === "all" && cue.numberWords.get(w) === state.task.domain.options.length;
    if ((naturalInteger(w) !== null || cue.numberWords.has(w)) && !counted) return null;
    if (negationWord(w) || cue.conditionals.has(w) || cue.reporting.has(w)) return null;
    const o = state.options.match(s.words, k);
    if (o !== null && o.end <= to) {
      if (!options.includes(o.index)) options.push(o.index);
      k = o.end - 1;
      continue;
    }
    const a = state.attributes.match(s.words, k);
    if (a !== null && a.end <= to) {
      attributes.add(a.index);
      k = a.end - 1;
      continue;
    }
    // "Carol's row", "Lena's column": a person's line of the table is their attribute
    const owner = ownerAttributeAt(state.task.domain, s.words, k);
    if (owner !== null && LINES.has(s.words[owner.end] as string)) {
      attributes.add(owner.index);
      k = owner.end;
    }
  }
  return { attributes: [...attributes], options };
}

/**
 * The column a sentence that took no act names as wanted: one attribute, any options, a question mark or a word of
 * wanting; else null. `from` is after any address.
 */
export function wantedColumn(s: Sentence, from: number, to: number, state: ParseState): WantedColumn | null {
  if (to - from > 24) return null;
  const named = names(s, from, to, state);
  if (named === null || named.attributes.length !== 1 || named.options.length > MAX_OPTIONS) return null;
  const asked = (s.tokens[to - 1] as NaturalToken).question === true;
  let wanting = false;
  for (let k = from; k < to; k++) if (WANTING.has(s.words[k] as string)) wanting = true;
  if (!asked && !wanting) return null;
  return { attribute: named.attributes[0] as number, options: named.options };
}

/**
 * The asks of a sentence pointing back to the column wanted before it: no attribute named, a pointer ("it", "that
 * column"), and a question mark or a word of wanting; the options it names, else the column's. Empty otherwise.
 */
export function columnAsks(
  s: Sentence,
  from: number,
  to: number,
  column: WantedColumn,
  state: ParseState,
): { option: number; attribute: number }[] {
  if (to - from > 20) return [];
  const named = names(s, from, to, state);
  if (named === null || named.attributes.length > 0 || named.options.length > MAX_OPTIONS) return [];
  // "Anyone have Carol's availability for the Tuesday slots? @Agent 1 I also need Dan for Monday 4pm." (fresh348,
  // session 68: a wrong act): another person named alone is another column, not this one
  const owners = attributeOwners(state.task.domain);
  for (let k = from; k < to; k++) {
    const owner = owners.get(s.words[k] as string);
    if (owner !== undefined && owner !== column.attribute) return [];
  }
  let pointer = false;
  let wanting = false;
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    if (POINTERS.has(w)) pointer = true;
    // "I'd like Employee B's and Employee F's values" (fresh247, session 64): a wish of the speaker's
    if (WANTING.has(w) || (w === "like" && (s.words[k - 1] === "i'd" || s.words[k - 1] === "would"))) wanting = true;
    // "Please post it for Lord Ashby and Doctor Finch." (fresh284, session 65): a request verb after "please"
    if (REQUESTS.has(w) && (s.words[k - 1] === "please" || s.words[from] === "please")) wanting = true;
  }
  // "Does anyone have Carol's row? Specifically Monday 2pm and Monday 4pm.": the options picked out of the column
  // "Who has the library key column? I need Lady Ashby and Miss Hartley." (fresh247, session 64): the options the
  // speaker says they need, the column left out
  const picked =
    (SPECIFYING.has(s.words[from] as string) || (wanting && firstPerson(s, from, to))) && named.options.length > 0;
  if (!picked && (!pointer || !(wanting || (s.tokens[to - 1] as NaturalToken).question === true))) return [];
  // "Agent 5, you had the wait time column, right? Could you post it for all six?" (fresh369, session 69): "all" /
  // "every" / "each" asks the column at every option where none was named
  const every = column.options.length === 0 && s.words.slice(from, to).some((w) => EVERY.has(w));
  const options =
    named.options.length > 0 ? named.options : every ? state.task.domain.options.map((_, o) => o) : column.options;
  return options.map((option) => ({ option, attribute: column.attribute }));
}

/** Words that take the whole column: "for all six", "for all of them", "for every restaurant", "for each". */
const EVERY: ReadonlySet<string> = new Set(["all", "every", "each"]);

/**
 * Does the sentence from..to open with the speaker ("I need ...", "I'd like ...", "We still need ...") or with the
 * speaker's need itself, its subject left out ("Need Finch's and Hartley's numbers.", fresh288, session 65)?
 */
function firstPerson(s: Sentence, from: number, to: number): boolean {
  const w = s.words[from] as string;
  return from < to && (w === "i" || w === "i'd" || w === "id" || w === "we" || w === "we'd" || WANTING.has(w));
}

// A request for a whole column (issue 26, session 65; the labelling rule written down this session from the waves'
// labels, fresh221-fresh276): "Who has the poison bottle column?", "What does everyone have for location?", "Could
// someone fill in ambience for all three?", "Still missing food quality for all six; whoever holds that column,
// please post it." The sentence names one attribute and no option, and asks the team (who / anyone / someone /
// everyone / whoever, or "you" asked to have or send it) with a question mark or a request verb. It asks that
// attribute at every option of the task, or at the options the message named before it where it points back to
// them ("for these three", "for them"). Precision first: a level, a negation, a condition, a report, a pronoun for
// one option ("her library key", "for that slot", "there"), a comparison ("Who has the best service?") or a count
// that fits neither set reads nothing.

/** Who a whole-column request is put to. */
const ASKED = new Set([
  // "What are everyone's plant numbers?" (fresh289, session 65)
  "everyone's",
  "everybody's",
  "anyone's",
  "who",
  "who's",
  "whoever",
  "anyone",
  "anybody",
  "someone",
  "somebody",
  "everyone",
  "everybody",
  "y'all",
  // "What do others have for value for money?" (fresh426, session 70): the rest of the team
  "others",
  // "What do people have for size?" (fresh509, session 73)
  "people",
  "folks",
]);
/** Askers that are the whole team, whose "their" is their own: "could everyone post their numbers?". */
const WHOLE_TEAM: ReadonlySet<string> = new Set(["everyone", "everybody", "y'all", "all", "each", "others"]);
/** Verbs of a request ("could someone post ...", "whoever holds it, please share it"). */
const REQUESTS = new Set(["post", "share", "send", "give", "fill", "drop", "paste", "list", "provide", "add"]);
/** Words after "you" that make it the team: "you two", "you both", "you guys". */
const TEAM_YOU = new Set(["two", "three", "four", "five", "both", "guys", "folks", "lot"]);
/** Verbs of asking "you" for the column: "do you have ...", "can you post ...". */
const YOU_VERBS = new Set(["have", "got", "hold", "see", ...REQUESTS]);
/** Words that make the question about something other than the column's levels, or point at one option. */
const NOT_WHOLE = new Set([
  "best",
  "worst",
  "highest",
  "lowest",
  "most",
  "least",
  "top",
  "strongest",
  "weakest",
  "better",
  "worse",
  "higher",
  "lower",
  "which",
  "rank",
  "ranking",
  "compare",
  "total",
  "totals",
  "sum",
  "average",
  "overall",
  "winner",
  "her",
  "his",
  "him",
  "its",
  "their",
  "there",
  "here",
  "this",
  "same",
  "else",
  "other",
  "another",
  "more",
  "than",
  "slot",
  "option",
  "one",
  "weight",
  "weights",
  "weighted",
  "if",
]);
/** The auxiliary that makes "you have" a request: "do you have", "can you post", "could you share". */
const AUXILIARIES = new Set(["do", "did", "can", "could", "would", "will"]);
/** Words that point back to the options the message named: "for these three", "for them", "for those". */
const BACK = new Set(["these", "those", "them"]);
/** Words before a count of options: "for all four", "the three", "each of the six". */
const COUNT_LEADS = new Set(["all", "these", "those", "the", "both"]);
/** Words after which "that" / "it" is the column itself ("that column", "post it" after "that column"). */
const COLUMN_WORDS = new Set(["column", "columns", "col", "cols"]);

/**
 * The asks of a sentence that requests one attribute for every option (see above); `before`: the options the message
 * named before the sentence, in order. Empty where the sentence is no such request.
 */
export function wholeColumnAsks(
  s: Sentence,
  from: number,
  to: number,
  before: () => readonly number[],
  state: ParseState,
): { option: number; attribute: number }[] {
  const whole = columnRequest(s, from, to, before, state, []);
  if (whole.length > 0 || to - from > 32) return whole;
  // "I don't have onion counts for either shelf — who has the onions column?", "Raffle tickets are a blank for me —
  // can anyone post them for every stall?" (fresh281-fresh282, session 65): a request after the last dash or
  // semicolon, alone, or pointing back ("them", "that") to the one attribute the clause before it named as lacking
  let cut = -1;
  let comma = -1;
  for (let k = from; k < to - 1; k++) {
    const t = s.tokens[k] as NaturalToken;
    if (t.dash === true || t.semicolon === true) cut = k + 1;
    else if (t.pause) comma = k + 1;
  }
  if (cut > from) {
    const alone = columnRequest(s, cut, to, before, state, []);
    if (alone.length > 0) return alone;
  } else if (comma > from) {
    // "cant see ambience or location, can someone post those for all four" (fresh337, session 68): the clause after
    // the last comma points back to the columns the clause before it named as lacking
    cut = comma;
  } else return [];
  // pointing back, the request must say it is the whole column ("for all three", "for every stall"): "I don't have
  // its quietness — could someone fill that in?" (fresh99) asks one option's cell, which the talk carries; or the
  // message must have named no option before it, or all of them ("Cleanliness is still missing — does anybody hold
  // it?", "The poison bottle column isn't mine — who's got it?", fresh309, session 66)
  const named = before().length;
  const unnamed = named === 0 || named === state.task.domain.options.length;
  if (!unnamed && !s.words.slice(cut, to).some((w) => WHOLE_MARKS.has(w as string))) return [];
  const lacking = lackedAttributes(s, from, cut, state);
  return lacking === null ? [] : columnRequest(s, cut, to, before, state, lacking);
}

/**
 * The options whose names hold the word `w` of three letters or more ("monday" of "Monday 9am", "noon" of "Monday
 * noon"), in order: several but not all narrow a column to them, one alone picks it.
 */
function optionsHolding(w: string, state: ParseState): number[] {
  if (!/^[a-z]{3,}$/.test(w)) return [];
  const holding: number[] = [];
  state.task.domain.options.forEach((name, o) => {
    if (name.toLowerCase().split(/\s+/).includes(w)) holding.push(o);
  });
  return holding;
}

/** Words for an option of a scheduling task: "every slot", "each time". */
const SLOT_WORDS: ReadonlySet<string> = new Set(["slot", "slots", "option", "options", "time", "times"]);

/** Words by which a request pointing back to a column says it wants all of it. */
const WHOLE_MARKS = new Set(["all", "every", "each", "both"]);

/** The attribute named at k, by its name or its owner's ("Carol's"): its index and the word after it, or null. */
function attributeAt(s: Sentence, k: number, state: ParseState): { index: number; end: number } | null {
  return state.attributes.match(s.words, k) ?? ownerAttributeAt(state.task.domain, s.words, k);
}

/**
 * The attributes a clause names as lacking, with no option or level ("Nobody on my end has ambience"): one, or two or
 * three joined by "or" / "and" ("I don't have ambience or value for money at all", fresh337, session 68); else null.
 */
function lackedAttributes(s: Sentence, from: number, to: number, state: ParseState): number[] | null {
  const attributes: number[] = [];
  let lastEnd = -1;
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    if (naturalInteger(w) !== null || state.options.match(s.words, k) !== null || cue.conditionals.has(w)) return null;
    if (NOT_WHOLE.has(w) || w === "that" || w === "it") return null;
    const named = attributeAt(s, k, state);
    if (named === null) continue;
    if (!attributes.includes(named.index)) {
      const joined = lastEnd === k - 1 && JOINERS.has(s.words[k - 1] as string);
      if (attributes.length > 0 && !(joined && attributes.length < 3)) return null;
      attributes.push(named.index);
    }
    lastEnd = named.end;
    k = named.end - 1;
  }
  return attributes.length > 0 ? attributes : null;
}

/**
 * The asks of from..to as a request of one attribute's whole column (see `wholeColumnAsks`); `column`: the attributes
 * a clause before it named, which "them" / "that" / "it" / "those" point back to, or none.
 */
function columnRequest(
  s: Sentence,
  from: number,
  to: number,
  before: () => readonly number[],
  state: ParseState,
  column: readonly number[],
): { option: number; attribute: number }[] {
  if (to - from > 24 || from >= to) return [];
  const all = state.task.domain.options.length;
  const columnWord = s.words.slice(from, to).some((w) => COLUMN_WORDS.has(w as string));
  const attributes: number[] = [...column];
  // where the last attribute named ended: "ambience or value for money" names two, joined
  let lastEnd = -1;
  let subset: number[] | null = null;
  let count: number | null = null;
  let back = false;
  let picked = false;
  let asked = false;
  let request = false;
  let you = false;
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    const address = addressAt(s, k);
    if (address !== null) {
      you ||= address === "you";
      asked ||= address === "team";
      k++;
      continue;
    }
    const n = naturalInteger(w) ?? cue.numberWords.get(w) ?? null;
    // "Question for all five of us:": a count of agents, not of options
    if (n !== null && s.words[k + 1] === "of" && (s.words[k + 2] === "us" || s.words[k + 2] === "you")) {
      k += 2;
      continue;
    }
    if (n !== null || w === "both") {
      // "for all four", "these three", "both shelves": a count of options, no level
      if (!COUNT_LEADS.has(s.words[k - 1] as string) && w !== "both") return [];
      if (count !== null) return [];
      count = w === "both" ? 2 : (n as number);
      continue;
    }
    // "Before we settle on anything, could everyone post ...?" (fresh311, session 66): the team's next step leading
    // the request is no condition: its clause is passed over
    if (teamStepAt(s.words, k)) {
      while (k < to - 1 && !s.separated(k)) k++;
      continue;
    }
    if (negationWord(w) || cue.conditionals.has(w) || cue.reporting.has(w)) return [];
    // "could everyone post their value for money numbers ...?" (fresh311): "their" of the team asked
    // "Candidates B and D have teamwork of 4 and 2. Could someone fill in their communication?" (fresh510, session 73:
    // a wrong act): asked of one teammate, "their" is the options the sentence before named, as "them" is
    if (w === "their" && asked && !s.words.slice(from, to).some((x) => WHOLE_TEAM.has(x as string))) back = true;
    if (w === "their" && asked) continue;
    // "could everyone share Lena's calendar for every slot?" (fresh355, session 68): "slot" after "every" / "each" /
    // "all" is the whole column, not one option
    const everySlot = SLOT_WORDS.has(w) && WHOLE_MARKS.has(s.words[k - 1] as string);
    if (NOT_WHOLE.has(w) && !everySlot) return [];
    // "Does anyone have Dan's or Erin's availability for 2pm on Monday?" (fresh99): a part of an option's name
    // ("2pm") picks one option, no whole column
    if (/[0-9]/.test(w)) return [];
    // "them" / "that" / "it" point back to the column a clause before named
    if (column.length > 0 && (w === "that" || w === "it" || w === "them" || w === "those")) continue;
    // "Could someone who sees Dan's column confirm it?" (fresh471, session 70: a wrong act): after a check verb (the
    // check requests' verbs), a value to check, which the column only says who holds
    if ((w === "that" || w === "it") && (!columnWord || CHECK_VERBS.has(s.words[k - 1] as string))) return [];
    if (state.options.match(s.words, k) !== null) return [];
    // "could someone fill in Omar for all four slots?": a person named bare is their attribute
    const bare = attributeOwners(state.task.domain).get(w);
    const named = attributeAt(s, k, state) ?? (bare === undefined ? null : { index: bare, end: k + 1 });
    if (named !== null) {
      // "Anyone have ambience or value for money?" (fresh301, session 66): two columns joined by "or" / "and"
      const joined = lastEnd === k - 1 && JOINERS.has(s.words[k - 1] as string);
      if (!attributes.includes(named.index)) {
        if (attributes.length > 0 && !(joined && attributes.length < 3)) return [];
        attributes.push(named.index);
      }
      lastEnd = named.end;
      k = named.end - 1;
      continue;
    }
    if (BACK.has(w)) back = true;
    // "across the Monday slots" (fresh291, session 65: a wrong act): a word some options' names share narrows them
    const holding = optionsHolding(w, state);
    if (holding.length >= 2 && holding.length < all)
      subset = subset === null ? holding : subset.filter((o) => holding.includes(o));
    // "Anyone have Omar's calendar at noon?" (fresh352, session 68: a wrong act): a word of one option's name alone
    // picks that option
    if (holding.length === 1 && all > 1) {
      subset = subset === null ? holding : subset.filter((o) => holding.includes(o));
      picked = true;
    }
    if (ASKED.has(w)) asked = true;
    // "Everyone: rent column please." (fresh355, session 68): "please" closing a request to the team
    if (REQUESTS.has(w) || w === "please" || w === "pls") request = true;
    // "need rice bags from someone" (fresh329, session 67): the speaker's need, put to the team by "from"
    if ((w === "need" || w === "needs") && s.words.slice(k + 1, to).includes("from")) request = true;
    // "Do you have the library key column?" asks; "You hold the poison bottle column, right?" only checks
    if (w === "you" && YOU_VERBS.has(s.words[k + 1] as string) && AUXILIARIES.has(s.words[k - 1] as string)) you = true;
  }
  if (attributes.length === 0) return [];
  const question = (s.tokens[to - 1] as NaturalToken).question === true;
  // "what are the technical skill numbers for all four candidates?": a question that says it wants every option
  const wholeQuestion =
    question && (count !== null || s.words.slice(from, to).some((w) => w === "all" || w === "every"));
  if (!((asked || you || wholeQuestion) && (question || request))) return [];
  const every = subset ?? Array.from({ length: all }, (_, o) => o);
  if (every.length < (picked ? 1 : 2)) return [];
  let options: readonly number[] = every;
  if (back) {
    // "Anyone have ambience for these?" under a table of three restaurants: the options the message named, or, where
    // it named none the sentence reader saw, all of them when the count says so ("for these three" of three)
    const named = before();
    options = named.length > 1 ? named : count === every.length ? every : [];
  }
  if (options.length === 0 || (count !== null && count !== options.length)) return [];
  return attributes.flatMap((attribute) => options.map((option) => ({ option, attribute })));
}

/**
 * An address of two words at k, no count: "Agent 3" / "@Agent 3" ("you" where a request's auxiliary comes before it
 * and its verb after: "Could Agent 2 send the size column?", fresh489, session 72; else "agent"), or "you two" /
 * "you guys", the team ("What do you two have for natural light?", fresh337, session 68); null where none.
 */
function addressAt(s: Sentence, k: number): "you" | "agent" | "team" | null {
  const w = s.words[k] as string;
  if ((w === "agent" || w === "@agent") && naturalInteger(s.words[k + 1]) !== null)
    return AUXILIARIES.has(s.words[k - 1] as string) && YOU_VERBS.has(s.words[k + 2] as string) ? "you" : "agent";
  return w === "you" && TEAM_YOU.has(s.words[k + 1] as string) ? "team" : null;
}

/** Words that join two columns asked together: "ambience or value for money", "rent and size". */
const JOINERS = new Set(["or", "and"]);

/** Leads of the speaker's lack of whole columns: "I don't have", "I do not have", "I have no", "I'm missing". */
const LACKING: readonly (readonly string[])[] = [
  ["i", "don't", "have"],
  ["i", "dont", "have"],
  ["i", "do", "not", "have"],
  ["i", "have", "no"],
  ["i'm", "missing"],
  ["i", "am", "missing"],
];
/** Words that may close such a sentence: "at all", "data", "columns". */
const LACK_TAILS: ReadonlySet<string> = new Set(["at", "all", "data", "columns", "column", "info", "numbers"]);

/**
 * "I don't have ambience or value for money at all." (fresh537, fresh541, session 74: the asks of the request after
 * it missed): the whole columns the speaker says it lacks — a lead of lacking, one or more attributes joined by
 * "or", "and" or commas, and at most a closing "at all" / "data"; no option, number or anything else. Null otherwise.
 */
export function lackedColumns(s: Sentence, from: number, to: number, state: ParseState): number[] | null {
  const { words } = s;
  const lead = LACKING.find((p) => p.every((w, n) => words[from + n] === w));
  if (lead === undefined) return null;
  const attributes: number[] = [];
  let k = from + lead.length;
  while (k < to) {
    if (attributes.length > 0 && (words[k] === "or" || words[k] === "and")) k++;
    const a = state.attributes.match(words, k);
    if (a === null || attributes.includes(a.index)) break;
    attributes.push(a.index);
    k = a.end;
  }
  while (k < to && LACK_TAILS.has(words[k] as string)) k++;
  return attributes.length > 0 && k === to ? attributes : null;
}

/**
 * Does the request at [from, to) ask for "all N" options, N the task's count ("Could someone fill those in for all
 * three?")? The lacked columns before it are then asked at every option.
 */
export function forAllOptions(s: Sentence, from: number, to: number, state: ParseState): boolean {
  for (let k = from + 1; k < to; k++) {
    if (s.words[k - 1] !== "all") continue;
    const w = s.words[k] as string;
    if ((cue.numberWords.get(w) ?? naturalInteger(w)) === state.task.domain.options.length) return true;
  }
  return false;
}
