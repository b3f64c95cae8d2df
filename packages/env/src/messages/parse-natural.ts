import { withoutDisclaimedShares } from "./natural/disclaimed-block";
import { glossedLevels } from "./natural/glossed-levels";
import { personPronouns } from "./natural/person-pronouns";
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

/** Words that mark a later level as the speaker's correction of an earlier one. */
const CORRECTING =
  /\b(?:actually|correction|correcting|corrected|sorry|wait|typo|mistake|mistaken|misread|misspoke|meant|scratch|instead|rather|fix|oops|double-checked|rechecked|recounted)\b/i;

/**
 * One message that shares a cell at two different levels, with a word of correction between the first and the end of
 * the later one's sentence ("Shelf B has 1 rice bag. Sorry, there are actually 2 rice bags on Shelf B.", session 67),
 * keeps only the later level: the withdrawn one is never credited. Without such a word both stay (a rendered act
 * list may hold them), and the same level twice stays two acts (a repeat).
 */
function lastLevels(found: { at: number; act: Act }[], text: string, names: RegExp): { at: number; act: Act }[] {
  const last = new Map<string, { at: number; level: number }>();
  for (const f of found)
    if (f.act.kind === "share") {
      const key = `${f.act.option} ${f.act.attribute}`;
      const seen = last.get(key);
      if (seen === undefined || f.at >= seen.at) last.set(key, { at: f.at, level: f.act.level });
    }
  return found.filter((f) => {
    if (f.act.kind !== "share") return true;
    const later = last.get(`${f.act.option} ${f.act.attribute}`);
    if (later === undefined || later.level === f.act.level) return true;
    const stop = text.slice(later.at).search(/[.!?\n]/);
    const span = text.slice(f.at, stop < 0 ? text.length : later.at + stop);
    return !CORRECTING.test(span.replace(names, " "));
  });
}

/**
 * The task's option and attribute names, whose words are no correction ("wait time" holds "wait": a rendered list
 * "X has location -10. X has wait time -10. X has location -11." kept its first share only until session 68, found
 * by the round-trip property).
 */
function ownNamesPattern(task: NaturalTask): RegExp {
  const cached = namesCache.get(task.domain);
  if (cached !== undefined) return cached;
  const words = [...task.domain.options, ...task.domain.attributes]
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"))
    .sort((a, b) => b.length - a.length);
  const names = new RegExp(`\\b(?:${words.join("|")})\\b`, "gi");
  namesCache.set(task.domain, names);
  return names;
}

const namesCache = new WeakMap<object, RegExp>();

/** "<level> but (I) meant <level>": the speaker's slip and the level meant, in one clause. */
const MEANT = /(-?\d+)\s*,?\s+but\s+(?:i\s+)?meant\s+(-?\d+)\b/gi;

/**
 * "Correction on Restaurant A: I typed menu variety 1 but meant 4." (fresh327, session 67: a wrong act, the option
 * from the heading): the one share of the slipped level in that sentence, before the slip, takes the level meant
 * (where it is in the task's range; else it is dropped, never kept at the slipped level).
 */
function meantLevels(found: { at: number; act: Act }[], text: string, levels: readonly [number, number]): void {
  for (const m of text.matchAll(MEANT)) {
    const [slipped, meant] = [Number(m[1]), Number(m[2])];
    const at = m.index ?? 0;
    const slips = found.filter(
      (f) => f.act.kind === "share" && f.act.level === slipped && f.at <= at && !/[.!?\n]/.test(text.slice(f.at, at)),
    );
    if (slips.length !== 1) continue;
    const slip = slips[0] as { at: number; act: Act };
    if (slip.act.kind !== "share") continue;
    if (meant >= levels[0] && meant <= levels[1]) slip.act = { ...slip.act, level: meant };
    else found.splice(found.indexOf(slip), 1);
  }
}

/** The speaker's own earlier entry in the past perfect: "I'd said", "I had put", "I'd listed". */
// ("I'd put it at 4" is the speaker's "would": no "put"; "(I had said 4)" is an aside after the new value)
const HAD_SAID = /(?<!\(\s*)\bI(?:'d|’d| had)\s+(?:said|listed|written|typed|given|entered|posted|reported|shared)\b/gi;

/**
 * "Correction — I'd said Shelf B had 1 rice bag; there are actually no rice bags on Shelf B." (fresh327, session 67:
 * a wrong act): in a message with a word of correction, the one share of the level a clause that tells what the
 * speaker had said before gives is that withdrawn value, never credited.
 */
function withoutHadSaid(found: { at: number; act: Act }[], text: string): { at: number; act: Act }[] {
  if (!CORRECTING.test(text)) return found;
  const dropped = new Set<{ at: number; act: Act }>();
  for (const m of text.matchAll(HAD_SAID)) {
    const at = m.index ?? 0;
    const start = Math.max(...[".", "!", "?", "\n"].map((c) => text.lastIndexOf(c, at))) + 1;
    const stop = text.slice(at).search(/[,;.!?\n—)]/);
    const end = stop < 0 ? text.length : at + stop;
    const clause = text.slice(at, end);
    // the level the clause itself gives (a correction's new level read at the same place is kept)
    const shares = found.filter(
      (f) =>
        f.act.kind === "share" &&
        f.at >= start &&
        f.at < end &&
        new RegExp(`(^|[^\\d-])${f.act.level}(?!\\d)`).test(clause),
    );
    if (shares.length === 1) dropped.add(shares[0] as { at: number; act: Act });
  }
  return dropped.size === 0 ? found : found.filter((f) => !dropped.has(f));
}

/** A question put to one agent: "Agent 3, can you fill the `missing` field?", "@Agent 2 could you answer these?". */
const ADDRESSED_LINE = /^\s*(?:hey\s+|ok(?:ay)?\s+)?@?agent\s*(\d{1,2})\b[^\n]*\?\s*$/i;
/** A line of a structured block (a fence, JSON or YAML), not prose. */
const BLOCK_LINE = /^\s*(?:```|[{}[\]"'-]|[\w ]{1,40}:\s|$)/;

/**
 * The agent the prose line right above a structured ask's block puts its question to ("Agent 3, can you fill the
 * `missing` field?" over a JSON object, fresh327, session 67: a wrong act), where that line took no act of its own;
 * undefined otherwise.
 */
function blockAddressee(
  text: string,
  at: number,
  found: readonly { at: number }[],
  agents: number,
): number | undefined {
  // walked back line by line from the ask's own line, at most 39 lines (the text before them is never split: a
  // message of many asks stays linear)
  let end = text.lastIndexOf("\n", at - 1) + 1;
  for (let n = 0; end > 0 && n < 39; n++) {
    const start = end >= 2 ? text.lastIndexOf("\n", end - 2) + 1 : 0;
    const line = text.slice(start, end - 1);
    if (BLOCK_LINE.test(line) && !ADDRESSED_LINE.test(line)) {
      end = start;
      continue;
    }
    return lineAddressee(line, start, end, found, agents);
  }
  return undefined;
}

/** The agent the prose line at [start, end) puts its question to, where it took no act of its own; else undefined. */
function lineAddressee(
  line: string,
  start: number,
  end: number,
  found: readonly { at: number }[],
  agents: number,
): number | undefined {
  const m = ADDRESSED_LINE.exec(line);
  if (m === null || found.some((f) => f.at >= start && f.at < end)) return undefined;
  const to = Number(m[1]) - 1;
  return to >= 0 && to < agents ? to : undefined;
}

/**
 * The agent the first prose line right below a structured ask's block puts its question to ("{..., "need": "location
 * for Restaurant C"}" over "Agent 4 — you had location, right?", fresh545, session 74: a wrong act), where that line
 * took no act of its own; undefined otherwise.
 */
function blockAddresseeAfter(
  text: string,
  at: number,
  found: readonly { at: number }[],
  agents: number,
): number | undefined {
  let start = text.indexOf("\n", at) + 1;
  for (let n = 0; start > 0 && n < 40; n++) {
    const next = text.indexOf("\n", start);
    const end = next < 0 ? text.length : next;
    const line = text.slice(start, end);
    if (!ADDRESSED_LINE.test(line) && BLOCK_LINE.test(line) && next >= 0) {
      start = next + 1;
      continue;
    }
    return lineAddressee(line, start, end, found, agents);
  }
  return undefined;
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
    // "I only have Tomas: he's 0 at Monday noon." (session 67): a pronoun for the one person the talk is about
    const said = personPronouns(
      withoutRelayedLines(
        withoutWeights(withoutSpeakerLeads(glossedLevels(withoutUnsaid(stripReasoning(text), task.levels), task))),
      ),
      task,
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
    // "missing": ["Restaurant C value for money"] in JSON and "Does anyone have C's value for money?" under it
    // (fresh329, session 67: a wrong act): one question, as a pass said both ways is one pass
    const asked = (a: Act) => (a.kind === "ask" ? `${a.option} ${a.attribute} ${a.to ?? ""}` : "");
    const proseAsks = new Set(
      once.filter((f) => !fromStructure.has(f) && f.act.kind === "ask").map((f) => asked(f.act)),
    );
    const single = once.filter((f) => !(fromStructure.has(f) && f.act.kind === "ask" && proseAsks.has(asked(f.act))));
    // "None of those are my own numbers." under a JSON object (fresh461, session 70): the block's shares taken back
    const owned = withoutDisclaimedShares(single, fromStructure, structured.text);
    const kept = withdrawn.length === 0 ? owned : withoutWithdrawn(owned, withdrawn);
    // "Relayed from Agent 1:" over "- Restaurant B, location: 5" (session 62): another agent's list gives no share
    const acts = withoutHadSaid(
      lastLevels(withoutSpans(kept, othersListSpans(structured.text)), structured.text, ownNamesPattern(task)),
      structured.text,
    );
    for (const f of acts)
      if (fromStructure.has(f) && f.act.kind === "ask" && f.act.to === undefined) {
        const to =
          blockAddressee(structured.text, f.at, acts, task.agents) ??
          blockAddresseeAfter(structured.text, f.at, acts, task.agents);
        if (to !== undefined) f.act = { ...f.act, to };
      }
    meantLevels(acts, structured.text, task.levels);
    return naturalResult(acts, reading.unparsed, reading.missed);
  } catch (error) {
    if (error instanceof LevelRangeError) return failedParse(error.message);
    return failedParse(`unparseable message (${error instanceof Error ? error.message : String(error)})`);
  }
}
