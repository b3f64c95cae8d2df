import type { Act } from "./act";
import { MAX_ACTS, MAX_MESSAGE_LENGTH } from "./message-limits";
import { LevelRangeError } from "./natural/level-range-error";
import { structuredActs } from "./natural/structured-acts";
import { parseSentence } from "./natural/parse-sentence";
import { itsLevel } from "./natural/share-cues";
import { type NaturalTask, type ParseState, Sentence } from "./natural/sentence";
import { agentTag } from "./natural/sentence-address";
import { naturalMatchers } from "./natural-matchers";
import { type NaturalToken, naturalTokens } from "./natural-tokens";
import { failedParse, type MessageParseResult } from "./parse-result";
import { stripReasoning } from "./strip-reasoning";

// The cue families live in ./natural/: share-cues (with share-items), ask-cues, proposal-cues, pass-cues, and
// sentence-address (who a sentence's asks are put to); parse-sentence tries them in order on each sentence.

/** Most not-understood spans reported, and their longest length. */
const MAX_UNPARSED = 32;
const MAX_SPAN = 200;

/** The acts and reports in text order (sentences and tables, JSON or YAML interleaved). */
function naturalResult(found: { at: number; act: Act }[], reports: { at: number; text: string }[]): MessageParseResult {
  const acts = found.sort((a, b) => a.at - b.at).map((f) => f.act);
  const unparsed = reports
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_UNPARSED)
    .map(({ text }) => (text.length > MAX_SPAN ? `${text.slice(0, MAX_SPAN - 3)}...` : text));
  if (acts.length === 0) {
    const failed = failedParse('no act found (expected e.g. "<option> has <attribute> <level>." or "Nothing to add.")');
    return unparsed.length > 0 ? { ...failed, unparsed } : failed;
  }
  return unparsed.length > 0 ? { acts, unparsed } : { acts };
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
    // nothing inside <think>…</think> (closed or cut off) is said: the reasoning rule, the same on every surface
    const said = stripReasoning(text);
    // tables, JSON and YAML acts first; their text is masked for the sentence reader
    const structured = structuredActs(said, task);
    const tokens = naturalTokens(structured.text);
    const state: ParseState = {
      task,
      options: optionTokens,
      attributes: attributeTokens,
      context: null,
      subject: null,
    };
    const acts: { at: number; act: Act }[] = [...structured.acts];
    const unparsed: { at: number; text: string }[] = [...structured.unparsed];
    let pendingAsks: Act[] = [];
    let addressTo: number | undefined;
    let lastAsk: { at: number; act: Act } | null = null;
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
      // "Candidate C's communication? It's a 2.": a question the speaker answers at once is a share
      const answer = lastAsk === null ? null : itsLevel(sentence, first, to, state);
      if (answer !== null && answer.end === to && lastAsk !== null) {
        const { option, attribute } = lastAsk.act as { option: number; attribute: number };
        const [lo, hi] = task.levels;
        if (answer.value < lo || answer.value > hi)
          throw new LevelRangeError(`level ${answer.value} out of range (levels ${lo}..${hi})`);
        lastAsk.act = { kind: "share", option, attribute, level: answer.value };
        lastAsk = null;
        continue;
      }
      const found = parseSentence(sentence, first, state);
      // "Question for Agent 2:" on its own line puts the next sentence's questions to Agent 2
      if (addressTo !== undefined)
        for (const act of found.acts) if (act.kind === "ask" && act.to === undefined) act.to = addressTo;
      addressTo = undefined;
      const lastRaw = structured.text.slice(
        (tokens[to - 1] as NaturalToken).start,
        (tokens[to - 1] as NaturalToken).end,
      );
      if (found.acts.length === 0 && found.to !== undefined && lastRaw.endsWith(":")) addressTo = found.to;
      if (found.acts.length > MAX_ACTS || acts.length + found.acts.length > MAX_ACTS)
        return failedParse(`too many acts (limit ${MAX_ACTS})`);
      const at = (tokens[start] as NaturalToken).start;
      for (const act of found.acts) acts.push({ at, act });
      const asked = found.acts.length === 1 && found.acts[0]?.kind === "ask" && found.acts[0].to === undefined;
      lastAsk = asked ? (acts[acts.length - 1] as { at: number; act: Act }) : null;
      pendingAsks = found.acts.filter((a) => a.kind === "ask" && a.to === undefined);
      if (found.acts.length === 0 && !found.heading && first < to) {
        if (unparsed.length < MAX_UNPARSED) {
          const from = (tokens[first] as NaturalToken).start;
          const span = structured.text.slice(from, (tokens[to - 1] as NaturalToken).end);
          unparsed.push({ at: from, text: span });
        }
      }
    }
    if (acts.length > MAX_ACTS) return failedParse(`too many acts (limit ${MAX_ACTS})`);
    return naturalResult(acts, unparsed);
  } catch (error) {
    if (error instanceof LevelRangeError) return failedParse(error.message);
    return failedParse(`unparseable message (${error instanceof Error ? error.message : String(error)})`);
  }
}
