import { glossedLevels } from "./natural/glossed-levels";
import { withoutRelayedLines, withoutSpeakerLeads } from "./natural/speaker-leads";
import { withoutUnsaid, withoutWeights } from "./natural/weight-phrases";
import { othersListSpans, withdrawnCells, withoutSpans, withoutWithdrawn } from "./natural/withdrawn-cells";
import type { Act } from "./act";
import { MAX_ACTS, MAX_MESSAGE_LENGTH } from "./message-limits";
import { LevelRangeError } from "./natural/level-range-error";
import { letterTokens } from "./natural/option-letters";
import { structuredActs } from "./natural/structured-acts";
import { unmarkedQuestions } from "./natural/unmarked-question";
import { SentenceReading } from "./natural/sentence-reading";
import type { NaturalTask, ParseState } from "./natural/sentence";
import { naturalMatchers } from "./natural-matchers";
import { naturalTokens } from "./natural-tokens";
import { failedParse, type MessageParseResult } from "./parse-result";
import { stripReasoning } from "./strip-reasoning";

// The cue families live in ./natural/: share-cues (with share-items), ask-cues, proposal-cues, pass-cues, and
// sentence-address (who a sentence's asks are put to); parse-sentence tries them in order on each sentence.

/** Most not-understood spans reported, and their longest length. */
const MAX_UNPARSED = 32;
const MAX_SPAN = 200;

/** The acts and reports in text order (sentences and tables, JSON or YAML interleaved). */
function naturalResult(
  found: { at: number; act: Act }[],
  reports: { at: number; text: string }[],
  misses: { at: number; text: string }[],
): MessageParseResult {
  const acts = found.sort((a, b) => a.at - b.at).map((f) => f.act);
  const spans = (list: { at: number; text: string }[]): string[] =>
    list
      .sort((a, b) => a.at - b.at)
      .slice(0, MAX_UNPARSED)
      .map(({ text }) => (text.length > MAX_SPAN ? `${text.slice(0, MAX_SPAN - 3)}...` : text));
  const unparsed = spans(reports);
  const missed = spans(misses);
  const extra = {
    ...(unparsed.length > 0 ? { unparsed } : {}),
    ...(missed.length > 0 ? { missed } : {}),
  };
  if (acts.length > MAX_ACTS) return failedParse(`too many acts (limit ${MAX_ACTS})`);
  if (acts.length === 0)
    return {
      ...failedParse('no act found (expected e.g. "<option> has <attribute> <level>." or "Nothing to add.")'),
      ...extra,
    };
  return { acts, ...extra };
}

/**
 * The acts of one clause's text read alone (ParseState's `clauseActs`): the sentence reader only, with no clause
 * reader of its own; null where any of it is unread or refused.
 */
function clauseActs(
  text: string,
  task: NaturalTask,
  options: ParseState["options"],
  attributes: ParseState["attributes"],
  context?: Pick<ParseState, "subject" | "carried" | "place">,
): Act[] | null {
  try {
    const tokens = letterTokens(naturalTokens(text), text, task.domain.options);
    // with `context`, the options the talk points to ("it", "him", "there") are the sentence's, else none
    const state: ParseState = {
      task,
      options,
      attributes,
      context: null,
      subject: context?.subject ?? null,
      ...(context?.carried === undefined ? {} : { carried: context.carried }),
      ...(context?.place === undefined ? {} : { place: context.place }),
    };
    const reading = new SentenceReading(tokens, text, state);
    const ok = reading.readAll();
    if (!ok || reading.unparsed.length > 0) return null;
    return reading.acts.map((f) => f.act);
  } catch {
    return null;
  }
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
    // "torn glove: nothing (0)" (session 62): a level in words glossed with its number reads as the number
    // "I can tell you Dan is free (1)" (session 63): a lead that only announces the speaker's own statement is blanked
    // "leadership carries a weight of 5" (session 63): a weight is no level, its number blanked
    // "Agent 1 -> E service 4" (session 63): a line relaying another agent's figure by an arrow is blanked
    // session 64: struck text, a "?" standing for a blank, an aside calling an earlier value wrong, a gloss of the
    // scale or its direction are blanked (`withoutUnsaid`)
    const said = withoutRelayedLines(
      withoutWeights(withoutSpeakerLeads(glossedLevels(withoutUnsaid(stripReasoning(text), task.levels), task))),
    );
    // tables, JSON and YAML acts first; their text is masked for the sentence reader
    const structured = structuredActs(said, task);
    // "Let's go with C!": a capital letter names its option where the options are one noun and a letter
    // "Hey Agent 1 whats X's Y." (fresh166): a "what's" question closed by a full stop is read as one closed by "?"
    const tokens = unmarkedQuestions(
      letterTokens(naturalTokens(structured.text), structured.text, task.domain.options),
    );
    const state: ParseState = {
      task,
      options: optionTokens,
      attributes: attributeTokens,
      context: null,
      subject: null,
      clauseActs: (clause, context) => clauseActs(clause, task, optionTokens, attributeTokens, context),
    };
    const reading = new SentenceReading(tokens, structured.text, state);
    // a pass said in words and again as JSON or YAML ("Nothing new on my shelves." over {"act": "pass"}, fresh107) is
    // one pass: the structured one is kept only where no sentence passed ("Nothing to add. Nothing to add." stays two)
    reading.acts.push(...structured.acts.filter((f) => f.act.kind !== "pass"));
    const fromStructure = new Set(reading.acts);
    reading.unparsed.push(...structured.unparsed);
    reading.missed.push(...structured.missed);
    if (!reading.readAll()) return failedParse(`too many acts (limit ${MAX_ACTS})`);
    if (!reading.acts.some((f) => f.act.kind === "pass"))
      reading.acts.push(...structured.acts.filter((f) => f.act.kind === "pass"));
    // "Scratch the C phone records entry, I misread the row." after a table (fresh209): that cell's share withdrawn
    const withdrawn = withdrawnCells(structured.text, state);
    // "proposal: Apartment D" in YAML and "I still back D." under it (fresh217, session 62): one proposal
    const structuredProposals = new Set(
      [...fromStructure].flatMap((f) => (f.act.kind === "propose" ? [f.act.option] : [])),
    );
    const once = reading.acts.filter(
      (f) => fromStructure.has(f) || f.act.kind !== "propose" || !structuredProposals.has(f.act.option),
    );
    const kept = withdrawn.length === 0 ? once : withoutWithdrawn(once, withdrawn);
    // "Relayed from Agent 1:" over "- Restaurant B, location: 5" (session 62): another agent's list gives no share
    const acts = withoutSpans(kept, othersListSpans(structured.text));
    return naturalResult(acts, reading.unparsed, reading.missed);
  } catch (error) {
    if (error instanceof LevelRangeError) return failedParse(error.message);
    return failedParse(`unparseable message (${error instanceof Error ? error.message : String(error)})`);
  }
}
