import type { Act } from "../act";
import type { PublicTask } from "../../task/task";
import type { NameMatcher } from "../name-matcher";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import { NONE_LEFT, notOneLength } from "./count-phrases";
import { provisoAt } from "./proviso";

/** What of a task the natural parser reads. */
export type NaturalTask = Pick<PublicTask, "domain" | "decision" | "agents" | "levels">;

/** Longest list of names one phrase may join ("food quality, service and ambience of ..."): keeps the scan linear. */
export const MAX_LIST = 12;
/** How far back (in words) a cue before a proposal verb or a pronoun's referent is looked for: keeps the scan linear. */
export const LOOK_BACK = 24;

/** One sentence's tokens and what the parser knows about its clauses. */
export class Sentence {
  /**
   * Where the last span the speaker took back ends ("I said B's size was 3 — that was actually the rent", "X is 0,
   * don't quote me"): its words are gated, but the option it names is still what the talk is about. -1 if none.
   */
  retractedTo = -1;
  /** Per clause-break segment ("..., but ..."), whether an "if" (or "whether", "suppose") stands in it. */
  private readonly conditionalSegments: boolean[] = [false];
  private readonly segmentOf: number[];
  /**
   * `words`, `gate` and `modal` are shared by all sentences of a text (filled here for from..to): gate[i] says a
   * negation or condition comes earlier in i's clause (nothing there is asserted), modal[i] a modal ("could").
   */
  constructor(
    readonly tokens: readonly NaturalToken[],
    readonly words: readonly string[],
    readonly gate: boolean[],
    readonly modal: boolean[],
    readonly from: number,
    readonly to: number,
  ) {
    let gated = false;
    let openChoice = false;
    let modalSeen = false;
    this.segmentOf = new Array<number>(to - from).fill(0);
    // "According to Agent 1, ...", "Per Agent 2, ...", "As Agent 3 reported, ...": the rest of the sentence is
    // someone else's claim, across commas, until a clause break ("but I see ...")
    let reported = false;
    let segment = from;
    // where the clause a retraction takes back starts: the sentence's start, or after its last semicolon
    let clauseFrom = from;
    for (let i = from; i < to; i++) {
      const w = words[i] as string;
      // "If B had 5, I'd pick B; for now I propose C": a semicolon ends a condition's reach as a clause break does
      if (i > from && (tokens[i - 1] as NaturalToken).semicolon === true) {
        if (!cue.clauseBreaks.has(w)) this.conditionalSegments.push(false);
        clauseFrom = i;
        openChoice = false;
      }
      if (cue.clauseBreaks.has(w)) {
        this.conditionalSegments.push(false);
        gated = false;
        openChoice = false;
        modalSeen = false;
        reported = false;
        segment = i;
      }
      // "X is 0, I think, but don't quote me", "..., not sure though", "..., could be wrong": the speaker takes the
      // clause before back
      // "poison bottle probably 2; broken watch could be 1, don't quote me" (fresh57): it reaches back to the last
      // semicolon, which ends the clause it takes back
      if (i > from && retraction(words, i)) {
        for (let k = clauseFrom; k < i; k++) gate[k] = true;
        this.retractedTo = i;
      }
      // "X has rent 2, according to Agent 1", "..., that's Agent 1's number, not mine": a source named after the
      // claim makes what came before it in the clause someone else's word too
      // (where `sourceOpens` says one may open)
      if (i > from && sourceOpens(tokens, words, i, from) && trailingSource(tokens, words, i, to))
        for (let k = segment; k < i; k++) gate[k] = true;
      if (
        reportedLead(words, i, from) ||
        (agentSource(tokens, words, i, from, to) &&
          !cue.contrary.has(words[from] as string) &&
          !correctionLead(tokens, words, from, i))
      )
        reported = true;
      // "...; I can add that ...", "..., actually it has 1": the speaker's own clause after a reported one
      // "**Agent 2's numbers:** ... = 3\n**Mine:** ...": the speaker's own label on a new line
      const broke =
        (tokens[i - 1] as NaturalToken | undefined)?.pause || (tokens[i - 1] as NaturalToken | undefined)?.lineBreak;
      // "Agent 2's figure for Priya (0) lines up with my own: Priya's calendar ... is 0." (fresh200, session 59): the
      // speaker's own value after "mine:" / "my own:" closing a clause
      // ("(not mine):" disowns what follows, fresh307, session 66)
      const ownLabel =
        ((words[i] === "mine" || words[i] === "me") &&
          (tokens[i] as NaturalToken).colon === true &&
          words[i - 1] !== "not") ||
        ((tokens[i - 1] as NaturalToken | undefined)?.colon === true &&
          ((words[i - 1] === "mine" && words[i - 2] !== "not") || (words[i - 1] === "own" && words[i - 2] === "my")));
      if (reported && i > from && broke && (ownClause(words, i) || ownLabel || ownConclusion(words, i, to)))
        reported = false;
      // "...; X's location is 3 according to my data": a clause after a semicolon closed by the speaker's own source
      if (
        reported &&
        i > from &&
        (tokens[i - 1] as NaturalToken).semicolon === true &&
        ownSourceClosing(tokens, words, i, to)
      )
        reported = false;
      if (opensGate(tokens, words, i, from, to)) gated = true;
      // "One of Monday 2pm / Monday 4pm has Dan at 0 and the other at 1 — I've muddled my notes." (a held-out defect,
      // session 59): which one is left open past the pauses of the names' list, to the next clause break
      if (w === "one" && words[i + 1] === "of" && gated) openChoice = true;
      // "Agent 2 said X has ...", "you claimed ...": someone else's claim, not the speaker's
      // ("Building on what Agent 3 said: ..." leads the speaker's own words, as a reaction does)
      if (
        cue.reporting.has(w) &&
        i > from &&
        !selfReport(words, i, from) &&
        !reactionLead(tokens, words, from, i, to)
      ) {
        gated = true;
        // "From what Agent 2 said, ...": a reporting clause that leads the sentence covers all of it
        // ("Contrary to what Agent 1 said, ..." leads the speaker's own claim)
        // "Small correction to what Agent 2 said: ..." leads the speaker's own value
        if (
          (tokens[i] as NaturalToken).pause &&
          !cue.contrary.has(words[from] as string) &&
          !correctionLead(tokens, words, from, i)
        )
          reported = true;
      }
      if (cue.modals.has(w)) modalSeen = true;
      // "unless someone objects" after a proposal leaves it a proposal; "if" anywhere does not
      // "If no one objects, I propose X" is a proposal: the condition is only the team's consent
      // "..., provided the torn glove is his", "..., as long as Carol can make it": a proviso holds it back as "if" does
      const proviso = provisoAt(tokens, words, i, from);
      if (conditionOpens(words, i, from, to, proviso)) {
        this.conditionalSegments[this.conditionalSegments.length - 1] = true;
      }
      this.segmentOf[i - from] = this.conditionalSegments.length - 1;
      gate[i] = gated || reported;
      modal[i] = modalSeen;
      if ((tokens[i] as NaturalToken).pause) {
        gated = openChoice;
        modalSeen = false;
      }
    }
  }
  /**
   * Is the clause around i under a condition other than the team's consent ("If X had ..., I'd pick it")? A
   * condition before a clause break ends there: "If B had ..., I'd pick it, but for now I propose C" proposes C.
   */
  conditionalAt(i: number): boolean {
    // a condition after the clause break still holds back what comes before it: "I'd pick A, but only if ..."
    for (let k = this.segmentOf[i - this.from] ?? 0; k < this.conditionalSegments.length; k++)
      if (this.conditionalSegments[k] === true) return true;
    return false;
  }
  /** Is i the first word of a clause? */
  clauseStart(i: number): boolean {
    return i === this.from || (this.tokens[i - 1] as NaturalToken).pause;
  }
  /** Does a clause or line break follow words[i]? */
  separated(i: number): boolean {
    const t = this.tokens[i] as NaturalToken | undefined;
    return t !== undefined && (t.pause || t.lineBreak);
  }
}

/** Third-person subjects that may stand for an agent named before them. */
const AGENT_PRONOUNS: ReadonlySet<string> = new Set(["they", "he", "she"]);
/** Verbs by which an agent gives a level ("they put X at 3", "she rated it 2"), beside the verbs of saying. */
// "Building on what Agent 3 shared: they had B's food quality at 5." (fresh196, session 61): "had" / "have" too
const GIVING: ReadonlySet<string> = new Set([
  "put",
  "puts",
  "gave",
  "gives",
  "rated",
  "rates",
  "counted",
  "listed",
  "had",
  "have",
  "has",
  "showed",
  "shows",
]);

/**
 * Is words[i] "they" / "he" / "she" reporting ("they put X at 3", "he said ...") after "Agent N" named earlier in
 * the sentence ("Building on Agent 4's point: they put X's service at 3.", fresh191)? The pronoun is the agent; what
 * it gives is that agent's word.
 */
function pronounReport(words: readonly string[], i: number, from: number): boolean {
  if (!AGENT_PRONOUNS.has(words[i] as string)) return false;
  // "They also said ..." (fresh219, session 62): an adverb between the pronoun and its verb
  const verb = (REPORT_ADVERBS.has(words[i + 1] as string) ? words[i + 2] : words[i + 1]) as string;
  if (!cue.reporting.has(verb) && !GIVING.has(verb)) return false;
  // "... Agent 3's numbers for B look off to me. They gave B's ambience a 2; ..." (fresh219, session 62): "they" with
  // a verb of saying or giving (not of holding: "she has 1" may be a person's own level) after an agent named in an
  // earlier sentence is that agent too
  const back = words[i] === "they" && !HOLDING.has(verb) ? Math.max(0, i - LOOK_BACK_WORDS) : from;
  for (let k = back; k < i; k++) if (words[k] === "agent" && naturalInteger(words[k + 1]) !== null) return true;
  return false;
}

/** Adverbs between "they" and a verb of saying: "they also said", "she earlier gave". */
const REPORT_ADVERBS: ReadonlySet<string> = new Set([
  "also",
  "then",
  "just",
  "earlier",
  "previously",
  "already",
  "originally",
]);
/** Verbs of holding among GIVING: "they have", "she has" may state a person's own level, never a report. */
const HOLDING: ReadonlySet<string> = new Set(["had", "have", "has"]);
/** How far back, in words, "they" looks for an agent named in an earlier sentence. */
const LOOK_BACK_WORDS = 60;

/** Does a lead-in that reports someone else's claim start at i ("according to Agent 1", "per Agent 2", "as Agent 3 said")? */
function reportedLead(words: readonly string[], i: number, from: number): boolean {
  if (pronounReport(words, i, from)) return true;
  const w = words[i];
  const next = words[i + 1] as string | undefined;
  if (w === "according" && next === "to") {
    const whose = words[i + 2];
    return !(whose === "me" || whose === "my" || whose === "our" || whose === "us");
  }
  if ((w === "per" || w === "as") && (next === "agent" || next === "you")) return true;
  // "If Agent 1 is right, ...": a claim taken on someone else's word
  if (w === "if" && (next === "agent" || next === "you" || next === "they")) return true;
  return false;
}

/**
 * Does another agent named at i stand as the source of what follows ("I heard from Agent 1 that ...", "Going by
 * Agent 3's count, ...", "Agent 3 seems to think ...", "Word from Agent 2 is ...", "your numbers")? Precision
 * first: any "Agent N" in a declarative clause is someone else's word, except where it only addresses the agent
 * ("Agent 2, ...", "Question for Agent 3:", "Thanks Agent 1"), answers its question ("To answer Agent 3's
 * question: ...") or names the speaker ("Agent 3 here", "As Agent 2, I ...").
 */
function agentSource(
  tokens: readonly NaturalToken[],
  words: readonly string[],
  i: number,
  from: number,
  to: number,
): boolean {
  const w = words[i];
  if (
    (w === "your" || w === "their" || w === "his" || w === "her") &&
    cue.correctionSources.has(words[i + 1] as string)
  )
    return true;
  // "Agents 1 and 4 both flagged ..." (fresh212, session 61): several agents are someone else's word too
  if ((w !== "agent" && w !== "agents") || naturalInteger(words[i + 1]) === null) return false;
  const prev = words[i - 1] as string | undefined;
  const next = words[i + 2] as string | undefined;
  const paused = (tokens[i + 1] as NaturalToken).pause || (tokens[i + 1] as NaturalToken).stop;
  // "- Agent 1: X's technical skill = 4" (a list of who said what): a label "Agent N:" over a level is that agent's
  // word ("Agent 2: any onions on Shelf A?", "Agent 2: X's Y, please." still put a question to it)
  if (i === from && (tokens[i + 1] as NaturalToken).colon === true && labelledLevel(tokens, words, i + 2, to))
    return true;
  // "Tallying the claims so far (not mine): Agent 1 → C food quality 4, Agent 2 → C service 3" (fresh307, session 66:
  // three wrong acts): such labels listed after a lead's colon, each set off by a colon or an arrow
  if (agentLabelListed(tokens, words, from, i) && labelledLevel(tokens, words, i + 2, to)) return true;
  // "Agent 2, what's ...", "Not quite, Agent 1: ...", "Agent 3 here", "As Agent 2, I see ..."
  if ((i === from || (tokens[i - 1] as NaturalToken).pause) && paused) return false;
  if (next === "here" || (prev === "as" && paused && cue.selves.has(next ?? ""))) return false;
  // "Thanks Agent 3 — so Stall D is +2 on cakes sold" (fresh137): what the thanked agent said, restated
  if (prev !== undefined && cue.thanks.has(prev) && paused && next === "so" && !OWN_SUBJECTS.has(words[i + 3] ?? ""))
    return true;
  // "Question for Agent 3:", "Thanks Agent 1", "I'd like to ask Agent 2"
  if (prev !== undefined && (cue.addressLeads.has(prev) || cue.thanks.has(prev) || cue.addressing.has(prev)))
    return words[i - 2] === "according";
  // "Building on Agent 3's note about the decor: I'd give ...", "Good catch on Employee A, Agent 3 — ..." (fresh137):
  // a reaction that opens the sentence names the agent; what follows its pause is the speaker's own
  if (reactionLead(tokens, words, from, i, to)) return false;
  // answering the agent's question: "To answer Agent 3's question", "Agent 2 asked about ..."
  if (prev === "answer" || prev === "answering" || prev === "re" || prev === "correct" || prev === "correcting")
    return false;
  if (next === "asked" || next === "asks" || next === "wanted" || next === "wants") return false;
  // "I'd like Agent 3 to tell us ..." (fresh157): the agent the speaker asks to act
  if (next === "to" && (prev === "like" || prev === "need" || prev === "want")) return false;
  if (next === "'s" && (words[i + 3] === "question" || words[i + 3] === "ask")) return false;
  return true;
}

/** Is "Agent N" at i a label set off by a colon or a dash in a list after a lead's colon (or after such a label)? */
function agentLabelListed(tokens: readonly NaturalToken[], words: readonly string[], from: number, i: number): boolean {
  const label = (k: number) => (tokens[k + 1] as NaturalToken).colon === true || tokens[k + 1]?.dash === true;
  if (i <= from || !label(i)) return false;
  const before = tokens[i - 1] as NaturalToken;
  // "Recap of others' numbers — Agent 1: C's service 1; ..." (fresh415, session 69: a wrong act): a lead closed by a
  // dash as by a colon
  if (before.colon === true || before.dash === true) return true;
  if (!before.pause) return false;
  for (let k = from; k < i - 1; k++)
    if (words[k] === "agent" && naturalInteger(words[k + 1]) !== null && label(k)) return true;
  return false;
}

/** First-person words that make a conclusion the speaker's own. */
const FIRST_PERSON: ReadonlySet<string> = new Set([
  "i",
  "i'd",
  "i'll",
  "i'm",
  "i've",
  "my",
  "me",
  "let's",
  "we",
  "we'll",
]);

/**
 * Does a conclusion of the speaker's own open at i after a reported clause ("Per Agent 1, X works for all, so I vote
 * X", "..., so unless someone objects, X is my pick", fresh137): "so" and a first-person word before the sentence's
 * end?
 */
function ownConclusion(words: readonly string[], i: number, to: number): boolean {
  if (words[i] !== "so") return false;
  for (let k = i + 1; k < to; k++) if (FIRST_PERSON.has(words[k] as string)) return true;
  return false;
}

/** Subjects after "Thanks Agent N — so" that make it the speaker's own ("so I'll ...", "so we ..."). */
const OWN_SUBJECTS = new Set(["i", "i'll", "i'd", "i'm", "we", "we'll", "we're", "let's", "my", "our"]);

/** Reactions that open a sentence before the speaker's own words: "Building on", "Good catch on", "Adding to". */
const REACTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["building", new Set(["on"])],
  ["adding", new Set(["to"])],
  ["good", new Set(["catch", "point", "call"])],
  ["great", new Set(["catch", "point", "call"])],
  ["nice", new Set(["catch", "point"])],
]);

/**
 * Is the "Agent N" at i inside a reaction that opens the sentence ("Building on Agent 1's point:", "Good catch on
 * Monday 9am, Agent 3 —", fresh137), the reaction's first pause after the agent a colon or a dash?
 */
function reactionLead(
  tokens: readonly NaturalToken[],
  words: readonly string[],
  from: number,
  i: number,
  to: number,
): boolean {
  if (REACTIONS.get(words[from] as string)?.has(words[from + 1] as string) !== true) return false;
  for (let k = from; k < i; k++)
    if ((tokens[k] as NaturalToken).pause || (tokens[k] as NaturalToken).stop) return false;
  // the lead ends at a colon or a dash, never in parentheses: "Building on Agent 3's point, X has 2" (fresh10) and
  // "Building on Agent 2's note (X is 3), I can add ..." (fresh22) may still restate the agent's words
  for (let k = i; k < to && k < i + 12; k++) {
    const t = tokens[k] as NaturalToken;
    if (t.aside) return false;
    if (t.pause) return t.colon === true || t.dash === true;
  }
  return false;
}

/** Does the clause from i state a number and no question or request ("X's technical skill = 4")? */
function labelledLevel(tokens: readonly NaturalToken[], words: readonly string[], i: number, to: number): boolean {
  if ((tokens[to - 1] as NaturalToken).question) return false;
  let level = false;
  for (let k = i; k < to; k++) {
    const w = words[k] as string;
    if (w === "please" || w === "pls" || w === "you") return false;
    if (naturalInteger(w) !== null) level = true;
  }
  return level;
}

/** Words of a correction's lead: "Small correction to what Agent 2 said: ...", "Fixing what Agent 1 wrote: ...". */
const CORRECTING = new Set(["correction", "correct", "correcting", "fix", "fixing", "amending", "amend"]);

/**
 * Does a correction word stand in from..i (before a reporting verb that then leads the speaker's own value: "Small
 * correction to what Agent 2 said: ...")? Not when a colon stands between them: in "**Correction:** Agent 1 listed X
 * as 2, but my view shows 0" (fresh63) the claim after the label is Agent 1's.
 */
function correctionLead(tokens: readonly NaturalToken[], words: readonly string[], from: number, i: number): boolean {
  let lead = false;
  for (let k = from; k < i; k++) {
    if (CORRECTING.has(words[k] as string)) lead = (tokens[k] as NaturalToken).colon !== true;
    else if (lead && (tokens[k - 1] as NaturalToken).colon === true) lead = false;
  }
  return lead;
}

/** "on my side", "from my end": the speaker's own clause. */
const OWN_PLACES = new Set(["side", "end", "part"]);

/** Subjects after a subjunctive "were" ("were it 5", "if they were"): then it is a condition. */
const WERE_SUBJECTS = new Set(["it", "they", "i", "we", "he", "she", "you", "there", "that", "this"]);

/**
 * Is the "were" at i a plain past tense ("X's raffle tickets were +1") rather than a condition ("Were it 5, ...",
 * "if it were 5")? A "were" opening its clause, or followed by a subject, is a condition.
 */
export function pastWere(tokens: readonly NaturalToken[], words: readonly string[], i: number, from: number): boolean {
  if (words[i] !== "were") return false;
  if (i === from || (tokens[i - 1] as NaturalToken).pause) return false;
  return !WERE_SUBJECTS.has(words[i + 1] as string) && !WERE_SUBJECTS.has(words[i - 1] as string);
}

/** Words that open a source named after a claim, with or without a pause before them. */
// "..., and 2 for service from Agent 2": "from" with no pause before the agent (trailingSource wants "Agent N" next;
// not after a request: "I'd like to hear from Agent 2 on X's Y" puts it to the agent)
const SOURCE_LEADS = new Set(["per", "according", "via", "from", "if", "assuming", "provided"]);

/** Does a retraction of what came before end at i ("don't quote me", "not sure", "could be wrong")? */
/** Nouns of a slip: "that was a typo", "that was a mistake". */
const SLIPS = new Set(["typo", "mistake", "slip", "misread", "misprint"]);

/** Words that call the clause before hearsay: "that's second-hand", "it's hearsay". */
const SECOND_HAND = new Set(["second-hand", "secondhand", "hearsay"]);
const HEARSAY_SUBJECTS = new Set(["'s", "that's", "it's", "is", "was", "only", "just", "purely", "all"]);

function retraction(words: readonly string[], i: number): boolean {
  const w = words[i];
  const prev = words[i - 1] as string;
  if (w === "quote" && (prev === "don't" || prev === "dont" || prev === "not")) return true;
  // "..., don't hold me to it" (fresh22)
  if (w === "hold" && (prev === "don't" || prev === "dont") && words[i + 1] === "me" && words[i + 2] === "to")
    return true;
  if ((w === "sure" || w === "certain" || w === "positive") && (prev === "not" || prev === "unsure")) return true;
  // "I said B's size was 3 — that was actually the rent" (fresh86): the clause before taken back as a slip
  if (w === "was" && prev === "that") {
    const next = words[i + 1] as string;
    return (
      next === "actually" ||
      next === "wrong" ||
      next === "incorrect" ||
      (next === "a" && SLIPS.has(words[i + 2] as string))
    );
  }
  // "..., but I wouldn't put weight on it" (a held-out defect, session 59): the speaker disowns the figure
  if (w === "weight" && words.slice(Math.max(0, i - 4), i).some((x) => x.endsWith("n't")) && words[i - 1] !== "the")
    return words.slice(Math.max(0, i - 3), i).includes("put");
  // "C's service is 2, or so I heard — that's second-hand." (a held-out defect, session 59): hearsay, said so
  if (SECOND_HAND.has(w as string) && HEARSAY_SUBJECTS.has(prev)) return true;
  if (w === "hand" && prev === "second" && HEARSAY_SUBJECTS.has(words[i - 2] as string)) return true;
  // "..., though I might be off." (seen in session 56): "off" as "wrong" after a modal "be"
  return (w === "wrong" || w === "mistaken" || w === "off") && prev === "be" && cue.modals.has(words[i - 2] as string);
}

/**
 * May a source named after a claim open at i: after a pause, in parentheses, led by "per" / "according to" / "via"
 * mid-clause ("X is 5 per Agent 1's notes"), or "as <verb> by Agent N" with no pause before it ("With Finch's poison
 * bottle at 3 as posted by Agent 3, ...", fresh485, session 71: a wrong act)?
 */
function sourceOpens(tokens: readonly NaturalToken[], words: readonly string[], i: number, from: number): boolean {
  return (
    (tokens[i - 1] as NaturalToken | undefined)?.pause === true ||
    (tokens[i] as NaturalToken).aside ||
    (SOURCE_LEADS.has(words[i] as string) && !(words[i] === "from" && requestedFrom(words, i + 1, from))) ||
    (words[i] === "as" && words[i + 2] === "by" && words[i + 3] === "agent") ||
    // "C plants 0 is agent 3 number, not mine." (fresh513, session 73: a wrong act): "is" after the level, naming
    // whose it is
    (words[i] === "is" && words[i + 1] === "agent" && naturalInteger(words[i - 1]) !== null)
  );
}

/** Verbs of a source named after a claim beyond the reporting ones: "..., Agent 2 tells me". */
const TELLING = new Set(["tells", "wrote", "writes", "posted", "noted", "notes", "insists", "reckons", "figures"]);

/** Nouns for what a source said: "that's Agent 1's number", "(Agent 2's figure)". */
const SOURCE_NOUNS = new Set(["number", "figure", "claim", "word", "words", "estimate", "reading", "value", "report"]);

/**
 * Does a clause at i (after a pause, or in parentheses) name another agent as the source of the clause before it ("according to
 * Agent 1", "per Agent 2", "via Agent 3", "as Agent 2 said", "that's Agent 1's number", "Agent 3 said so")? Only
 * when the clause states no level of its own ("..., Agent 2 said 5" may be a disagreement).
 */
function trailingSource(tokens: readonly NaturalToken[], words: readonly string[], i: number, to: number): boolean {
  let end = i;
  while (end < to && end < i + 10 && !(tokens[end] as NaturalToken).pause) end++;
  for (let k = i; k <= end && k < to; k++)
    if (naturalInteger(words[k]) !== null && words[k - 1] !== "agent") return false;
  const w = words[i];
  const next = words[i + 1];
  const agentAt = (k: number) => words[k] === "agent" && naturalInteger(words[k + 1]) !== null;
  if (w === "according" && next === "to") return agentAt(i + 2) || words[i + 2] === "them";
  if ((w === "per" || w === "via" || w === "from") && agentAt(i + 1)) return true;
  // "X has 5 if Agent 3 is to be believed", "... assuming Agent 1 is right": on someone else's word
  if ((w === "if" || w === "assuming" || w === "provided") && agentAt(i + 1)) return true;
  // "- Doctor Finch — poison bottle: 3 (Agent 1)" (fresh216, session 62): the agent alone in parentheses right after
  // a level is where the figure came from
  if (
    agentAt(i) &&
    (tokens[i] as NaturalToken).aside &&
    !(tokens[i - 1] as NaturalToken | undefined)?.aside &&
    !(tokens[i + 2] as NaturalToken | undefined)?.aside &&
    naturalInteger(words[i - 1]) !== null
  )
    return true;
  // "- Employee E — phone records: 1 (Agent 3's, not mine)" (fresh504, session 72: a wrong act): the agent's own,
  // alone in parentheses or with "not mine" after it
  if (
    agentAt(i) &&
    words[i + 2] === "'s" &&
    (tokens[i] as NaturalToken).aside &&
    !(tokens[i - 1] as NaturalToken | undefined)?.aside &&
    naturalInteger(words[i - 1]) !== null &&
    (!(tokens[i + 3] as NaturalToken | undefined)?.aside || (words[i + 3] === "not" && words[i + 4] === "mine"))
  )
    return true;
  for (let k = i; k < Math.min(end, i + 6); k++) {
    if (!agentAt(k)) continue;
    // "that came from Agent 3", "as reported by Agent 3", "..., says Agent 2"
    if (k > i && (words[k - 1] === "from" || words[k - 1] === "by")) return true;
    if (k > i && (cue.reporting.has(words[k - 1] as string) || TELLING.has(words[k - 1] as string))) return true;
    const after = words[k + 2] as string;
    if (after === "'s" && SOURCE_NOUNS.has(words[k + 3] as string)) return true;
    // "is agent 3 number" (fresh513): the possessive left out
    if (SOURCE_NOUNS.has(after) && words[k - 1] === "is") return true;
    if (cue.reporting.has(after) || TELLING.has(after)) return true;
    if (after === "'s" && cue.correctionSources.has(words[k + 3] as string)) return true;
  }
  return false;
}

/** Does the clause from i end with the speaker's own source ("according to my data", "per my notes"), no agent in it? */
function ownSourceClosing(tokens: readonly NaturalToken[], words: readonly string[], i: number, to: number): boolean {
  let end = i;
  while (end < to - 1 && !(tokens[end] as NaturalToken).pause) end++;
  for (let k = i; k <= end; k++) if (words[k] === "agent" || words[k] === "you" || words[k] === "your") return false;
  const noun = words[end] as string;
  const owner = words[end - 1];
  const lead = words[end - 2];
  if (!(owner === "my" || owner === "our")) return false;
  // "...; X's service is 2 on my end", "from my side" (fresh38): the speaker's own place as the source
  if ((lead === "on" || lead === "from") && OWN_PLACES.has(noun) && noun !== "part") return true;
  if (!cue.correctionSources.has(noun)) return false;
  return (lead === "to" && words[end - 3] === "according") || lead === "per" || lead === "by" || lead === "in";
}

/** Verbs of what the speaker holds: "what I hold is", "what I have is", "what we see is". */
const OWN_HOLDS = new Set(["hold", "have", "see", "show", "count", "know"]);

/** Does the speaker's own clause start at i ("actually ...", "I see ...", "I can add ...", "my notes say ...", "in my view ...")? */
function ownClause(words: readonly string[], at: number): boolean {
  // ", and I also have ...", ", so my notes say ..."
  const i = words[at] === "and" || words[at] === "so" ? at + 1 : at;
  const w = words[i];
  const next = words[i + 1] as string;
  if (w === "actually" || (w === "in" && next === "my")) return true;
  // ", and what I hold is X's Y at 2" (fresh30), "what we have is ...": the speaker's own holding named as such
  if (w === "what" && (next === "i" || next === "we") && OWN_HOLDS.has(words[i + 2] as string) && words[i + 3] === "is")
    return true;
  // "; in truth it's 3", "; in fact it's 2"
  if (w === "in" && (next === "truth" || next === "fact")) return true;
  // "; for my part, ...", "; for my own part, ..."
  if (w === "for" && next === "my" && (words[i + 2] === "part" || (words[i + 2] === "own" && words[i + 3] === "part")))
    return true;
  // "...; on my side, ...", "from my end, ..."
  if ((w === "on" || w === "from") && (next === "my" || next === "our") && OWN_PLACES.has(words[i + 2] as string))
    return true;
  // ", and from my notes X's Y is 4", "; per my records ..."
  if (
    (w === "from" || w === "per" || w === "by") &&
    (next === "my" || next === "our") &&
    cue.correctionSources.has(words[i + 2] as string)
  )
    return true;
  // "Agent 2 has X's experience wrong: it's 5"
  const before = words[i - 1];
  if (w === "it" && (before === "wrong" || before === "incorrect" || before === "mistaken")) return true;
  if (w === "i" || w === "we")
    return cue.correctionVerbs.has(next) || next === "can" || next === "only" || next === "also" || next === "myself";
  // "; I'm seeing 2"
  if ((w === "i'm" || w === "im") && (next === "seeing" || next === "getting" || next === "reading")) return true;
  // "Per Agent 2, ...; I've got Omar at 2 for that slot" (fresh153)
  if ((w === "i've" || w === "ive") && next === "got") return true;
  // "...; mine shows 2", "— I'd correct that to 2"
  if (w === "mine") return cue.correctionVerbs.has(next) || next === "is";
  if ((w === "i'd" || w === "id") && next === "correct") return true;
  return (w === "my" || w === "our") && (cue.correctionSources.has(next) || next === "own");
}

/** Words of a closing clause that only asks the team's consent: "if you all agree", "unless anyone objects". */
const CONSENT_WORDS = new Set([
  "if",
  "unless",
  "assuming",
  "provided",
  "you",
  "all",
  "everyone",
  "everybody",
  "anyone",
  "anybody",
  "someone",
  "somebody",
  "nobody",
  "no",
  "one",
  "the",
  "team",
  "rest",
  "of",
  "is",
  "are",
  "fine",
  "okay",
  "ok",
  "good",
  "with",
  "it",
  "that",
  "this",
  // "assuming nobody has a red flag on it" (fresh154)
  "red",
  "on",
  // "unless anyone has a strong objection" (fresh53)
  "has",
  "have",
  "a",
  "an",
  "any",
  "strong",
  "serious",
  "real",
  "major",
]);

/**
 * Where a closing clause that only asks the team's consent starts in from..to ("The prize goes to Stall A, if you all
 * agree", fresh37): after the last pause, an "if" / "unless" / "assuming" of CONSENT_WORDS and one consent verb
 * (naturalCues.consent). `to` when there is none.
 */
export function consentTail(s: Sentence, from: number, to: number): number {
  let start = to;
  for (let k = to - 1; k > from; k--)
    if (s.separated(k - 1)) {
      start = k;
      break;
    }
  if (start === to) return to;
  const lead = s.words[start] as string;
  if (!(lead === "if" || lead === "unless" || lead === "assuming" || lead === "provided")) return to;
  let consent = 0;
  for (let k = start + 1; k < to; k++) {
    const w = s.words[k] as string;
    if (cue.consent.has(w)) consent++;
    else if (!CONSENT_WORDS.has(w)) return to;
  }
  return consent === 1 ? start : to;
}

/** Verbs after which "if" asks whether ("happy to hear if anyone sees it otherwise", "let me know if"): no condition. */
const HEARING = new Set(["hear", "know", "wonder", "wondering", "ask", "asking", "check"]);

/**
 * Is the "if" at i an indirect question after a verb of hearing or knowing ("I'd recommend C, though I'm happy to
 * hear if anyone sees something that changes the picture", fresh61)? It holds no choice back.
 */
function hearIf(words: readonly string[], i: number): boolean {
  return words[i] === "if" && HEARING.has(words[i - 1] as string);
}

/**
 * Is the negation at i a count of none, no denial (fresh40): "not a single onion", "not one apple", "no rice bags
 * left"? The count reader (count-phrases.ts) still asks for the counted attribute right after it.
 */
function countNone(tokens: readonly NaturalToken[], words: readonly string[], i: number): boolean {
  if (words[i] === "not") return notOneLength(words, i) > 0;
  if (words[i] !== "no" || (tokens[i] as NaturalToken).pause) return false;
  for (let k = i + 1; k <= i + 3; k++) {
    if (NONE_LEFT.has(words[k] as string)) return true;
    // "- no onions at all" (fresh56)
    if (words[k] === "all" && words[k - 1] === "at") return true;
    if ((tokens[k] as NaturalToken | undefined)?.pause !== false) return false;
  }
  return false;
}

/**
 * The team's assent closing a condition ("if the rest of you are", "if you all are in", "if everyone's on board"): a
 * body of the team, "are" / "is", then at most "in", "on board", "happy" or "okay" (fresh52: "I'm happy to commit to
 * Apartment C if the rest of you are").
 */
const TEAM_ASSENT: readonly (readonly string[])[] = [
  ["the", "rest", "of", "you", "are"],
  ["you", "all", "are"],
  ["you're", "all"],
  ["everyone", "is"],
  ["everyone", "'s"],
  ["everybody", "is"],
  ["everybody", "'s"],
  ["the", "team", "is"],
  ["the", "group", "is"],
];
/** What may follow the team's "are" / "is" in its assent: "in", "on board", "happy", "okay", "fine", "too". */
const ASSENT_TAILS: readonly (readonly string[])[] = [
  [],
  ["in"],
  ["on", "board"],
  ["happy"],
  ["okay"],
  ["ok"],
  ["fine"],
  ["too"],
  ["in", "too"],
];

/** Is the wish at i the speaker's own ("I want to", "we're planning to", "I'd want to"), in its clause? */
function ownWish(tokens: readonly NaturalToken[], words: readonly string[], i: number, from: number): boolean {
  for (let k = i - 1; k >= from && k >= i - 4 && !(tokens[k] as NaturalToken).pause; k--)
    if (cue.speakers.has(words[k] as string)) return true;
  return false;
}

/** Verbs of a hope or a plan before "to": what follows is not yet so. */
const WISHES = new Set([
  "hoping",
  "hopes",
  "hope",
  "hoped",
  "wants",
  "want",
  "wanted",
  "wishes",
  "wish",
  "expects",
  "expecting",
  "expected",
  "plans",
  "planning",
  "planned",
  "aims",
  "aiming",
  "trying",
  "tries",
  "intends",
  "intending",
  // "Stall B got a chance to sell two cakes" (session 44): a chance is not a sale
  "chance",
  "opportunity",
]);

/**
 * Verbs of saying after "want to": "I want to confirm", "I'd like to note" state what follows; and of asking: "I want to
 * know about X's Y" asks it.
 */
const SAYINGS = new Set([
  "confirm",
  "say",
  "note",
  "add",
  "flag",
  "share",
  "report",
  "mention",
  "point",
  "clarify",
  "stress",
  "highlight",
  "repeat",
  "correct",
  "update",
  "know",
  "hear",
  "learn",
  "ask",
  "check",
  "find",
  "see",
  "understand",
]);

/** After "if nobody has anything": what no one has that leaves the choice to stand. */
const NEWS = new Set(["new", "else", "further", "more", "different"]);

/** Is the "if" at i only the team's consent ("if no one objects", "if nobody disagrees", "if everyone agrees")? */
function consentCondition(words: readonly string[], i: number, to: number): boolean {
  for (let k = i + 1; k < Math.min(to, i + 6); k++) if (cue.consent.has(words[k] as string)) return true;
  // "If nobody has anything new, I say we book X" (fresh92): no news from the team is its consent
  const who = words[i + 1] === "no" && words[i + 2] === "one" ? i + 3 : i + 2;
  if (
    (words[i + 1] === "nobody" || who === i + 3) &&
    (words[who] === "has" || words[who] === "brings") &&
    words[who + 1] === "anything" &&
    NEWS.has(words[who + 2] as string)
  )
    return true;
  // "if the rest of you are", "if everyone's on board": the team's assent and nothing else up to the sentence's end
  for (const body of TEAM_ASSENT) {
    if (!body.every((w, n) => words[i + 1 + n] === w)) continue;
    const at = i + 1 + body.length;
    return ASSENT_TAILS.some((tail) => at + tail.length === to && tail.every((w, n) => words[at + n] === w));
  }
  return false;
}

/** Is the reporting verb at i the speaker's own ("I said", "my notes say", "my own data says")? */
function selfReport(words: readonly string[], i: number, from: number): boolean {
  // "I said", "Mine say ..."
  if (cue.selves.has(words[i - 1] as string) || words[i - 1] === "mine") return true;
  for (let b = i - 2; b >= Math.max(from, i - 3); b--) if (words[b] === "my" || words[b] === "our") return true;
  return false;
}

/** Past verbs of an entry the listener made: "you put X at 5", "you listed X as 2", "your recap gave X 4". */
const ENTRY_VERBS: ReadonlySet<string> = new Set([
  "put",
  "listed",
  "rated",
  "gave",
  "posted",
  "wrote",
  "marked",
  "logged",
  "recorded",
  "entered",
  "typed",
  "scored",
]);

/**
 * Does a clause of the speaker's own earlier entry open at k ("I typed a 1", "I wrote 4", "we had 2")? The old value
 * of a correction, never the speaker's value now.
 */
export function ownEntryOpens(words: readonly string[], k: number): boolean {
  const verb = words[k + 1] as string;
  return (words[k] === "i" || words[k] === "we") && (ENTRY_VERBS.has(verb) || verb === "had" || verb === "said");
}

/**
 * An entry made before the speaker's word now: the speaker's own earlier value (`earlierOwn`), or the listener's
 * ("You put D's leadership at 5; ...", fresh175: their claim, as "you said" is).
 */
function enteredBefore(words: readonly string[], i: number, from: number, to: number): boolean {
  return earlierOwn(words, i, from, to) || yourEntry(words, i, from);
}

/**
 * Is words[i] a past verb of the listener's entry, right after "you" or after "your <noun>", or of another agent's
 * ("Agent 4 gave me F's location as 2 earlier", fresh292, session 65: a wrong act under "What I have:")?
 */
function yourEntry(words: readonly string[], i: number, from: number): boolean {
  if (!ENTRY_VERBS.has(words[i] as string)) return false;
  const agent = i - 2 >= from && words[i - 2] === "agent" && /^\d{1,2}$/.test(words[i - 1] as string);
  return agent || (i - 1 >= from && words[i - 1] === "you") || (i - 2 >= from && words[i - 2] === "your");
}

/** What the parser carries from one sentence of a text to the next. */
export interface ParseState {
  task: NaturalTask;
  options: NameMatcher;
  attributes: NameMatcher;
  /** The option a heading line ("For Restaurant A:") names, for the list lines under it. */
  context: number | null;
  /** The one option the last sentence spoke about, for "it" and "its". */
  subject: number | null;
  /** The one option the last sentence named, acts or not, for "there" ("What's Lena's calendar there?"). */
  place?: number | null;
  /** The one option the sentence before proposed, which a pointer after it ("That's my vote.") only restates. */
  proposed?: number | null;
  /**
   * The one option the talk is about, for a clause of an attribute and a level that names none ("Let's go with
   * Candidate D. Technical skill: 5."): the option the sentence before named or spoke about, kept over sentences
   * that share only its cells; null after a sentence that names several or none.
   */
  carried?: number | null;
  /**
   * Reads a clause's text alone, as a message of one sentence (parseNatural's sentence reader without tables or
   * structured values, and without this field: no deeper), for `clauseSplit`; null when it refuses the text.
   */
  clauseActs?: (text: string, context?: Pick<ParseState, "subject" | "carried" | "place">) => Act[] | null;
}

/**
 * The shares `state.clauseActs` reads in `text` (a span of the sentence read again, without an aside, a tail or a
 * noun), or null where it reads none.
 */
export function sharesReadAgain(state: ParseState, text: string): Act[] | null {
  const shares = (state.clauseActs?.(text) ?? []).filter((a) => a.kind === "share");
  return shares.length > 0 ? shares : null;
}

/** Possessives of a person: "her torn glove", "his experience", "their teamwork". */
const PERSON_POSSESSIVES: ReadonlySet<string> = new Set(["her", "his", "their"]);
/** Option nouns of tasks whose options are people (candidates, suspects, employees). */
const PEOPLE: ReadonlySet<string> = new Set(["candidate", "suspect", "employee"]);

/** A matcher of names in words (`state.options.match`, `state.attributes.match`). */
type NameMatch = (words: readonly string[], k: number) => { end: number } | null;

/**
 * Does a name that `match` reads close right before k, within four words, at a label's colon (or, with `dash`, a
 * dash): "Apartment D: no data", "raffle tickets = -1" ("=" labels as a colon does)?
 */
export function labelledNameBefore(s: Sentence, k: number, match: NameMatch, dash = false): boolean {
  if (k <= s.from) return false;
  const label = s.tokens[k - 1] as NaturalToken;
  if (label.colon !== true && !(dash && label.dash === true)) return false;
  for (let j = Math.max(s.from, k - 4); j < k; j++) if (match(s.words, j)?.end === k) return true;
  return false;
}
/** Are the task's options people, whom "her" / "his" / "their" / "he" / "she" can point to? */
export function peopleOptions(state: ParseState): boolean {
  return PEOPLE.has(state.task.domain.optionNoun);
}

/** Is w "her" / "his" / "their" in a task whose options are people, so that it points to an option as "its" does? */
export function personPossessive(w: string, state: ParseState): boolean {
  return PERSON_POSSESSIVES.has(w) && peopleOptions(state);
}

/** The one option named in the sentence within LOOK_BACK words before i (null when none or several). */
export function onlyOptionBefore(s: Sentence, i: number, state: ParseState): number | null {
  let named: number | null = null;
  for (let k = Math.max(s.from, i - LOOK_BACK); k < i; k++) {
    const option = state.options.match(s.words, k);
    if (option === null) continue;
    if (named !== null && named !== option.index) return null;
    named = option.index;
    k = option.end - 1;
  }
  return named;
}

/** Words after "I had" that make it no earlier record of a value: "I had to check", "I had a look", "I had been". */
const NOT_RECORDED = new Set(["to", "a", "an", "no", "some", "been", "just", "another", "one", "time", "trouble"]);

/**
 * Is words[i] the "had" of the speaker's earlier record ("I had Stall B's plants sold at 2", "we had X as 1"): what
 * follows in the clause is the value the speaker held before, not one stated now (every such clause in the corpus
 * is the old value of a correction).
 */
function earlierOwn(words: readonly string[], i: number, from: number, to: number): boolean {
  // "I'd put X at 2, but on rechecking it's 1" (fresh126): "I'd" as "I had", where a "but" takes it back
  if ((words[i] === "i'd" || words[i] === "we'd") && ENTERED.has(words[i + 1] as string)) {
    const but = words.indexOf("but", i + 2);
    return but >= 0 && but < to && words.slice(but + 1, but + 5).some((w) => TAKEN_BACK.has(w));
  }
  if (words[i] !== "had" || i === from) return false;
  const who = words[i - 1];
  return (who === "i" || who === "we") && !NOT_RECORDED.has(words[i + 1] as string);
}

/** After "but", words of the same cell's value restated: "but on rechecking it's 1", "but actually 1". */
const TAKEN_BACK: ReadonlySet<string> = new Set(["it", "it's", "its", "actually", "really", "rechecking", "recheck"]);

/** Verbs of a value the speaker entered earlier: "I'd put", "I'd listed", "I'd written". */
const ENTERED: ReadonlySet<string> = new Set([
  "put",
  "listed",
  "written",
  "entered",
  "typed",
  "posted",
  "marked",
  "logged",
]);

/**
 * Does a condition open at i that holds back the rest of its clause segment ("if", "assuming", a proviso, "whether",
 * "suppose"), other than the team's consent ("if nobody objects") or hearing ("if I heard right")? "Even if it's as
 * low as I suspect, B still edges out F, so I'd go with B" (fresh109) is a concession, no condition on the rest (its
 * own clause is still gated: nothing in it is asserted).
 */
function conditionOpens(words: readonly string[], i: number, from: number, to: number, proviso: boolean): boolean {
  const w = words[i] as string;
  if (w === "whether" || w === "suppose") return true;
  if (!(w === "if" || w === "assuming" || proviso)) return false;
  if (w === "if" && words[i - 1] === "even" && i - 1 >= from) return false;
  return !consentCondition(words, i, to) && !hearIf(words, i);
}

/** Words of a request before "from Agent N" closing it: "I'm requesting X's Y from Agent 3" (fresh157). */
const REQUESTS_FROM = new Set(["requesting", "request", "like", "need"]);

/** Is "Agent N" at i the one a request before it asks ("I'd like X's Y from Agent 3")? */
export function requestedFrom(words: readonly string[], i: number, first: number): boolean {
  if (words[i - 1] !== "from") return false;
  for (let k = Math.max(first, i - 12); k < i - 1; k++) if (REQUESTS_FROM.has(words[k] as string)) return true;
  return false;
}

/** "one of my ...", "one of mine": the speaker's own, no open choice. */
const OWN_OF = new Set(["my", "our", "mine", "ours"]);

/** Verbs of taking a value back: "I withdraw X's Y of 5", "retracting my 3 for X". */
const WITHDRAWING = new Set(["withdraw", "withdrawing", "retract", "retracting", "rescind", "rescinding"]);
/** "take back", "walk back": verbs before "back" that withdraw what the speaker said or chose. */
export const BACK_VERBS: ReadonlySet<string> = new Set(["take", "taking", "took", "walk", "walking", "walked"]);

/**
 * Is the word at i the "back" of a withdrawal ("I need to take back ...", "i need to walk back Monday 11am for Bob",
 * fresh303, session 66: a wrong act, read as backing the slot)?
 */
export function takenBack(words: readonly string[], i: number): boolean {
  return words[i] === "back" && BACK_VERBS.has(words[i - 1] as string);
}

/**
 * Words of a recollection the speaker doubts: "a vague sense that", "I vaguely recall", "a hunch"; "iirc F's email
 * records is 1" (session 69) as "if I recall".
 */
const VAGUE = new Set(["vague", "vaguely", "hazy", "hunch", "iirc"]);

/**
 * Does the word at i open a stretch of its clause the speaker does not assert (a hope, the speaker's earlier value, a
 * negation, a condition, an open choice between options)? Then nothing after it in the clause is read as stated.
 */
function opensGate(
  tokens: readonly NaturalToken[],
  words: readonly string[],
  i: number,
  from: number,
  to: number,
): boolean {
  const w = words[i] as string;
  return (
    // "Stall A is hoping to sell two cakes" (fresh47 with session 49's "cakes"): a hope or plan states no level
    // ("I want to confirm X has 2": the speaker's own saying, which states it)
    // ("I want to go with X", "I'm planning to back X": the speaker's own wish is a choice, read as one)
    (WISHES.has(w) &&
      words[i + 1] === "to" &&
      !SAYINGS.has(words[i + 2] as string) &&
      !ownWish(tokens, words, i, from)) ||
    // "My mistake — I had Employee E's email records as 1, but ..." (fresh102): the speaker's earlier value
    enteredBefore(words, i, from, to) ||
    (cue.negations.has(w) && !countNone(tokens, words, i)) ||
    // "One of Stall C and Stall D is at +2 for cakes, the other at -1" (fresh190): which one is left open
    // ("One of mine to add: X is 4", fresh275, session 64: the speaker's own)
    (w === "one" && words[i + 1] === "of" && !OWN_OF.has(words[i + 2] as string)) ||
    // "I have a vague sense that A's food quality is 2" (a held-out defect, session 59): a recollection the speaker
    // calls vague states no level
    VAGUE.has(w) ||
    // "I need to take back Restaurant C's location of 5." (fresh252, session 64: a wrong act): a value the speaker
    // takes back, to the clause's end
    WITHDRAWING.has(w) ||
    takenBack(words, i) ||
    // "I think your Restaurant D wait time of 5 is off" (fresh208, session 61): the addressee's figure, not the
    // speaker's
    (w === "your" && i > from) ||
    w.endsWith("n't") ||
    (cue.conditionals.has(w) && !pastWere(tokens, words, i, from))
  );
}
