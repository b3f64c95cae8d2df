import type { PublicTask } from "../task/task";
import type { Act } from "./act";
import { MAX_ACTS, MAX_MESSAGE_LENGTH } from "./message-limits";
import type { NameMatcher } from "./name-matcher";
import { naturalCues as cue } from "./natural-cues";
import { naturalMatchers } from "./natural-matchers";
import { type NaturalToken, naturalTokens } from "./natural-tokens";
import { failedParse, type MessageParseResult } from "./parse-result";

type NaturalTask = Pick<PublicTask, "domain" | "decision" | "agents" | "levels">;

const INTEGER = /^(0|-?[1-9][0-9]{0,8})$/;
const FRACTION = /^(0|-?[1-9][0-9]{0,8})\/([1-9][0-9]{0,8})$/;
const AGENT_TAG = /^@(?:agent)?([1-9][0-9]{0,5})$/;
/** Longest list of names one phrase may join ("food quality, service and ambience of ..."): keeps the scan linear. */
const MAX_LIST = 12;
/** How far back (in words) a cue before a proposal verb or a pronoun's referent is looked for: keeps the scan linear. */
const LOOK_BACK = 24;
/** Most not-understood spans reported, and their longest length. */
const MAX_UNPARSED = 32;
const MAX_SPAN = 200;

export function naturalInteger(word: string | undefined): number | null {
  if (word === undefined || word.length > 11 || !INTEGER.test(word)) return null;
  return Number(word);
}

/** A level the text states, or why it is not one. */
type Level = { value: number; end: number } | null;

class LevelRangeError {
  constructor(readonly message: string) {}
}

/** One sentence's tokens and what the parser knows about its clauses. */
class Sentence {
  readonly conditional: boolean;
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
    let modalSeen = false;
    let conditional = false;
    for (let i = from; i < to; i++) {
      const w = words[i] as string;
      if (cue.clauseBreaks.has(w)) {
        gated = false;
        modalSeen = false;
      }
      if (cue.negations.has(w) || w.endsWith("n't") || cue.conditionals.has(w)) gated = true;
      // "Agent 2 said X has ...", "you claimed ...": someone else's claim, not the speaker's
      if (cue.reporting.has(w) && i > from && !selfReport(words, i, from)) gated = true;
      if (cue.modals.has(w)) modalSeen = true;
      // "unless someone objects" after a proposal leaves it a proposal; "if" anywhere does not
      if (w === "if" || w === "whether" || w === "suppose" || w === "assuming") conditional = true;
      gate[i] = gated;
      modal[i] = modalSeen;
      if ((tokens[i] as NaturalToken).pause) {
        gated = false;
        modalSeen = false;
      }
    }
    this.conditional = conditional;
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

/** Is the reporting verb at i the speaker's own ("I said", "my notes say", "my own data says")? */
function selfReport(words: readonly string[], i: number, from: number): boolean {
  if (cue.selves.has(words[i - 1] as string)) return true;
  for (let b = i - 2; b >= Math.max(from, i - 3); b--) if (words[b] === "my" || words[b] === "our") return true;
  return false;
}

interface ParseState {
  task: NaturalTask;
  options: NameMatcher;
  attributes: NameMatcher;
  /** The option a heading line ("For Restaurant A:") names, for the list lines under it. */
  context: number | null;
  /** The one option the last sentence spoke about, for "it" and "its". */
  subject: number | null;
}

/**
 * Finds act sentences anywhere in natural text, case- and space-insensitive, and reports the sentences it did
 * not understand in `unparsed`. Shares: "<option> has [a|the] <attribute> [of|is|...] <level> [and <attribute>
 * <level> ...]", "<option>'s <attribute> is <level>", "[the] <attribute> of|for|at <option> is <level>",
 * "For <option>: <attribute> is <level>, ...", "<option> - <attribute>: <level>", "<option> scores <level> on
 * <attribute>", "rated <level> for <attribute>", markdown lists under a heading naming an option, "it has ...".
 * Asks: questions and requests naming an attribute of an option ("What is the <attribute> of <option>?",
 * "Could someone tell me <option>'s <attribute>?", "Please share the <attribute> for <option>.") [+ "@Agent <n>"
 * | "@<n>"] (n is 1-based). Proposals: "I propose|suggest|recommend <option>", "I think we should go with
 * <option>", "let's pick <option>", "My vote is <option>", "<option> is the best choice". Passes: "Nothing to add",
 * "I have nothing new to share", "No new information", "I pass". Never an act from a clause under a negation or
 * a condition ("does not have", "if ... had"), a question about a value ("Does X have a 5?"), a level given
 * as a range or approximately, or a sentence naming two options without saying which ("A or B has ...").
 * A level or agent out of the task's range, no act at all, too many acts or too much text is a parse error
 * (acts = [PASS]). Never throws; linear in the text.
 */
export function parseNatural(text: string, task: NaturalTask): MessageParseResult {
  try {
    if (typeof text !== "string") return failedParse(`expected a string, got ${typeof text}`);
    if (text.length > MAX_MESSAGE_LENGTH)
      return failedParse(`message too long: ${text.length} characters (limit ${MAX_MESSAGE_LENGTH})`);
    const { optionTokens, attributeTokens } = naturalMatchers(task);
    const tokens = naturalTokens(text);
    const state: ParseState = {
      task,
      options: optionTokens,
      attributes: attributeTokens,
      context: null,
      subject: null,
    };
    const acts: Act[] = [];
    const unparsed: string[] = [];
    let pendingAsks: Act[] = [];
    const words = tokens.map((t) => t.word);
    const gate = new Array<boolean>(tokens.length).fill(false);
    const modal = new Array<boolean>(tokens.length).fill(false);
    let from = 0;
    while (from < tokens.length) {
      let to = from;
      while (to < tokens.length && !(tokens[to] as NaturalToken).stop) to++;
      to = Math.min(to + 1, tokens.length);
      const sentence = new Sentence(tokens, words, gate, modal, from, to);
      const start = from;
      from = to;
      let first = start;
      // "@Agent 3" opening a sentence addresses the asks of the sentence before it
      const lead = agentTag(sentence.words, first, task);
      if (lead !== null && pendingAsks.length > 0) {
        for (const ask of pendingAsks) if (ask.kind === "ask") ask.to = lead.to;
        first = lead.end;
      }
      const found = parseSentence(sentence, first, state);
      if (found.acts.length > MAX_ACTS || acts.length + found.acts.length > MAX_ACTS)
        return failedParse(`too many acts (limit ${MAX_ACTS})`);
      acts.push(...found.acts);
      pendingAsks = found.acts.filter((a) => a.kind === "ask" && a.to === undefined);
      if (found.acts.length === 0 && !found.heading && first < to) {
        if (unparsed.length < MAX_UNPARSED) {
          const span = text.slice((tokens[first] as NaturalToken).start, (tokens[to - 1] as NaturalToken).end);
          unparsed.push(span.length > MAX_SPAN ? `${span.slice(0, MAX_SPAN - 3)}...` : span);
        }
      }
    }
    if (acts.length === 0) {
      const failed = failedParse(
        'no act found (expected e.g. "<option> has <attribute> <level>." or "Nothing to add.")',
      );
      return unparsed.length > 0 ? { ...failed, unparsed } : failed;
    }
    return unparsed.length > 0 ? { acts, unparsed } : { acts };
  } catch (error) {
    if (error instanceof LevelRangeError) return failedParse(error.message);
    return failedParse(`unparseable message (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** "@Agent 3", "@agent3", "@3" at words[i] (checked against the task), as a 0-based agent. */
function agentTag(words: readonly string[], i: number, task: NaturalTask): { to: number; end: number } | null {
  const w = words[i];
  if (w === undefined) return null;
  let n: number | null = null;
  let end = i + 1;
  if (w === "@agent" || w === "@") {
    n = naturalInteger(words[i + 1]);
    end = i + 2;
  } else if (w.startsWith("@") && w.length <= 12) {
    const m = AGENT_TAG.exec(w);
    if (m !== null) n = Number(m[1]);
  }
  if (n === null || n < 1) return null;
  if (n > task.agents) throw new LevelRangeError(`agent ${n} out of range (Agent 1..Agent ${task.agents})`);
  return { to: n - 1, end };
}

interface SentenceResult {
  acts: Act[];
  heading: boolean;
}

function parseSentence(s: Sentence, first: number, state: ParseState): SentenceResult {
  const { words } = s;
  const acts: Act[] = [];
  // a heading line that names only an option sets the option of the list lines under it
  {
    let j = first;
    while (j < s.to && cue.headingWords.has(words[j] as string)) j++;
    const option = state.options.match(words, j);
    let k = option?.end ?? j;
    while (k < s.to && cue.headingWords.has(words[k] as string)) k++;
    if (option !== null && k === s.to) {
      state.context = option.index;
      state.subject = option.index;
      return { acts, heading: true };
    }
  }
  // the question part of a sentence ending in "?" (from its last clause opening with a question word)
  const last = s.tokens[s.to - 1] as NaturalToken;
  let question = s.to;
  if (last.question) {
    question = first;
    for (let i = first; i < s.to; i++) {
      if (!s.clauseStart(i) && i !== first) continue;
      let j = i;
      while (j < s.to && j < i + 3 && cue.questionLeadIns.has(words[j] as string)) j++;
      if (cue.questionOpeners.has(words[j] as string)) {
        question = i;
        break;
      }
    }
  }
  // the address of the sentence's asks: "@Agent 2" anywhere, or "Agent 2," opening it
  let to: number | undefined;
  const tagged = new Set<number>();
  for (let i = first; i < s.to; i++) {
    const tag = agentTag(words, i, state.task);
    if (tag !== null) {
      to ??= tag.to;
      for (let k = i; k < tag.end; k++) tagged.add(k);
    }
  }
  if (to === undefined && words[first] === "agent" && (s.tokens[first + 1] as NaturalToken | undefined)?.pause) {
    const n = naturalInteger(words[first + 1]);
    if (n !== null && n >= 1 && n <= state.task.agents) {
      to = n - 1;
      tagged.add(first).add(first + 1);
    }
  }
  // "Could Agent 1 tell us ...?", "Could you tell me, Agent 3, ...?": the agent a question is put to
  for (let i = Math.max(first + 1, question); to === undefined && i + 1 < s.to; i++) {
    const vocative = s.separated(i - 1) && s.separated(i + 1);
    if (words[i] !== "agent" || !(vocative || cue.addressing.has(words[i - 1] as string))) continue;
    const n = naturalInteger(words[i + 1]);
    if (n !== null && n >= 1 && n <= state.task.agents) {
      to = n - 1;
      tagged.add(i).add(i + 1);
    }
  }
  const ask = (option: number, attribute: number): void => {
    if (acts.some((a) => a.kind === "ask" && a.option === option && a.attribute === attribute)) return;
    acts.push(to === undefined ? { kind: "ask", option, attribute } : { kind: "ask", option, attribute, to });
  };
  const share = (option: number, attribute: number, level: number): void => {
    const [lo, hi] = state.task.levels;
    if (level < lo || level > hi) throw new LevelRangeError(`level ${level} out of range (levels ${lo}..${hi})`);
    acts.push({ kind: "share", option, attribute, level });
  };

  // declarative part
  let usedContext = false;
  let passed = false;
  let requested = false;
  let i = first;
  if (state.context !== null) {
    const items = itemList(s, first, question, state, true);
    if (items.length > 0 && !s.gate[first] && !s.modal[first]) {
      for (const item of items) share(state.context, item.attribute, item.level);
      usedContext = true;
      i = (items[items.length - 1] as Item).end;
    }
  }
  if (!usedContext) state.context = null;
  while (i < question) {
    if (tagged.has(i)) {
      i++;
      continue;
    }
    const w = words[i] as string;
    // pass (its own words may be negative: "I don't have anything new")
    if (!passed) {
      const end = passAt(s, i);
      if (end !== null) {
        acts.push({ kind: "pass" });
        passed = true;
        i = end;
        continue;
      }
    }
    if (!requested && words[i - 2] === "if" && cue.askers.has(words[i - 1] as string) && cue.knowVerbs.has(w)) {
      // "If anyone knows Restaurant C's ambience, please share": a request, though under "if"
      requested = true;
      const pairs = hasNumber(s, i, question, tagged) ? [] : askPairs(s, i + 1, question, state);
      if (pairs.length > 0) {
        for (const p of pairs) ask(p.option, p.attribute);
        i = question;
        continue;
      }
    }
    if (s.gate[i]) {
      i++;
      continue;
    }
    // proposal
    if (!s.conditional) {
      const proposal = proposalAt(s, i, question, state);
      if (proposal !== null) {
        // "I accuse X — my vote is X." proposes X once
        if (!acts.some((a) => a.kind === "propose" && a.option === proposal.option))
          acts.push({ kind: "propose", option: proposal.option });
        state.subject = proposal.option;
        i = proposal.end;
        continue;
      }
    }
    // share, subject first: "<option> has ...", "<option>'s ...", "<option>: ...", "it has ..."
    if (!s.modal[i]) {
      const subject = subjectShare(s, i, question, state);
      if (subject !== null) {
        for (const option of subject.options)
          for (const item of subject.items) share(option, item.attribute, item.level);
        state.subject = subject.options.length === 1 ? (subject.options[0] as number) : null;
        i = subject.end;
        continue;
      }
      // share, attribute first: "[the] <attribute> of <option> is <level>"
      const reversed = attributeFirstShare(s, i, question, state);
      if (reversed !== null) {
        share(reversed.option, reversed.attribute, reversed.level);
        const more = continuation(s, reversed.end, question, state);
        for (const item of more) share(reversed.option, item.attribute, item.level);
        state.subject = reversed.option;
        i = more.length > 0 ? (more[more.length - 1] as Item).end : reversed.end;
        continue;
      }
    }
    // a declarative request: "Please tell me ...", "I'd like to know ...", "I'm wondering about ..."
    if (!requested && requestAt(s, i)) {
      // one request per sentence is read (and its words scanned once)
      requested = true;
      const pairs = hasNumber(s, i, question, tagged) ? [] : askPairs(s, i + 1, question, state);
      if (pairs.length > 0) {
        for (const p of pairs) ask(p.option, p.attribute);
        i = question;
        continue;
      }
    }
    i++;
  }
  // question part: asks only, and only when no value is asked about
  if (question < s.to && askable(s, question, tagged)) {
    for (const p of askPairs(s, question, s.to, state)) ask(p.option, p.attribute);
  }
  const named = new Set(acts.filter((a) => a.kind !== "pass").map((a) => (a as { option: number }).option));
  if (named.size === 1) state.subject = [...named][0] as number;
  else if (named.size > 1) state.subject = null;
  return { acts, heading: false };
}

interface Item {
  attribute: number;
  level: number;
  end: number;
}

/** The level at words[k]: "4", "four", "4/5", "4 out of 5"; null for anything else or a range ("4 or 5"). */
function levelAt(s: Sentence, k: number, end: number, state: ParseState): Level {
  if (k >= end) return null;
  const w = s.words[k] as string;
  const hi = state.task.levels[1];
  let value = naturalInteger(w);
  let next = k + 1;
  if (value === null) {
    const fraction = w.length <= 21 ? FRACTION.exec(w) : null;
    if (fraction !== null) {
      if (Number(fraction[2]) !== hi) return null;
      value = Number(fraction[1]);
    } else {
      const spelled = cue.numberWords.get(w);
      if (spelled === undefined) return null;
      const token = s.tokens[k] as NaturalToken;
      if (!(token.pause || token.stop || k + 1 >= end || cue.afterNumberWord.has(s.words[k + 1] as string)))
        return null;
      value = spelled;
    }
  }
  if (s.words[next] === "out" && s.words[next + 1] === "of" && next + 2 < end) {
    if (naturalInteger(s.words[next + 2]) !== hi) return null;
    next += 3;
  }
  // "4 or 5", "4 to 5", "4 or so": not one level
  const after = s.words[next];
  const token = s.tokens[next - 1] as NaturalToken;
  if (next < end && !token.pause && (after === "or" || after === "to" || after === "ish")) return null;
  return { value, end: next };
}

/** One "<attribute> [is|of|...] <level>" or "<level> on|for <attribute>" item at words[k]. */
function itemAt(s: Sentence, k: number, end: number, state: ParseState, reverse: boolean): Item | null {
  let j = k;
  if (j < end && cue.articles.has(s.words[j] as string)) j++;
  const attribute = state.attributes.match(s.words, j);
  if (attribute !== null && attribute.end <= end) {
    let m = attribute.end;
    for (let f = 0; f < 3 && m < end && cue.levelFillers.has(s.words[m] as string); f++) m++;
    const level = levelAt(s, m, end, state);
    if (level !== null) return { attribute: attribute.index, level: level.value, end: level.end };
    return null;
  }
  if (!reverse) return null;
  const level = levelAt(s, j, end, state);
  if (level === null || !cue.levelPrepositions.has(s.words[level.end] as string)) return null;
  let a = level.end + 1;
  if (a < end && cue.articles.has(s.words[a] as string)) a++;
  const attr = state.attributes.match(s.words, a);
  if (attr === null || attr.end > end) return null;
  return { attribute: attr.index, level: level.value, end: attr.end };
}

/** More items after one ends at k: ", service 2", "and its service is 2", "and 4 on service". */
function continuation(s: Sentence, k: number, end: number, state: ParseState): Item[] {
  const items: Item[] = [];
  let at = k;
  while (items.length < MAX_LIST && at < end) {
    at = skipAside(s, at, end);
    let j = at;
    const paused = s.separated(at - 1);
    if (s.words[j] === "and" || s.words[j] === "plus" || s.words[j] === "&" || s.words[j] === "with") j++;
    else if (s.words[j] === "as" && s.words[j + 1] === "well" && s.words[j + 2] === "as") j += 3;
    else if (!paused) break;
    j = skipAside(s, j, end);
    if (s.words[j] === "also") j++;
    if (s.words[j] === "it" && cue.haveVerbs.has(s.words[j + 1] as string)) j += 2;
    const item = itemAt(s, j, end, state, true);
    if (item === null) break;
    items.push(item);
    at = item.end;
  }
  return items;
}

/** Past a parenthesis ("(confirmed)") or a hedge between commas (", I believe,") at k, if there is one. */
function skipAside(s: Sentence, k: number, end: number): number {
  const first = s.tokens[k] as NaturalToken | undefined;
  if (first === undefined) return k;
  if (first.aside) {
    let j = k;
    while (j < end && j < k + 6 && (s.tokens[j] as NaturalToken).aside) j++;
    return j;
  }
  if (k > s.from && s.separated(k - 1)) {
    for (let j = k; j < end && j < k + 3; j++) {
      if (!cue.hedges.has(s.words[j] as string)) break;
      if (s.separated(j)) return j + 1;
    }
  }
  return k;
}

/** Items starting at k (the first one required). */
function itemList(s: Sentence, k: number, end: number, state: ParseState, reverse: boolean): Item[] {
  const first = itemAt(s, k, end, state, reverse);
  if (first === null) return [];
  return [first, ...continuation(s, first.end, end, state)];
}

/** Options named at i: "Restaurant A", "Restaurant A and Restaurant B". */
function optionList(s: Sentence, i: number, end: number, state: ParseState): { options: number[]; end: number } | null {
  const first = state.options.match(s.words, i);
  if (first === null || first.end > end) return null;
  const options = [first.index];
  let k = first.end;
  // "A and B", "A, B and C"; a comma alone does not join ("Unlike A, B has ...")
  let closed = { count: 1, end: k };
  while (options.length < MAX_LIST && (s.words[k] === "and" || s.separated(k - 1))) {
    const and = s.words[k] === "and";
    const j = and ? k + 1 : k;
    const next = state.options.match(s.words, j);
    if (next === null || next.end > end) break;
    options.push(next.index);
    k = next.end;
    if (and) closed = { count: options.length, end: k };
  }
  return { options: options.slice(0, closed.count), end: closed.end };
}

/** Is the option at i one of several alternatives ("A or B", "either A", "than A")? */
function alternative(s: Sentence, i: number, end: number): boolean {
  return (i > s.from && cue.alternatives.has(s.words[i - 1] as string)) || s.words[end] === "or";
}

function subjectShare(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { options: number[]; items: Item[]; end: number } | null {
  const { words } = s;
  let options: number[];
  let k: number;
  const referent = words[i] === "it" || words[i] === "its" ? pronounReferent(s, i, state) : null;
  if (referent !== null) {
    options = [referent];
    k = i + 1;
    if (words[i] === "its") {
      const items = itemList(s, k, end, state, false);
      return items.length > 0 ? { options, items, end: (items[items.length - 1] as Item).end } : null;
    }
  } else {
    const list = optionList(s, i, end, state);
    if (list === null || alternative(s, i, list.end)) return null;
    options = list.options;
    k = list.end;
  }
  const plural = options.length > 1;
  // "<option>'s got <attribute> <level>" is "has got"
  if (words[k] === "'s" && words[k + 1] === "got") {
    const items = itemList(s, k + 2, end, state, true);
    return items.length > 0 ? { options, items, end: (items[items.length - 1] as Item).end } : null;
  }
  // "<option>'s <attribute> is <level>"
  if (!plural && words[k] === "'s") {
    const items = itemList(s, k + 1, end, state, false);
    return items.length > 0 ? { options, items, end: (items[items.length - 1] as Item).end } : null;
  }
  // "<option>: <attribute> <level>", "<option> - <attribute>: <level>", "For <option>: 4 for <attribute>"
  {
    const items = itemList(s, k, end, state, true);
    if (items.length > 0) return { options, items, end: (items[items.length - 1] as Item).end };
  }
  for (let f = 0; f < 3 && k < end && cue.adverbs.has(words[k] as string); f++) k++;
  const verb = words[k] as string;
  if (cue.haveVerbs.has(verb)) {
    let j = k + 1;
    if (words[j] === "got") j++;
    const items = itemList(s, j, end, state, true);
    if (items.length > 0) return { options, items, end: (items[items.length - 1] as Item).end };
  }
  if (cue.scoreVerbs.has(verb)) {
    let j = k + 1;
    if (words[j] === "rated" || words[j] === "ranked" || words[j] === "scored") j++;
    if (words[j] === "at") j++;
    const items = itemList(s, j, end, state, true);
    if (items.length > 0) return { options, items, end: (items[items.length - 1] as Item).end };
  }
  return null;
}

/** The option "it" at i stands for: the one option named earlier in the sentence, else the last sentence's. */
function pronounReferent(s: Sentence, i: number, state: ParseState): number | null {
  let named: number | null = null;
  for (let k = Math.max(s.from, i - LOOK_BACK); k < i; k++) {
    const option = state.options.match(s.words, k);
    if (option === null) continue;
    if (named !== null && named !== option.index) return null;
    named = option.index;
    k = option.end - 1;
  }
  return named ?? state.subject;
}

function attributeFirstShare(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; attribute: number; level: number; end: number } | null {
  const { words } = s;
  let j = i;
  if (words[j] === "the") j++;
  const attribute = state.attributes.match(words, j);
  if (attribute === null || !cue.attributePrepositions.has(words[attribute.end] as string)) return null;
  const option = state.options.match(words, attribute.end + 1);
  if (option === null || option.end > end || alternative(s, attribute.end + 1, option.end)) return null;
  let m = option.end;
  for (let f = 0; f < 3 && m < end && cue.levelFillers.has(words[m] as string); f++) m++;
  if (m === option.end && !(s.tokens[option.end - 1] as NaturalToken).pause) return null;
  const level = levelAt(s, m, end, state);
  if (level === null) return null;
  return { option: option.index, attribute: attribute.index, level: level.value, end: level.end };
}

/** A pass phrase at i: "nothing (new) to add", "no new information", "I pass", "nothing from me". */
function passAt(s: Sentence, i: number): number | null {
  let end = passPhraseAt(s, i);
  if (end === null) return null;
  // "nothing new on my side" is a PASS; "nothing new on Restaurant C" passes on one thing only: not a PASS
  const owner = s.words[end + 1];
  if ((s.words[end] === "on" || s.words[end] === "from") && (owner === "my" || owner === "our")) end += 2;
  else if (cue.passScopes.has(s.words[end] as string)) return null;
  return end;
}

function passPhraseAt(s: Sentence, i: number): number | null {
  const { words } = s;
  const w = words[i] as string;
  // "That's all I have", "That is all from me"
  if (w === "that" && (words[i + 1] === "'s" || words[i + 1] === "is") && words[i + 2] === "all") {
    if (words[i + 3] === "i" && words[i + 4] === "have") return i + 5;
    if (words[i + 3] === "from" && words[i + 4] === "me") return i + 5;
    const token = s.tokens[i + 2] as NaturalToken;
    return token.pause || token.stop || i + 3 >= s.to ? i + 3 : null;
  }
  if (w === "nothing" || w === "anything") {
    if (w === "anything" && !s.gate[i]) return null;
    let j = i + 1;
    const modified = cue.passModifiers.has(words[j] as string);
    if (modified) j++;
    if (words[j] === "to" && cue.passVerbs.has(words[j + 1] as string)) return j + 2;
    if (words[j] === "from" && words[j + 1] === "me") return j + 2;
    if (modified) return j;
    return null;
  }
  if (s.gate[i] && (w === "any" || cue.passModifiers.has(w))) {
    // under a negation: "(don't have) any ratings to add", "(don't have) new evidence to share"
    let j = i + 1;
    if (w === "any" && cue.passModifiers.has(words[j] as string)) j++;
    if (cue.passNouns.has(words[j] as string)) j++;
    if (j > i + 1 && words[j] === "to" && cue.passVerbs.has(words[j + 1] as string)) return j + 2;
    return null;
  }
  if (w === "no" || w === "not") {
    let j = i + 1;
    if (w === "not" && words[j] === "much" && words[j + 1] === "to" && cue.passVerbs.has(words[j + 2] as string))
      return j + 3;
    if (cue.passModifiers.has(words[j] as string)) j++;
    if (cue.passNouns.has(words[j] as string)) return j + 1;
    return null;
  }
  if (w === "pass" || w === "skip") {
    const prev = words[i - 1];
    const token = s.tokens[i] as NaturalToken;
    const speaker = i === s.from || prev === "i" || prev === "i'll" || prev === "will" || prev === "ill";
    const ends = token.pause || token.stop || i + 1 >= s.to || ["this", "for", "on"].includes(words[i + 1] as string);
    return speaker && ends ? i + 1 : null;
  }
  return null;
}

/** A proposal at i: "I propose X", "we should go with X", "My vote is X", "X gets my vote", "X is the best choice". */
function proposalAt(s: Sentence, i: number, end: number, state: ParseState): { option: number; end: number } | null {
  const { words } = s;
  const chosen = (j: number): { option: number; end: number } | null => {
    let k = j;
    // "I propose (that) we meet at / go with X"
    if (words[k] === "that") k++;
    if (words[k] === "we" && cue.proposalInfinitives.has(words[k + 1] as string)) k += 2;
    while (k < end && k < j + 6 && cue.proposalPrepositions.has(words[k] as string)) k++;
    if (words[k] === "either" || words[k] === "between") return null;
    const option = state.options.match(words, k);
    if (option === null || option.end > end) return null;
    const after = words[option.end];
    if (after === "or" || after === "nor" || after === "'s" || after === "vs" || after === "versus") return null;
    if (after === "and" && state.options.match(words, option.end + 1) !== null) return null;
    return { option: option.index, end: option.end };
  };
  // "my vote is X", "my pick: X", "Proposal: X"
  if (words[i] === "my" && cue.proposalNouns.has(words[i + 1] as string)) {
    let j = i + 2;
    if (words[j] === "is" || words[j] === "goes" || words[j] === "remains" || words[j] === "stays") j++;
    else if (words[j] === "would" && words[j + 1] === "be") j += 2;
    if (words[j] === "to" || words[j] === "for") j++;
    return chosen(j);
  }
  if (s.clauseStart(i) && cue.proposalNouns.has(words[i] as string) && (s.tokens[i] as NaturalToken).pause)
    return chosen(i + 1);
  // "Final suggestion from me: Restaurant B."
  if (cue.proposalNouns.has(words[i] as string) && (i === s.from || words[i - 1] === "final")) {
    for (let j = i; j < Math.min(end, i + 4); j++) {
      if (j > i && !cue.proposalLeadWords.has(words[j] as string)) break;
      if ((s.tokens[j] as NaturalToken).pause) return chosen(j + 1);
    }
  }
  // "X gets my vote", "X is my pick", "X is the best choice"
  {
    const option = state.options.match(words, i);
    if (option !== null && option.end <= end && !alternative(s, i, option.end)) {
      let j = option.end;
      if (words[j] === "is" || words[j] === "gets" || words[j] === "has" || words[j] === "remains") j++;
      else if (words[j] === "would" && words[j + 1] === "be") j += 2;
      else return null;
      for (let f = 0; f < 2 && cue.adverbs.has(words[j] as string); f++) j++;
      if (words[j] === "my" && cue.proposalNouns.has(words[j + 1] as string))
        return { option: option.index, end: j + 2 };
      if (words[j] === "the" || words[j] === "our") {
        let k = j + 1;
        if (cue.bestAdjectives.has(words[k] as string)) k++;
        if (cue.bestNouns.has(words[k] as string) && k > j + 1) {
          // "the best choice for food quality" speaks of one attribute, not the decision
          if (cue.askPrepositions.has(words[k + 1] as string) && state.attributes.match(words, k + 2) !== null)
            return null;
          return { option: option.index, end: k + 1 };
        }
      }
      return null;
    }
  }
  // "I propose X", "let's go with X", "I think we should pick X"
  for (const verb of cue.proposeVerbs) {
    let ok = true;
    for (let v = 0; v < verb.length; v++) {
      if (words[i + v] !== verb[v]) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    let speaker = s.clauseStart(i);
    for (let b = i - 1; b >= Math.max(s.from, i - LOOK_BACK); b--) {
      // "I was going to propose X", "I initially wanted to pick X": not a proposal now
      if (cue.pastIntent.has(words[b] as string)) return null;
      if (cue.speakers.has(words[b] as string)) speaker = true;
      if ((s.tokens[b] as NaturalToken).pause) break;
    }
    if (!speaker) return null;
    return chosen(i + verb.length);
  }
  return null;
}

/** A declarative request for information at i: "tell me", "let me know", "like to know", "wondering", "share". */
function requestAt(s: Sentence, i: number): boolean {
  const { words } = s;
  const w = words[i] as string;
  const prev = words[i - 1] as string | undefined;
  if (cue.wonder.has(w)) return true;
  if (w === "know") return prev === "to" || prev === "me" || prev === "us" || cue.askers.has(prev ?? "");
  if (w === "hear" || w === "learn") return prev === "to";
  if (w === "tell" || w === "share" || w === "remind" || w === "give")
    return s.clauseStart(i) || cue.requesters.has(prev ?? "") || prev === "to";
  return false;
}

/** Is a number (not an agent tag) stated between i and end? Then a question asks about a value. */
function hasNumber(s: Sentence, i: number, end: number, tagged: ReadonlySet<number>): boolean {
  for (let k = i; k < end; k++) {
    if (tagged.has(k)) continue;
    const w = s.words[k] as string;
    if (naturalInteger(w) !== null || FRACTION.test(w)) return true;
  }
  return false;
}

/** Does the question from q ask for a value (not about one, not a comparison, not negated)? */
function askable(s: Sentence, q: number, tagged: ReadonlySet<number>): boolean {
  if (hasNumber(s, q, s.to, tagged)) return false;
  let opener: string | undefined;
  let knows = false;
  for (let k = q; k < s.to; k++) {
    const w = s.words[k] as string;
    if (tagged.has(k)) continue;
    if (cue.comparatives.has(w) || cue.negations.has(w) || w.endsWith("n't") || cue.conditionals.has(w)) return false;
    if (opener !== undefined && cue.questionModals.has(w)) return false; // "What would X's a need to be ...?"
    if (opener === undefined && !cue.questionLeadIns.has(w)) opener = w;
    if (cue.knowledge.has(w)) knows = true;
    if (cue.askers.has(w) && cue.haveVerbs.has(s.words[k + 1] as string)) knows = true;
  }
  if (opener === undefined) return false;
  if (cue.whOpeners.has(opener)) return true;
  return knows || !cue.questionOpeners.has(opener);
}

/** (option, attribute) pairs an ask names between i and end. */
function askPairs(s: Sentence, i: number, end: number, state: ParseState): { option: number; attribute: number }[] {
  const { words } = s;
  const pairs: { option: number; attribute: number }[] = [];
  const attributeList = (k: number): { attributes: number[]; end: number } | null => {
    let j = k;
    if (words[j] === "the" || words[j] === "a") j++;
    const first = state.attributes.match(words, j);
    if (first === null || first.end > end) return null;
    const attributes = [first.index];
    let e = first.end;
    while (attributes.length < MAX_LIST) {
      let n = e;
      if (words[n] === "and" || words[n] === "or") n++;
      else if (!s.separated(e - 1)) break;
      if (words[n] === "the") n++;
      const next = state.attributes.match(words, n);
      if (next === null || next.end > end) break;
      attributes.push(next.index);
      e = next.end;
    }
    return { attributes, end: e };
  };
  let k = i;
  while (k < end) {
    // "[the] <attribute>[, <attribute>] [rating] of|for|at <option>[ and <option>]"
    const attrs = attributeList(k);
    if (attrs !== null) {
      // "what <attribute> does <option> have", "how many <attribute> does <option> have"
      const does = words[attrs.end];
      if (does === "does" || does === "did" || does === "do") {
        const option = state.options.match(words, attrs.end + 1);
        if (option !== null && option.end <= end) {
          for (const a of attrs.attributes) pairs.push({ option: option.index, attribute: a });
          k = option.end;
          continue;
        }
      }
      let j = attrs.end;
      for (let f = 0; f < 2 && cue.askFillers.has(words[j] as string); f++) j++;
      if (cue.askPrepositions.has(words[j] as string)) {
        const options = optionList(s, j + 1, end, state);
        if (options !== null && !alternativeOr(s, options.end)) {
          for (const o of options.options) for (const a of attrs.attributes) pairs.push({ option: o, attribute: a });
          k = options.end;
          continue;
        }
      }
    }
    const options = optionList(s, k, end, state);
    if (options !== null) {
      // "<option>'s <attribute>"
      if (words[options.end] === "'s" && options.options.length === 1) {
        const a = attributeList(options.end + 1);
        if (a !== null) {
          for (const at of a.attributes) pairs.push({ option: options.options[0] as number, attribute: at });
          k = a.end;
          continue;
        }
      }
      // "How does <option> do on <attribute>", "What does <option> have for <attribute>"
      let j = options.end;
      for (let f = 0; f < 2 && cue.askFillers.has(words[j] as string); f++) j++;
      if (cue.askPrepositions.has(words[j] as string) && words[j] !== "of") {
        const a = attributeList(j + 1);
        if (a !== null) {
          for (const o of options.options) for (const at of a.attributes) pairs.push({ option: o, attribute: at });
          k = a.end;
          continue;
        }
      }
      k = options.end;
      continue;
    }
    k++;
  }
  return pairs;
}

function alternativeOr(s: Sentence, end: number): boolean {
  return s.words[end] === "or";
}
