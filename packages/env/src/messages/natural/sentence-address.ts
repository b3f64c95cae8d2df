import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { LevelRangeError } from "./level-range-error";
import { naturalInteger } from "./natural-integer";
import { type NaturalTask, requestedFrom, type Sentence } from "./sentence";

/** Greetings before an addressed agent's name: "Hey Agent 3, ...". */
// "And Agent 3, what's ...?", "Also Agent 2, ..." (fresh55): a joining word before the agent addressed
// "Second, Agent 1, Lord Ashby's broken watch." (fresh200): an ordinal leading a list of requests
const GREETINGS = new Set(["hey", "hi", "hello", "dear", "ok", "okay", "so", "and", "also", "then"]);
const ORDINALS = new Set(["first", "second", "third", "fourth", "next", "finally", "lastly", "firstly", "secondly"]);

const AGENT_TAG = /^@(?:agent)?([1-9][0-9]{0,5})$/;

/** "@Agent 3", "@agent3", "@3" at words[i] (checked against the task), as a 0-based agent. */
export function agentTag(words: readonly string[], i: number, task: NaturalTask): { to: number; end: number } | null {
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

/** "I'd like to hear from Agent 2 on ...": a request put to the agent at i. */
function heardFrom(words: readonly string[], i: number): boolean {
  if (words[i - 1] === "with") return CHECK_WITH.has(words[i - 2] as string); // "Let me check with Agent 2: ..."
  return words[i - 1] === "from" && (words[i - 2] === "hear" || words[i - 2] === "hearing");
}

/**
 * "First, from Agent 3 — what level is ...?" (fresh200): "from Agent N" opening a question, after an ordinal lead at
 * most, and set off from it.
 */
function fromLead(s: Sentence, first: number, i: number): boolean {
  if (s.words[i - 1] !== "from" || !(s.tokens[s.to - 1] as NaturalToken).question) return false;
  return i - 1 === first || (i - 2 === first && ORDINALS.has(s.words[first] as string) && s.separated(first));
}

/** "check with Agent 2", "confirm with Agent 1": a question put to the agent. */
const CHECK_WITH = new Set(["check", "checking", "confirm", "confirming", "verify", "verifying"]);

/** The question part of a sentence ending in "?": from its last clause opening with a question word (else s.to). */
export function questionStart(s: Sentence, first: number): number {
  const { words } = s;
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
  return question;
}

/**
 * The agent a sentence's asks are addressed to ("@Agent 2" anywhere, "Agent 2," opening it, "Could Agent 1 tell
 * us ...?") and the words that address it (skipped when reading acts).
 */
export function sentenceAddress(
  s: Sentence,
  first: number,
  question: number,
  task: NaturalTask,
): { to: number | undefined; tagged: Set<number> } {
  const { words } = s;
  let to: number | undefined;
  // several agents set off before the question: it is put to none of them alone
  let several = false;
  const tagged = new Set<number>();
  for (let i = first; i < s.to; i++) {
    const tag = agentTag(words, i, task);
    if (tag !== null) {
      // "@Agent 4, @Agent 5 — neither of you has posted yet." (fresh423, session 69: a wrong act, put to Agent 4):
      // two agents tagged, the questions are put to neither alone
      if (to !== undefined && to !== tag.to) several = true;
      to ??= tag.to;
      for (let k = i; k < tag.end; k++) tagged.add(k);
    }
  }
  // "Agent 2, ...", "Hey Agent 3, ...", "Hi Agent 1 — ..."
  const led = GREETINGS.has(words[first] as string) || (ORDINALS.has(words[first] as string) && s.separated(first));
  // "Hello there, Agent 2!" (fresh419, session 69: a wrong act, the question after it put to no one)
  const named = led ? (words[first + 1] === "there" && s.separated(first + 1) ? first + 2 : first + 1) : first;
  // "Hi Agent 1!" alone addresses the agent too
  // "agent 2 what is quietness for apartment D??" (fresh166): a question's first word right after the number sets
  // the address off as a comma would, in a sentence closed by "?"
  const setOff =
    (s.tokens[named + 1] as NaturalToken | undefined)?.pause ||
    named + 2 === s.to ||
    ((s.tokens[s.to - 1] as NaturalToken).question && WH_OPENERS.has(words[named + 2] as string)) ||
    // "Agent 1 do u have phone records for B and D?" (fresh336, session 67: a wrong act): "do you" right after it
    ((s.tokens[s.to - 1] as NaturalToken).question &&
      YOU_AUXILIARIES.has(words[named + 2] as string) &&
      YOU.has(words[named + 3] as string)) ||
    // "agent 1 u know lena monday noon?" (fresh387, session 69): "you know" / "u have", its "do" left out
    ((s.tokens[s.to - 1] as NaturalToken).question &&
      YOU.has(words[named + 2] as string) &&
      cue.clippedQuestionVerbs.has(words[named + 3] as string)) ||
    // "Agent 1 please send Omar's calendar for Monday noon." (fresh191): "please" right after the number
    // "Agent 2 can you share X's Y?": "can you" / "could you" right after it
    politeRequest(words, named + 2);
  if (to === undefined && words[named] === "agent" && setOff) {
    const n = naturalInteger(words[named + 1]);
    // "Agent 4: Lord Ashby's poison bottle?" where the task has three agents (fresh69): read, to nobody in particular
    if (n !== null && n >= 1) {
      if (n <= task.agents) to = n - 1;
      for (let k = first; k <= named + 1; k++) tagged.add(k);
      // "Agent 1, Agent 2 — what do you each have ...?" (fresh248, session 64: a wrong act): two agents set off
      // before the question address neither alone
      let k = named + 2;
      while (words[k] === "agent" && naturalInteger(words[k + 1]) !== null) {
        several = true;
        tagged.add(k);
        tagged.add(k + 1);
        k += 2;
        if (words[k] === "and") k++;
      }
    }
  }
  // "Question for Agent 3: ...", "I'd like to ask Agent 2: ...", "To Agent 1: ...": put before a colon or comma
  for (let i = first + 1; to === undefined && i + 1 < s.to; i++) {
    const lead =
      cue.addressLeads.has(words[i - 1] as string) ||
      heardFrom(words, i) ||
      requestedFrom(words, i, first) ||
      fromLead(s, first, i);
    if (words[i] !== "agent" || !lead || words[i - 2] === "according") continue;
    const n = naturalInteger(words[i + 1]);
    const t = s.tokens[i + 1] as NaturalToken;
    if (n !== null && n >= 1 && n <= task.agents && (t.pause || t.stop || i + 2 === s.to || heardFrom(words, i))) {
      to = n - 1;
      tagged.add(i).add(i + 1);
    }
  }
  // "I'd like Agent 3 to tell us Candidate A's communication rating" (fresh157): the agent the speaker wants to act
  for (let i = first + 1; to === undefined && i + 2 < s.to; i++) {
    if (words[i] !== "agent" || words[i + 2] !== "to" || !WANTING_AGENT.has(words[i - 1] as string)) continue;
    const n = naturalInteger(words[i + 1]);
    if (n !== null && n >= 1 && n <= task.agents) {
      to = n - 1;
      tagged.add(i).add(i + 1);
    }
  }
  // "Could Agent 1 tell us ...?", "Could you tell me, Agent 3, ...?", "X's service — Agent 1, any idea?": the
  // agent a question is put to
  const asking = (s.tokens[s.to - 1] as NaturalToken).question;
  // "Tell me Omar's calendar for Monday evening, Agent 2." (fresh211, session 61): a request closed by the agent
  const last = s.to - 2;
  // ("Thanks, Agent 1." and "Hi, Agent 2." only name whom they greet: what follows them is not put to that agent)
  const greets = THANKS.has(words[first] as string) || GREETINGS.has(words[first] as string);
  if (!asking && !greets && to === undefined && last > first && words[last] === "agent" && s.separated(last - 1)) {
    const n = naturalInteger(words[last + 1]);
    if (n !== null && n >= 1) {
      if (n <= task.agents) to = n - 1;
      tagged.add(last).add(last + 1);
    }
  }
  for (let i = asking ? first + 1 : Math.max(first + 1, question); to === undefined && i + 1 < s.to; i++) {
    // "..., Agent 2?" closing the question counts as set off too
    const vocative = s.separated(i - 1) && (s.separated(i + 1) || i + 2 === s.to);
    if (i < question && !vocative) continue;
    if (words[i] !== "agent" || !(vocative || cue.addressing.has(words[i - 1] as string))) continue;
    const n = naturalInteger(words[i + 1]);
    // "Could Agent 5 check X's Y?" where the task has three agents (fresh157): read, to nobody in particular
    if (n !== null && n >= 1) {
      if (n <= task.agents) to = n - 1;
      tagged.add(i).add(i + 1);
    }
  }
  return { to: several ? undefined : to, tagged };
}

/** Question words that may follow an addressed agent's number with no comma: "agent 2 what is ...?". */
const WH_OPENERS: ReadonlySet<string> = new Set(["what", "whats", "which", "how", "hows"]);

/** Does a request open at i with "please" / "pls" or "can / could / would you"? */
function politeRequest(words: readonly string[], i: number): boolean {
  if (words[i] === "please" || words[i] === "pls") return true;
  return (words[i] === "can" || words[i] === "could" || words[i] === "would") && YOU.has(words[i + 1] as string);
}

/** "you", and chat's "u". */
const YOU: ReadonlySet<string> = new Set(["you", "u"]);
/** Auxiliaries opening a question to "you": "do you have", "did you get", "have you got". */
const YOU_AUXILIARIES: ReadonlySet<string> = new Set(["do", "did", "have", "got", "can", "could", "would", "will"]);

/** Verbs before "Agent N to ..." that put a request to that agent: "I'd like Agent 3 to tell us ...". */
const WANTING_AGENT: ReadonlySet<string> = new Set(["like", "need", "want", "asking", "ask"]);

/** Words of thanks that may open a sentence put to one agent: "Thanks, Agent 1.", "Thank you, Agent 2!". */
const THANKS: ReadonlySet<string> = new Set(["thanks", "thank", "thx", "cheers"]);

/**
 * The agent a sentence of thanks alone is put to ("Thanks, Agent 1.", "Thank you, Agent 2!", fresh126): the index,
 * or undefined (anything else in the sentence, or an agent the task lacks).
 */
export function thanksTo(s: Sentence, first: number, to: number, task: NaturalTask): number | undefined {
  const { words } = s;
  if (!THANKS.has(words[first] as string)) return undefined;
  let k = first + 1;
  if (words[k] === "you" || words[k] === "so") k++;
  if (words[k] === "much") k++;
  if (words[k] !== "agent" || k + 2 !== to) return undefined;
  const n = naturalInteger(words[k + 1]);
  return n !== null && n >= 1 && n <= task.agents ? n - 1 : undefined;
}
