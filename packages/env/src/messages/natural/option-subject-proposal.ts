import { negationWord } from "../natural-cues";
import type { Sentence } from "./sentence";

// The option as the subject of the team's choice after "should" (issue 26, session 43; fresh44's "Lady Ashby should be
// charged, I think", "Restaurant D should be where we eat", "Employee E should be the one we report", "Apartment A should
// get our deposit", "Stall B should take the trophy this year", fresh42's "Candidate D should get the offer, to my
// mind"). Read only in three shapes, each of which says the option is chosen: a passive of a verb of choosing, "where
// / who / the one" with the team or the speaker choosing, and a prize the option gets. "Restaurant B should improve",
// "Candidate D should hear back from us" and "Stall A should have sold more" say nothing of a choice.
// Helper h43q (fresh45, fresh46): after any modal of obligation ("ought to", "has to", "needs to", "must"), the shapes
// of chosenByShape: "be our <...>", "be the <noun> we <verb>", "be when we <verb>", a passive of giving with the prize
// ("be handed the contract"), "be held responsible", and the option serving the team ("host our dinner", "feed us").

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

/** The team named as a body after "the" / "our": "when the team meets", "where our group ends up" (helper h44p). */
const TEAM_BODIES: ReadonlySet<string> = new Set(["team", "group", "panel", "committee", "board"]);

/** The end of a chooser at k ("we", "the team", "everyone"), or -1. */
function chooserEnd(words: readonly string[], k: number): number {
  const w = words[k] as string;
  if (CHOOSERS.has(w) || w === "everyone" || w === "everybody") return k + 1;
  return (w === "the" || w === "our") && TEAM_BODIES.has(words[k + 1] as string) ? k + 2 : -1;
}

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

/** Forms of the prize verbs in a relative clause: "who gets the offer", "the one that wins the trophy". */
const PRIZE_VERB_FORMS: ReadonlySet<string> = new Set(["gets", "takes", "wins", "receives", "lands"]);

/**
 * "who gets the offer", "the one who wins the trophy", "who gets hired" at k, closing the clause at close (session 45:
 * helper h44p's fresh50 left "Candidate B has to be who gets the offer"): the option is the one the prize or the
 * choice goes to. The clause's end, or null.
 */
function prizeRelative(words: readonly string[], k: number, close: number): number | null {
  let j = k;
  if (words[j] === "the" && words[j + 1] === "one") j += 2;
  if (words[j] === "who" || words[j] === "that") j++;
  else return null;
  if (!PRIZE_VERB_FORMS.has(words[j] as string)) return null;
  if (words[j] === "gets" && CHOSEN.has(words[j + 1] as string)) return j + 2 === close ? close : null;
  return PRIZE_OWNERS.has(words[j + 1] as string) && PRIZES.has(words[j + 2] as string) && j + 3 === close
    ? close
    : null;
}

/**
 * Modals of obligation after the option (helper h43q; fresh45's "X should be our new home", fresh46's "X ought to be the
 * place we rent", "X has to be our pick", "X must be the one we name"): the length of the modal at j, or 0.
 */
function modalAt(words: readonly string[], j: number): number {
  if (words[j] === "should" || words[j] === "must") return 1;
  // "Apartment D has got to be where we end up" (helper h44p, fresh50)
  if ((words[j] === "has" || words[j] === "have") && words[j + 1] === "got" && words[j + 2] === "to") return 3;
  const to = words[j + 1] === "to";
  return to && (words[j] === "ought" || words[j] === "has" || words[j] === "needs") ? 2 : 0;
}

/** After "be our": what the team keeps in reserve or worries about, no choice ("our backup", "our last resort"). */
const NOT_OUR_CHOICE: ReadonlySet<string> = new Set([
  "backup",
  "fallback",
  "resort",
  "alternative",
  "second",
  "plan",
  "problem",
  "concern",
  "worry",
  "risk",
  "suspect",
]);

/** After "be the" closing the clause: no choice of the option ("the same", "the first to go", "the problem"). */
const NOT_THE_CHOICE: ReadonlySet<string> = new Set(["same", "first", "last", "case", "issue", "exception", "least"]);

/**
 * Participles of giving, before the prize as second object: "X should be handed the contract", "offered the position".
 * Only these: "X should be cleaned the day before" or "X should be told the news" give the option nothing.
 */
const GIVEN: ReadonlySet<string> = new Set([
  "handed",
  "offered",
  "awarded",
  "granted",
  "promised",
  "allotted",
  "allocated",
]);

/**
 * Handing the option over to those who act on the team's choice (session 44: fresh47's "Lord Ashby should be taken into
 * custody", "Employee E must be handed over to the police", fresh48's "Doctor Finch should be placed under arrest",
 * "Employee C must be reported to HR"): a participle of moving someone, an optional "over" / "in", a preposition, then
 * one of these words before the clause ends. "X should be taken to the station for a chat" or "brought in for
 * questioning" hand the option to no one who acts on a choice.
 */
const HANDED_OVER: ReadonlySet<string> = new Set([
  "handed",
  "turned",
  "taken",
  "placed",
  "put",
  "reported",
  "brought",
  "sent",
]);
const HANDED_TO: ReadonlySet<string> = new Set(["to", "into", "under"]);
const AUTHORITIES: ReadonlySet<string> = new Set([
  "police",
  "security",
  "custody",
  "arrest",
  "hr",
  "inspector",
  "authorities",
  "constable",
  "sergeant",
  "detective",
  "guards",
  "management",
]);

/** From k (the participle): is the option handed over to an authority before `close`? */
function handedOver(words: readonly string[], k: number, close: number): boolean {
  if (!HANDED_OVER.has(words[k] as string)) return false;
  const to = words[k + 1] === "over" || words[k + 1] === "in" ? k + 2 : k + 1;
  if (!HANDED_TO.has(words[to] as string)) return false;
  for (let t = to + 1; t < close; t++) if (AUTHORITIES.has(words[t] as string)) return true;
  return false;
}

/** After "be held": the option found to blame ("X should be held responsible"). */
const BLAMED: ReadonlySet<string> = new Set(["responsible", "accountable", "liable"]);

/** Verbs after the modal with the team as their object that do not choose the option: "X should call us back". */
const NOT_SERVING = [
  "tell",
  "call",
  "send",
  "ask",
  "show",
  "contact",
  "email",
  "message",
  "text",
  "phone",
  "writ",
  "remind",
  "inform",
  "updat",
  "let",
  "giv",
  "refund",
  "owe",
  "charg",
  "cost",
  "pay",
  "thank",
  "apolog",
  "impress",
  "disappoint",
  "lower",
  "rais",
  "improv",
  "fix",
];

/** Verbs of a source serving the team, before "the": "X should host the dinner", "X should supply the rice". */
const SERVING: ReadonlySet<string> = new Set(["host", "cater", "serve", "supply", "feed", "stock", "provide", "house"]);

/** Is there a negation or an alternative in from..to ("X should be our home or Y", "should not")? */
function doubted(words: readonly string[], from: number, to: number): boolean {
  for (let t = from; t < to; t++) {
    const w = words[t] as string;
    if (negationWord(w) || w === "or" || w === "nor") return true;
  }
  return false;
}

/**
 * After the modal, at k: the option chosen in the shapes read by helper h43q, the end of the clause, or null:
 * - "be our <...>" (the team's thing): "should be our new home", "has to be our pick";
 * - "be the <one or two words> (that) we / I <verb>": "ought to be the place we rent", "should be the slot we book";
 * - "be when we <verb>": "should be when we talk";
 * - a passive with the prize as second object: "should be handed the contract", "should be offered the position";
 *   "should be held responsible";
 * - the option serving the team: "<verb> our / us" ("should host our dinner", "should feed us on Friday") or a verb
 *   of serving before "the" ("should cater the party", "should supply the rice for the week").
 */
function chosenByShape(s: Sentence, k: number, end: number): number | null {
  const { words } = s;
  const close = clauseEnd(s, k + 1, end);
  if (doubted(words, k, close)) return null;
  if (words[k] === "be") {
    const next = words[k + 1] as string;
    // "Restaurant C must be booked" (after any modal; "should" is read by optionChosen itself)
    if (CHOSEN.has(next) && k + 2 >= close) return close;
    if (handedOver(words, k + 1, close)) return close;
    if (prizeRelative(words, k + 1, close) !== null) return close;
    if (next === "our") {
      for (let t = k + 2; t < close; t++) if (NOT_OUR_CHOICE.has(words[t] as string)) return null;
      return close > k + 2 ? close : null;
    }
    if (next === "the") {
      // "Restaurant A should be the venue", "X should be the place for us": the choice named by one noun, the clause
      // closing on it (no superlative, no reserve: "the cheapest", "the backup")
      const noun = words[k + 2] as string | undefined;
      // "the place for us", and "the spot for Friday's dinner" / "the place for our team lunch" (session 44: the
      // occasion the choice is for, up to the clause's end)
      const forUs = words[k + 3] === "for" ? (words[k + 4] === "us" ? k + 5 : close) : k + 3;
      if (noun !== undefined && /^[a-z]+$/.test(noun) && forUs >= close && !noun.endsWith("est"))
        return NOT_OUR_CHOICE.has(noun) || NOT_THE_CHOICE.has(noun) ? null : close;
      for (let r = k + 3; r <= Math.min(k + 5, close - 2); r++) {
        const at = words[r] === "that" || words[r] === "which" ? r + 1 : r;
        if (!CHOOSERS.has(words[at] as string)) continue;
        const verb = words[at + 1] as string;
        return verb !== undefined && !NOT_CHOOSING.some((stem) => verb.startsWith(stem)) ? close : null;
      }
      return null;
    }
    // "be when / where / who we <verb>" after any modal (session 44: fresh47's "Apartment B has to be where we live",
    // fresh48's "Apartment C needs to be where we end up"; "should" reads these in optionChosen)
    // ("when the team meets", fresh50: the team as a body chooses as "we" does)
    const chooser = next === "when" || next === "where" || next === "who" ? chooserEnd(words, k + 2) : -1;
    if (chooser > 0) {
      const verb = words[chooser] as string | undefined;
      return verb !== undefined && !NOT_CHOOSING.some((stem) => verb.startsWith(stem)) ? close : null;
    }
    if (next === "held" && BLAMED.has(words[k + 2] as string)) return close;
    const object = words[k + 2] === "the" || words[k + 2] === "a" || words[k + 2] === "our";
    return GIVEN.has(next) && object && k + 3 < close ? close : null;
  }
  const verb = words[k] as string | undefined;
  if (verb === undefined || !/^[a-z]+$/.test(verb) || NOT_SERVING.some((stem) => verb.startsWith(stem))) return null;
  if (NOT_CHOOSING.some((stem) => verb.startsWith(stem))) return null;
  const target = words[k + 1];
  if ((target === "our" && k + 2 < close) || target === "us") return close;
  return target === "the" && SERVING.has(verb) && k + 2 < close ? close : null;
}

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
  if (words[j] !== "should") {
    const modal = modalAt(words, j);
    return modal > 0 ? chosenByShape(s, j + modal, end) : null;
  }
  if (PRIZE_VERBS.has(words[j + 1] as string) && PRIZE_OWNERS.has(words[j + 2] as string))
    return PRIZES.has(words[j + 3] as string) ? j + 4 : null;
  if (words[j + 1] !== "be") return chosenByShape(s, j + 1, end);
  const k = j + 2;
  // "Lady Ashby should be charged, I think." (the clause ends with it: not "charged more", "booked out")
  // ("reported to HR" goes on to chosenByShape's hand-over)
  if (CHOSEN.has(words[k] as string)) {
    if (k + 1 >= end || s.separated(k)) return k + 1;
    if (!HANDED_OVER.has(words[k] as string)) return null;
  }
  // "Candidate B should be the one who gets the offer"
  const prized = prizeRelative(words, k, clauseEnd(s, k + 1, end));
  if (prized !== null && !doubted(words, k, prized)) return prized;
  // "Restaurant D should be where we eat", "Employee E should be the one we report", "X should be who we hire"
  const relative =
    words[k] === "where" || words[k] === "who"
      ? k + 1
      : words[k] === "the" && words[k + 1] === "one"
        ? words[k + 2] === "that" || words[k + 2] === "who"
          ? k + 3
          : k + 2
        : null;
  if (relative === null) return chosenByShape(s, j + 1, end);
  if (!CHOOSERS.has(words[relative] as string) || relative + 1 >= end) return null;
  const verb = words[relative + 1] as string;
  if (NOT_CHOOSING.some((stem) => verb.startsWith(stem))) return null;
  // "X should be where we don't go", "X should be where we eat or Y": a negation or an alternative in the clause
  const close = clauseEnd(s, relative + 2, end);
  for (let t = relative + 1; t < close; t++) {
    const w = words[t] as string;
    if (negationWord(w) || w === "or" || w === "nor") return null;
  }
  return close;
}
