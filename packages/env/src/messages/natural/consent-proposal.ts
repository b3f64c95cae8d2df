import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import type { ParseState, Sentence } from "./sentence";
import { verblessProposal } from "./verbless-proposal";

// A proposal put to the team as a question (issue 26, fresh35..fresh37): "Tuesday morning for the call, agreed?",
// "Restaurant F tonight — any objections?", "We pull everything from Shelf B, yes?". The question asks for the team's
// consent, not for information, so it is read only when the words after the last pause are one of a closed list of
// consent tags and the clause before them is the option alone with a short qualifier of a closed list, or a clause the
// verbless proposal reads. Anything else ("Restaurant A has food quality 5, right?") reads nothing (docs/design.md §2).

/** The team asked for its consent: the whole clause after the last pause, word for word. */
const CONSENT_TAGS: readonly (readonly string[])[] = [
  ["agreed"],
  ["all", "agreed"],
  ["everyone", "agreed"],
  ["are", "we", "agreed"],
  ["we", "agreed"],
  ["yes"],
  ["ok"],
  ["okay"],
  ["deal"],
  ["sound", "good"],
  ["sounds", "good"],
  ["shall", "we"],
  ["any", "objections"],
  ["any", "objection"],
  ["objections"],
  ["anyone", "object"],
  ["does", "anyone", "object"],
  ["can", "we", "agree", "on", "that"],
  ["can", "we", "agree"],
  ["are", "we", "good"],
  ["everyone", "on", "board"],
  ["all", "on", "board"],
  ...["everyone", "everybody", "all"].flatMap((who) =>
    ["good", "ok", "okay", "fine", "happy"].map((how) => [who, how, "with", "that"]),
  ),
  ...["everyone", "everybody", "all", "you", "us"].flatMap((who) => [
    ["does", "that", "work", "for", who],
    ["works", "for", who],
    ["work", "for", who],
  ]),
  ["does", "that", "work"],
];

/**
 * What may stand between the option and the tag: when, for what and as what ("for the call", "for dinner tonight",
 * "as our pick"). Nothing of an attribute, a level or a person, so the clause can only name the choice.
 */
const QUALIFIERS = new Set([
  "for",
  "as",
  "the",
  "our",
  "this",
  "then",
  "tonight",
  "today",
  "tomorrow",
  "week",
  "call",
  "meeting",
  "sync",
  "slot",
  "dinner",
  "lunch",
  "meal",
  "role",
  "job",
  "position",
  "hire",
  "offer",
  "prize",
  "award",
  "suspect",
  "culprit",
  "thief",
  "answer",
  "pick",
  "choice",
  "booking",
  "supplies",
  "order",
  "lease",
  "home",
  "final",
]);

/** Longest qualifier after the option ("for the team call tonight"). */
const MAX_QUALIFIER = 5;

/** The first word of the consent tag closing first..to after a pause, or null. */
function consentTagAt(s: Sentence, first: number, to: number): number | null {
  for (const tag of CONSENT_TAGS) {
    const at = to - tag.length;
    if (at <= first || !s.separated(at - 1)) continue;
    if (tag.every((w, k) => s.words[at + k] === w)) return at;
  }
  return null;
}

/** The option alone (not an owner) at first, then only qualifier words up to to, or null. */
function qualifiedOption(s: Sentence, first: number, to: number, state: ParseState): number | null {
  const option = state.options.match(s.words, first);
  if (option === null || option.end > to || to - option.end > MAX_QUALIFIER) return null;
  for (let k = option.end; k < to; k++) if (!QUALIFIERS.has(s.words[k] as string)) return null;
  return option.index;
}

/**
 * The team asked for its consent before the option (fresh40; fresh39's "Any objections to Restaurant D?"): the
 * words opening the sentence, word for word, then the option.
 */
const CONSENT_LEADS: readonly (readonly string[])[] = [
  ...["objections", "objection"].flatMap((noun) => [
    ["any", noun, "to"],
    [noun, "to"],
  ]),
  ...["anyone", "anybody", "everyone", "everybody"].flatMap((who) => [
    [who, "against"],
    [who, "opposed", "to"],
    [who, "object", "to"],
    ["does", who, "object", "to"],
    ["would", who, "object", "to"],
    ["is", who, "against"],
    ["is", who, "opposed", "to"],
  ]),
];

/** A consent question opening first..to ("Does anyone object to X?"): the option, or null. */
function consentLead(s: Sentence, first: number, to: number, state: ParseState): number | null {
  for (const lead of CONSENT_LEADS) {
    if (!lead.every((w, k) => s.words[first + k] === w)) continue;
    const at = first + lead.length;
    for (let k = at; k < to; k++) if (s.gate[k] === true || (s.tokens[k] as NaturalToken).pause) return null;
    return qualifiedOption(s, at, to, state);
  }
  return null;
}

/**
 * A proposal put as a consent question in first..to: the sentence ends on "?" and its last clause is a consent tag
 * (CONSENT_TAGS); the clause before it is the option with only qualifier words after it, or a clause the verbless
 * proposal reads ("We pull everything from Shelf B, yes?"). No condition may stand in the sentence. The option, or null.
 */
export function consentProposal(s: Sentence, first: number, to: number, state: ParseState): number | null {
  if (!(s.tokens[to - 1] as NaturalToken).question) return null;
  const tag = consentTagAt(s, first, to);
  if (tag === null) return consentLead(s, first, to, state);
  for (let k = first; k < tag; k++) if (cue.conditionals.has(s.words[k] as string) || s.gate[k] === true) return null;
  return qualifiedOption(s, first, tag, state) ?? verblessProposal(s, first, tag, state);
}

/** "shall we", "how about we", "why don't we", "can we just" opening a question: a suggestion of what the team does next. */
const SUGGESTION_LEADS: readonly (readonly string[])[] = [
  ["shall", "we"],
  // "Can we just go with Tuesday morning?" (fresh38)
  ["can", "we", "just"],
  ["can", "we"],
  ["how", "about", "we"],
  ["what", "about", "we"],
  ["why", "don't", "we"],
  ["why", "dont", "we"],
];

/** The word after a suggestion lead at i ("Shall we go with X?", "How about we settle on X?"), or null. */
export function suggestionAt(words: readonly string[], i: number): number | null {
  for (const lead of SUGGESTION_LEADS) if (lead.every((w, k) => words[i + k] === w)) return i + lead.length;
  return null;
}

/**
 * "Monday evening works best; shall we go with it?": a verb of choosing at j and "it" closing the sentence, which
 * points back to the one option named before the question at `question`. The option, or null (none or several named).
 */
export function pointedSuggestion(s: Sentence, j: number, question: number, state: ParseState): number | null {
  const { words } = s;
  if (words[s.to - 1] !== "it" || question <= s.from) return null;
  const verb = cue.proposeVerbs.find((v) => v.length === s.to - 1 - j && v.every((w, k) => words[j + k] === w));
  if (verb === undefined) return null;
  let named: number | null = null;
  for (let k = s.from; k < question; k++) {
    const option = state.options.match(words, k);
    if (option === null) continue;
    if (named !== null && named !== option.index) return null;
    named = option.index;
    k = option.end - 1;
  }
  return named;
}

/** Who may object in "unless someone objects": the team, not one named agent. */
const OBJECTORS = new Set(["someone", "anyone", "somebody", "anybody", "you", "everyone", "the"]);

/**
 * Is k..end, after a pause, only the team's consent ("unless someone objects", "unless anyone disagrees", "unless the
 * team objects")? Then the choice before it stands.
 */
export function consentUnless(s: Sentence, k: number, end: number): boolean {
  return s.separated(k - 1) && teamConsentAt(s, k, end);
}

/**
 * Is k..end only "unless <the team> <objects>", with or without a pause before it ("Let's lock it in unless someone
 * objects", fresh143)?
 */
export function teamConsentAt(s: Sentence, k: number, end: number): boolean {
  const { words } = s;
  if (words[k] !== "unless" || !OBJECTORS.has(words[k + 1] as string)) return false;
  const verb = words[k + 1] === "the" ? k + 3 : k + 2;
  return cue.consent.has(words[verb] as string) && verb + 1 >= end;
}
