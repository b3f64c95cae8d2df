import { attributeOwners, ownerAttributeAt } from "../natural-matchers";
import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { FRACTION, naturalInteger, signedNumber } from "./natural-integer";
import { afterPluralNoun, optionList } from "./option-list";
import { MAX_LIST, type ParseState, pastWere, personPossessive, type Sentence } from "./sentence";

// The ask cue family: questions and declarative requests naming an attribute of an option.

/** A declarative request for information at i: "tell me", "let me know", "like to know", "wondering", "share". */
export function requestAt(s: Sentence, i: number): boolean {
  const { words } = s;
  const w = words[i] as string;
  const prev = words[i - 1] as string | undefined;
  if (cue.wonder.has(w)) return true;
  // "Agent 3 wanted to know about X's Y" (fresh37): another's want reported, no request of the speaker's
  if (w === "know" && prev === "to") return !othersWant(s, i);
  if (w === "know") return prev === "me" || prev === "us" || cue.askers.has(prev ?? "");
  if (w === "hear" || w === "learn") return prev === "to";
  // "I'd like your reading on X's Y", "I'd love your take on ..."
  // "I'd welcome your figure for X's Y"
  // "I'd love a number on X's Y", "I'd like a figure for X's Y" (fresh30): a value asked for, not a thing wanted
  if (
    (w === "like" || w === "love" || w === "appreciate" || w === "welcome") &&
    (prev === "i'd" || prev === "id" || prev === "we'd")
  )
    return (
      words[i + 1] === "your" ||
      ((words[i + 1] === "a" || words[i + 1] === "an") &&
        VALUE_NOUNS.has(words[i + 2] as string) &&
        (words[i + 3] === "on" || words[i + 3] === "for"))
    );
  // "I'd need X's Y from you", "we need Shelf A's onions"
  // ("We need X's service before deciding" is no request: it asks no one)
  // "I still need X's Y from you": an adverb between the speaker and "need"
  const speaker = STILL.has(prev ?? "") ? (words[i - 2] as string | undefined) : prev;
  // "Still need Restaurant A's service, if anyone has it." (fresh68): the speaker left out, the team asked after it
  const bare = STILL.has(prev ?? "") && s.clauseStart(i - 1);
  // "Still missing B's size, if anyone has it", "I'm still missing rent for C — who has it?" (fresh92, fresh94): the
  // speaker's gap put to the team, as "need" is
  const lacks =
    (w === "need" &&
      (bare || speaker === "i'd" || speaker === "id" || speaker === "i" || speaker === "we" || speaker === "we'd")) ||
    (w === "missing" && (bare || speaker === "i'm" || speaker === "im" || speaker === "we're"));
  // "Need: Erin's availability for Monday 2pm.", "Need B's size before committing." (fresh139): a need with no
  // subject opening its clause, as a note of what the speaker asks for
  if ((w === "need" || w === "needed") && s.clauseStart(i) && !STILL.has(prev ?? "")) return true;
  if (lacks)
    for (let k = i + 1; k < Math.min(s.to, i + 12); k++) {
      if (words[k] === "from" && words[k + 1] === "you") return true;
      // "if anyone has it", "— who has it?": the one asked, then a verb of having
      const asked = words[k] === "who" ? k : words[k] === "if" && ASKED.has(words[k + 1] as string) ? k + 1 : -1;
      if (asked >= 0 && HAS.has(words[asked + 1] as string)) return true;
    }
  if (w === "tell" || w === "share" || w === "remind" || w === "give" || w === "report" || w === "provide")
    return s.clauseStart(i) || cue.requesters.has(prev ?? "") || (prev === "to" && !speakerOffers(s, i - 1));
  // "I'm requesting Restaurant F's location from Agent 3" (fresh157): the speaker's request named as one
  if ((w === "requesting" || w === "request") && (s.clauseStart(i) || prev === "i'm" || prev === "im" || prev === "i"))
    return true;
  // "Agent 2, I'm hoping you can fill in X's Y" (fresh157)
  if (w === "fill" && words[i + 1] === "in" && prev === "can" && words[i - 2] === "you") return true;
  // "I'm after X's Y", "I'd be grateful for X's Y" (the speaker's want, put to the agent the sentence addresses)
  if (w === "after" && (prev === "i'm" || prev === "im") && s.clauseStart(i - 1)) return true;
  if (w === "grateful" && words[i + 1] === "for" && (prev === "be" || prev === "am" || prev === "i'm")) return true;
  // "Agent 1, walk me through X's Y", "bring me up to speed on X's Y", "post X's Y whenever you can"
  if (s.clauseStart(i) || cue.requesters.has(prev ?? "")) {
    if ((w === "walk" || w === "talk") && words[i + 1] === "me" && words[i + 2] === "through") return true;
    // "Agent 2, clue me in on X's Y"
    if (w === "clue" && (words[i + 1] === "me" || words[i + 1] === "us") && words[i + 2] === "in") return true;
    if (w === "bring" && (words[i + 1] === "me" || words[i + 1] === "us") && words[i + 2] === "up") return true;
    if (w === "post" || w === "send" || w === "check") return true;
    // "Agent 2, spill on X's Y", "dish on X's Y" (fresh30): slang for telling
    if ((w === "spill" || w === "dish") && words[i + 1] === "on") return true;
  }
  return false;
}

/**
 * Is the "to" at k the speaker's own offer to tell ("I would like to share one piece of information: ...", fresh382,
 * session 69: a wrong act, read as an ask; "I'd like to report", "I want to share")? The speaker within four words
 * before it, no pause and no one else asked between ("I'd like you to share" stays a request).
 */
function speakerOffers(s: Sentence, k: number): boolean {
  for (let j = k - 1; j >= s.from && j >= k - 4 && !s.separated(j); j--) {
    const w = s.words[j] as string;
    if (cue.requesters.has(w) || w === "agent" || w === "them" || w === "him" || w === "her") return false;
    if (w === "i" || w === "i'd" || w === "id" || w === "we" || w === "we'd" || w === "i'm" || w === "im") return true;
  }
  return false;
}

/** Someone other than the speaker as the subject of a want: "Agent 3 wanted to know", "she'd like to know". */
const OTHERS = new Set(["agent", "he", "she", "they", "he'd", "she'd", "they'd", "someone", "somebody"]);

/** Does another agent or person want to know at i, in the clause up to i (no pause between)? */
function othersWant(s: Sentence, i: number): boolean {
  for (let k = i - 1; k >= s.from && i - k <= 6; k--) {
    if (OTHERS.has(s.words[k] as string)) return true;
    if (k > s.from && s.separated(k - 1)) return false;
  }
  return false;
}

/** What a request asks for after "I'd love a ...": a value, not a thing ("a table", "a break"). */
const VALUE_NOUNS = new Set(["number", "figure", "rating", "score", "reading", "read", "value", "estimate", "count"]);

/** Who "if ..." asks after a gap: "if anyone has it", "if someone has it". */
const ASKED = new Set(["anyone", "someone"]);
/** Verbs of "if anyone has it" after a need. */
const HAS = new Set(["has", "have", "knows", "sees", "holds"]);

/** Between the speaker and "need": "I still need", "I really need". */
const STILL = new Set(["still", "really", "also", "just", "only"]);

/** Is a number (not an agent tag) stated between i and end? Then a question asks about a value. */
export function hasNumber(s: Sentence, i: number, end: number, tagged: ReadonlySet<number>): boolean {
  for (let k = i; k < end; k++) {
    if (tagged.has(k)) continue;
    const w = s.words[k] as string;
    if (naturalInteger(w) !== null || FRACTION.test(w)) return true;
  }
  return false;
}

/**
 * Is the word at k a condition's ("if", "unless", a subjunctive "were")? A plain past "were" inside the question
 * ("how many plants were sold at Stall B?", fresh66) is not.
 */
function conditionalWord(s: Sentence, k: number, from: number): boolean {
  const w = s.words[k] as string;
  if (!cue.conditionals.has(w)) return false;
  // "Can either of you share wait time for D?" (fresh491, session 72): "either of you" is the team asked, no choice
  if (w === "either" && s.words[k + 1] === "of" && (s.words[k + 2] === "you" || s.words[k + 2] === "us")) return false;
  // "Does anyone have C's rent before we lock it in?" (fresh512, fresh518, session 73): a closing "before we <step>"
  // is the team's next step, no condition on the value (as beforeWeDecide reads it in other questions)
  if (w === "before" && beforeWeDecide(s, k - 1) === k) return false;
  // "Agent 2, what were Stall C's raffle tickets?" (fresh227, session 63): a past "were" right after the wh-word
  if (w === "were" && k === from + 1 && cue.whOpeners.has(s.words[from] as string)) return false;
  return !(w === "were" && k > from + 1 && pastWere(s.tokens, s.words, k, from));
}

/** Does the question from q ask for a value (not about one, not a comparison, not negated)? */
export function askable(s: Sentence, q: number, tagged: ReadonlySet<number>): boolean {
  if (hasNumber(s, q, s.to, tagged)) return false;
  let opener: string | undefined;
  let knows = false;
  for (let k = q; k < s.to; k++) {
    const w = s.words[k] as string;
    if (tagged.has(k)) continue;
    // "..., if you know?", "if you have it": a polite condition on the listener, not on the value
    if (
      w === "if" &&
      (s.words[k + 1] === "you" || s.words[k + 1] === "anyone") &&
      POLITE.has(s.words[k + 2] as string)
    ) {
      k += 2;
      continue;
    }
    if (cue.comparatives.has(w) || negationWord(w) || conditionalWord(s, k, q)) return false;
    // "What would X's a need to be ...?" asks a hypothetical; "How would you rate X's Y?" asks the listener's value
    if (
      opener !== undefined &&
      cue.questionModals.has(w) &&
      !(s.words[k + 1] === "you" && RATE.has(s.words[k + 2] as string))
    )
      return false;
    if (opener === undefined && !cue.questionLeadIns.has(w)) opener = w;
    if (cue.knowledge.has(w)) knows = true;
    if (cue.askers.has(w) && cue.haveVerbs.has(s.words[k + 1] as string)) knows = true;
  }
  if (opener === undefined) return false;
  // "Any onions on Shelf A?": "any" before a noun asks for it
  if (cue.whOpeners.has(opener) || (opener === "any" && !cue.askers.has(s.words[q + 1] as string))) return true;
  return knows || !cue.questionOpeners.has(opener);
}

/** (option, attribute) pairs an ask names between i and end. */
export function askPairs(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; attribute: number }[] {
  const { words } = s;
  const pairs: { option: number; attribute: number }[] = [];
  const attributeList = (k: number): { attributes: number[]; end: number } | null => {
    let j = k;
    if (words[j] === "the" || words[j] === "a") j++;
    // "Still missing Erin for Monday 9am — anyone?" (fresh151): a person alone for their attribute after a verb of
    // wanting or checking
    const owner = attributeOwners(state.task.domain).get(words[j] as string);
    const alone = owner !== undefined && WANTING.has(words[j - 1] as string);
    const first = state.attributes.match(words, j) ?? (alone ? { index: owner, end: j + 1 } : null);
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
      // "how many rice bags has Shelf B got?" too
      if (does === "does" || does === "did" || does === "do" || does === "has" || does === "have") {
        const option = state.options.match(words, attrs.end + 1);
        if (option !== null && option.end <= end) {
          for (const a of attrs.attributes) pairs.push({ option: option.index, attribute: a });
          k = option.end;
          continue;
        }
      }
      // "what size is Apartment B?": a wh-word, the attribute, "is" and the option
      const is = words[attrs.end];
      if (cue.whOpeners.has(words[k - 1] as string) && (is === "is" || is === "'s" || is === "are")) {
        const option = state.options.match(words, attrs.end + 1);
        if (option !== null && option.end <= end && (option.end >= end || s.separated(option.end - 1))) {
          for (const a of attrs.attributes) pairs.push({ option: option.index, attribute: a });
          k = option.end;
          continue;
        }
      }
      let j = attrs.end;
      for (let f = 0; f < 2 && cue.askFillers.has(words[j] as string); f++) j++;
      if (cue.askPrepositions.has(words[j] as string)) {
        // "the leadership scores for Candidates A and D" (fresh383, session 69): the options' noun in the plural first
        const options =
          optionList(s, afterPluralNoun(s, j + 1, state), end, state) ?? pointedSlot(s, j + 1, end, state);
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
      // "Shelf B onions count?", "Restaurant A service?": the names alone close the question
      if (options.options.length === 1) {
        const a = attributeList(options.end);
        let e = a?.end ?? end;
        while (e < end && cue.askTails.has(words[e] as string)) e++;
        if (a !== null && e === end) {
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

/** Words a topic may be made of besides its names: "Restaurant C's food quality", "the service at Restaurant A". */
const TOPIC_WORDS = new Set(["the", "'s", "of", "for", "at", "on", "in", "about", "re", "regarding", "and"]);

/** Words that point back to the one option the sentence before spoke about: "that slot", "that one". */
const SLOT_POINTERS: readonly (readonly string[])[] = [
  ["that", "slot"],
  ["this", "slot"],
  ["that", "one"],
  ["that", "option"],
];

/**
 * "For Monday 2pm I've got ... Agent 3, can you confirm Erin for that slot?" (fresh157): a pointer closing the ask,
 * as the option the sentence before spoke about; null when none.
 */
function pointedSlot(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { options: number[]; end: number } | null {
  const pointer = SLOT_POINTERS.find((p) => p.every((w, n) => s.words[k + n] === w));
  const option = state.place ?? null;
  if (pointer === undefined || option === null || k + pointer.length !== end) return null;
  return { options: [option], end };
}

/**
 * "Question for Agent 1: broken watch of Doctor Finch, what level?" (fresh166): where the words after a short lead
 * that puts the sentence to the agent addressed ("Question for", "To") and its pause start; else first.
 */
function addressLeadEnd(s: Sentence, first: number, tagged: ReadonlySet<number>): number {
  if (tagged.size === 0) return first;
  const start = Math.min(...tagged);
  const end = Math.max(...tagged);
  if (start <= first || start - first > 3 || !cue.addressLeads.has(s.words[start - 1] as string)) return first;
  return (s.tokens[end] as NaturalToken).pause ? end + 1 : first;
}

/**
 * "Restaurant C's food quality — Agent 1, any idea?": a question with no names of its own asks about the one
 * pair a bare topic before it names (nothing else there); null otherwise.
 */
export function topicPair(
  s: Sentence,
  first: number,
  question: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
): { option: number; attribute: number } | null {
  for (let k = question; k < s.to; k++)
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return null;
  if (hasNumber(s, first, question, tagged)) return null;
  const pairs = askPairs(s, first, question, state);
  if (pairs.length !== 1) return null;
  for (let k = addressLeadEnd(s, first, tagged); k < question; k++) {
    if (tagged.has(k) || TOPIC_WORDS.has(s.words[k] as string)) continue;
    // "Agent 3 — ambience of Restaurant B please, what number?" (fresh166): a plea closing the topic
    if ((s.words[k] === "please" || s.words[k] === "pls") && s.separated(k)) continue;
    const name = state.options.match(s.words, k) ?? state.attributes.match(s.words, k);
    if (name === null) return null;
    k = name.end - 1;
  }
  return pairs[0] as { option: number; attribute: number };
}

/**
 * "Agent 2 — Lena's calendar, Tuesday morning?", "Tuesday morning, Lena's calendar?": a question of names only,
 * one option and one attribute in either order (nothing but topic words between); null otherwise.
 */
export function fragmentPair(
  s: Sentence,
  first: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
  requested = false,
): { option: number; attribute: number } | null {
  // a question, or a request with "please" ("Agent 2: Lena's calendar for Monday noon, please."), or an item of a
  // list a request introduced (`requested`: "Two things I'd still like from you:" over "- X's Y")
  let please = requested;
  for (let k = first; k < s.to; k++) if (s.words[k] === "please" || s.words[k] === "pls") please = true;
  // "Agent 3, X's calendar at Monday noon — the floor is yours.": names handed over to the agent addressed
  const handOff = tagged.size > 0 ? handOffAt(s, first) : null;
  const lead = tagged.size > 0 ? handOffLead(s, first, tagged) : null;
  if (!(s.tokens[s.to - 1] as NaturalToken).question && !please && handOff === null && lead === null) return null;
  let option: number | null = null;
  let attribute: number | null = null;
  // "Agent 2, Tomas's calendar on Monday morning: 0, 1 or 2?" (fresh191): the levels it may be, offered at the close
  const end = handOff ?? offeredLevels(s, first) ?? s.to;
  for (let k = lead ?? first; k < end; k++) {
    const w = s.words[k] as string;
    if (tagged.has(k)) continue;
    // "Agent 3, what about Erin on Monday 4pm?" (fresh191): "what about" / "how about" opening the names
    if ((w === "what" || w === "how") && s.words[k + 1] === "about" && option === null && attribute === null) continue;
    const o = state.options.match(s.words, k);
    if (o !== null && option === null) {
      option = o.index;
      k = o.end - 1;
      continue;
    }
    // names first ("value for money" starts with a tail word), then "X's poison bottle level, please"
    // "Agent 2, Carol at Monday 4pm?" (fresh157): a person alone for their attribute
    const owner = attributeOwners(state.task.domain).get(w);
    const a = state.attributes.match(s.words, k) ?? (owner === undefined ? null : { index: owner, end: k + 1 });
    // "Restaurant A, food quality: your figure?"
    if (a === null && (TOPIC_WORDS.has(w) || w === "please" || w === "pls" || w === "your" || cue.askTails.has(w)))
      continue;
    // "Agent 2, please confirm Stall A's plants sold.": a request verb right after "please"
    if (a === null && REQUEST_VERBS.has(w) && (s.words[k - 1] === "please" || s.words[k - 1] === "pls")) continue;
    // "Employee B, parking log — result?": a closing word that only asks for the value
    if (a === null && RESULT_WORDS.has(w) && k === s.to - 1 && s.separated(k - 1)) continue;
    // "Dan availability monday 4pm anyone?" (fresh511, session 73): the team asked by the closing word, no pause
    if (a === null && CLOSING_ASKERS.has(w) && k === s.to - 1 && option !== null) continue;
    if (a === null || attribute !== null) return null;
    attribute = a.index;
    k = a.end - 1;
  }
  return option === null || attribute === null ? null : { option, attribute };
}

/**
 * Where a closing offer of levels starts in a question ("...: 0, 1 or 2?", "..., 0 or 1?"): numbers joined by
 * commas and one "or", after a pause; null when none.
 */
function offeredLevels(s: Sentence, first: number): number | null {
  if (!(s.tokens[s.to - 1] as NaturalToken).question) return null;
  let k = s.to;
  let numbers = 0;
  let or = false;
  while (k > first) {
    const w = s.words[k - 1] as string;
    if (naturalInteger(w) !== null) numbers++;
    else if (w === "or" && !or) or = true;
    else break;
    k--;
  }
  return numbers >= 2 && or && k > first && s.separated(k - 1) ? k : null;
}

/** Closing clauses that hand a topic to the agent addressed: "the floor is yours", "over to you", "your turn". */
const HAND_OFFS: readonly (readonly string[])[] = [
  ["the", "floor", "is", "yours"],
  ["over", "to", "you"],
  ["your", "turn"],
  ["your", "call"],
  ["your", "department"],
  ["all", "yours"],
  // polite closings: "X's Y for Z, when you get a chance."
  ["when", "you", "get", "a", "chance"],
  ["when", "you", "have", "a", "moment"],
  ["when", "you", "can"],
  ["at", "your", "convenience"],
];

/** Hand-offs that open an addressed request and lead its topic: "Agent 1, your turn on X's Y." */
const HAND_OFF_LEADS: readonly (readonly string[])[] = [
  ["your", "turn", "on"],
  ["your", "turn", "for"],
  ["over", "to", "you", "on"],
  ["over", "to", "you", "for"],
];

/** Where the topic after an opening hand-off starts ("your turn on" X's Y), or null. */
function handOffLead(s: Sentence, first: number, tagged: ReadonlySet<number>): number | null {
  let k = first;
  while (k < s.to && tagged.has(k)) k++;
  for (const phrase of HAND_OFF_LEADS) if (phrase.every((w, t) => s.words[k + t] === w)) return k + phrase.length;
  return null;
}

/** Verbs of a request after "please": "please confirm X's Y". */
const REQUEST_VERBS = new Set(["confirm", "verify", "check", "share", "send", "give", "post", "report"]);

/** Words closing a names-only question that only ask for the value: "Employee B, parking log — result?". */
const RESULT_WORDS = new Set(["result", "results", "outcome", "status", "verdict", "findings"]);

/** Where a hand-off clause closing the sentence starts (after a pause), or null. */
function handOffAt(s: Sentence, first: number): number | null {
  for (const phrase of HAND_OFFS) {
    const at = s.to - phrase.length;
    if (at <= first || !s.separated(at - 1)) continue;
    if (phrase.every((w, t) => s.words[at + t] === w)) return at;
  }
  return null;
}

/** "if you know", "if you have it", "if anyone remembers": politeness, no condition on the value. */
const POLITE = new Set(["know", "have", "can", "remember", "recall", "knows", "has"]);

/** "How would you rate / score / describe X's Y?": the listener's own value. */
const RATE = new Set(["rate", "score", "describe", "put", "grade", "say"]);

/** Is the option list ending at `end` one of several alternatives ("A or B")? */
function alternativeOr(s: Sentence, end: number): boolean {
  return s.words[end] === "or";
}

/** Openers of a direct question for a value: "what", "how", "which", "where". */
const DIRECT = new Set(["what", "whats", "how", "which", "where"]);
/** A request put as a question: "could you", "can you", "would you", "will you". */
const REQUEST_MODALS = new Set(["could", "can", "would", "will"]);
/** A question about something else than the pair's value: "why", "or" between alternatives, a whole team's. */
const NOT_ONE_PAIR = new Set(["why", "or", "nor", "agent", "if", "whether", "unless"]);

/** Is the number at k a scale's bound ("on a scale of 1 to 5", "from 1 to 5", "out of 5")? */
function scaleBound(words: readonly string[], k: number): boolean {
  const prev = words[k - 1];
  if (prev === "of" && words[k - 2] === "out") return true;
  if (words[k + 1] === "to" && (prev === "of" || prev === "from")) return true;
  return prev === "to" && naturalInteger(words[k - 2]) !== null && (words[k - 3] === "of" || words[k - 3] === "from");
}

/**
 * "Could you read me Lena's calendar for Tuesday morning?", "What did Stall B bring in from cakes sold?", "Where
 * would you put Candidate C's teamwork?": a direct question
 * (a wh-word, or "could you" and the like) that names exactly one option and one attribute and states no level asks
 * for that pair, whatever its verb. Null when it names more or fewer, states a number, compares, negates, sets a
 * condition, names another agent or offers alternatives.
 */
export function onePairQuestion(
  s: Sentence,
  q: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
  addressed = false,
): OnePair | null {
  const { words } = s;
  if (!(s.tokens[s.to - 1] as NaturalToken).question) return null;
  // a question put to one agent ("Agent 1, do your records cover X's Y?", "Agent 3, does X's Y allow for Z?"): any
  // opener, the same checks, and none of the words that make it about something else than the value
  if (addressed) {
    let k = q;
    while (k < s.to && (tagged.has(k) || cue.questionLeadIns.has(words[k] as string))) k++;
    if (!YES_NO.has(words[k] as string)) return null;
    for (let m = k; m < s.to; m++) if (NOT_ASKING.has(words[m] as string)) return null;
    return pairFrom(s, k, tagged, state, false);
  }
  // the clause that opens with the question ("Agent 2, when you get a chance, could you post ...?")
  let j = -1;
  for (let c = q; c < s.to && j < 0; c++) {
    if (c !== q && !s.clauseStart(c)) continue;
    let k = c;
    while (k < s.to && (tagged.has(k) || cue.questionLeadIns.has(words[k] as string))) k++;
    const opener = words[k] as string;
    const request = REQUEST_MODALS.has(opener) && (words[k + 1] === "you" || cue.askers.has(words[k + 1] as string));
    if (DIRECT.has(opener) || request) j = k;
  }
  if (j < 0) return null;
  // "how quiet is Apartment C?": the adjective of an attribute named "<adjective>ness"
  const named = words[j] === "how" ? state.task.domain.attributes.indexOf(`${words[j + 1]}ness`) : -1;
  if (named >= 0 && (words[j + 2] === "is" || words[j + 2] === "'s")) {
    const option = state.options.match(words, j + 3);
    if (option !== null && option.end === s.to && !alternative(s, option.end))
      return { option: option.index, attribute: named };
  }
  return pairFrom(s, j, tagged, state, true);
}

/** Does an alternative follow the option ending at end ("A or B")? */
function alternative(s: Sentence, end: number): boolean {
  return s.words[end] === "or" || s.words[end] === "and";
}

/** Openers of a yes/no question put to one agent: "do your records cover ...", "is X's Y something you can see". */
const YES_NO = new Set(["do", "does", "did", "is", "are", "was", "were", "have", "has", "any", "anything"]);
/** Words that make an addressed question about something else than the pair's value (an opinion, a proposal). */
const NOT_ASKING = new Set([
  "think",
  "agree",
  "sure",
  "mean",
  "matter",
  "matters",
  "propose",
  "proposing",
  "suggest",
  "suggesting",
  "vote",
  "voting",
  "pick",
  "choose",
  "prefer",
  "support",
  "recommend",
  "accuse",
  "back",
  "weight",
  "important",
  "trust",
  "still",
  "already",
  "shared",
  "share",
  "mentioned",
  "said",
  "right",
  "correct",
  "wrong",
]);

/**
 * The one option and one attribute a question names from j on (an "its" or "there" in it takes the one option
 * named earlier in the sentence, then the one the sentence before named, for "there", or spoke about, for "its"); null when it names more or fewer, states a
 * number, compares, negates, sets a condition, names another agent or offers alternatives.
 */
function pairFrom(
  s: Sentence,
  j: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
  modalsAllowed: boolean,
): OnePair | null {
  const { words } = s;
  let there = false;
  let its = false;
  let option: number | null = null;
  let attribute: number | null = null;
  // "What experience do you have for Candidate A and Candidate C?" (fresh427, session 70): options joined by "and"
  const also: number[] = [];
  let optionEnd = -1;
  let joint = false;
  const stop = beforeWeDecide(s, j);
  for (let k = j; k < stop; k++) {
    if (tagged.has(k)) continue;
    const w = words[k] as string;
    if (JOINT.has(w)) joint = true;
    // "How does Candidate C's leadership compare, Agent 2?" (fresh157): "compare" closing a how-question asks the value
    const closingCompare = w === "compare" && words[j] === "how" && (k + 1 >= stop || s.separated(k));
    if (
      NOT_ONE_PAIR.has(w) ||
      (cue.comparatives.has(w) && !closingCompare) ||
      cue.negations.has(w) ||
      w.endsWith("n't")
    )
      return null;
    // "how many apples were there?": a past "were", no condition
    const pastThere = w === "were" && k > j + 1 && words[k + 1] === "there";
    if (conditionalWord(s, k, j) && !pastThere) return null;
    // "What would X's service need to be?" asks a hypothetical; "what would you give X" asks the listener
    if (k > j && cue.questionModals.has(w) && words[k + 1] !== "you" && (modalsAllowed || w !== "can")) return null;
    // "And is Stall C's cakes sold really +2, Agent 1?" (fresh204, a held-out defect of session 59): a signed level too
    if ((signedNumber(w) || FRACTION.test(w)) && !scaleBound(words, k)) return null;
    if (w === "there" && k > j + 1) there = true;
    // "Agent 1, what do you have for her poison bottle?" (fresh86): "her" / "his" where the options are people
    if ((w === "its" || personPossessive(w, state)) && k > j) its = true;
    const o = state.options.match(words, k);
    if (o !== null) {
      if (option !== null && option !== o.index) {
        const joined = (words[k - 1] === "and" || words[k - 1] === "&") && optionEnd === k - 1;
        if (!joined || also.includes(o.index)) return null;
        also.push(o.index);
      } else option = o.index;
      optionEnd = o.end;
      k = o.end - 1;
      continue;
    }
    // "Agent 3, what about Priya's for Monday noon?" (fresh157): a person's attribute by "<person>'s" alone
    const a = state.attributes.match(words, k) ?? ownerAttributeAt(state.task.domain, words, k);
    if (a !== null) {
      if (attribute !== null && attribute !== a.index) return null;
      attribute = a.index;
      k = a.end - 1;
    }
  }
  // "What's Lena's calendar there?": the one option the sentence before named
  // "you counted Shelf B earlier — how many apples were there?", "Restaurant F: how's its location?": the one
  // option named earlier in the sentence first
  // "I'm going with Restaurant C. Agent 2, what did you have for its service?" (fresh52): "its" with no option
  // before it in the sentence takes the one option the sentence before spoke about, as a share's "its" does
  if (option === null && (there || its))
    option = onlyOptionIn(s, s.from, j, tagged, state, its) ?? (there ? state.place : state.subject) ?? null;
  // "Agent 2, you ate at Restaurant A — how was the food?": a question naming no option, set off by a pause from an
  // earlier clause of the sentence that names one option and no attribute, asks about that option
  if (option === null && j > s.from && s.separated(j - 1)) option = onlyOptionIn(s, s.from, j, tagged, state, false);
  // (the options together: "the difference between A and C", "A and C combined" ask no one value)
  if (option === null || attribute === null || (also.length > 0 && joint)) return null;
  return also.length === 0 ? { option, attribute } : { option, attribute, also };
}

/** One pair a question asks for, with `also` the options joined to its option by "and" ("for A and C"). */
export interface OnePair {
  option: number;
  attribute: number;
  also?: number[];
}

/** Words that make a question of several options about them together: "the difference between A and C". */
const JOINT = new Set([
  "between",
  "difference",
  "combined",
  "together",
  "total",
  "sum",
  "average",
  "versus",
  "vs",
  "gap",
]);

/** The team's step a question comes before: "before we do", "before we decide", "before we book". */
const TEAM_STEPS = new Set([
  "do",
  "decide",
  "book",
  "commit",
  "choose",
  "pick",
  "vote",
  "finalize",
  "finalise",
  "sign",
  // "... before we lock it in?" (fresh67)
  "lock",
  "settle",
  // "I'd like to see it for Restaurants A, C and E before we narrow things down." (fresh299, session 65)
  "narrow",
]);

/** Is the word at k the "before" of the team's (or the speaker's) next step ("before we decide", "before I commit")? */
export function teamStepAt(words: readonly string[], k: number): boolean {
  // "... before anyone votes." (fresh319, session 66): the step of anyone on the team
  const who = STEP_TAKERS.has(words[k + 1] as string);
  const step = words[k + 2] as string;
  return words[k] === "before" && who && (TEAM_STEPS.has(step) || TEAM_STEPS.has(step.replace(/s$/, "")));
}

/** Who takes the team's step after "before": "before we decide", "before I commit", "before anyone votes". */
const STEP_TAKERS = new Set(["we", "i", "anyone", "anybody", "everyone", "everybody"]);

/**
 * Where a closing "before we <step>" starts in a question from j on ("Agent 4, can you confirm Restaurant C's wait
 * time before we do?", fresh53): the time of the team's step, no condition on the value, when "before" is followed by
 * "we" (or "I"), a step and at most "it" / "anything" / "that". s.to when there is none.
 */
function beforeWeDecide(s: Sentence, j: number): number {
  const { words } = s;
  for (let k = j + 1; k < s.to - 2; k++) {
    // "Could someone share A's service before I commit?" (fresh181): the speaker's own step as the team's
    if (!teamStepAt(words, k)) continue;
    let end = k + 3;
    if (end < s.to && (words[end] === "it" || words[end] === "anything" || words[end] === "that")) end++;
    if (words[k + 2] === "lock" && (words[end] === "in" || words[end] === "down")) end++;
    return end === s.to ? k : s.to;
  }
  return s.to;
}

/** Before a question, words that make the option named there something else than its topic ("Before we pick X, ..."). */
const NOT_TOPIC = new Set(["before", "after", "if", "when", "unless", "pick", "choose", "go", "propose", "since"]);

/**
 * The only option named between from and to (none or several: null); no attribute named there either, nor a word
 * that makes it other than the question's topic. `namesOnly`: nothing but the option and topic words there
 * ("Restaurant F: how's its location?").
 */
function onlyOptionIn(
  s: Sentence,
  from: number,
  to: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
  namesOnly: boolean,
): number | null {
  let named: number | null = null;
  for (let k = from; k < to; k++) {
    if (tagged.has(k)) continue;
    const w = s.words[k] as string;
    if (NOT_TOPIC.has(w)) return null;
    if (state.attributes.match(s.words, k) !== null) return null;
    if (namesOnly && state.options.match(s.words, k) === null && !TOPIC_WORDS.has(w)) return null;
    const option = state.options.match(s.words, k);
    if (option === null) continue;
    if (named !== null && named !== option.index) return null;
    named = option.index;
    k = option.end - 1;
  }
  return named;
}

/**
 * Whole questions that ask for the pair named just before them: "What is it?", "What do you have?", "Can you help?",
 * "Would you?", "Count?", "any news?".
 */
const POINTER_PHRASES = new Set([
  // "Still missing: B's location. Anyone?" (fresh87): the team asked for the pair just named
  "anyone",
  "anybody",
  "someone",
  "what is it",
  "what 's it",
  "what was it",
  "what 's the score",
  "what is the score",
  "what 's the number",
  "what is the number",
  "what do you have",
  "what have you got",
  "what did you get",
  "what did you find",
  "what do you see",
  "what 's your number",
  "what is your number",
  "what 's your figure",
  "your figure",
  "your number",
  "can you help",
  "could you help",
  "would you",
  "could you",
  "can you",
  "will you",
  "count",
  "number",
  "score",
  "rating",
  "figure",
  "level",
  "got it handy",
  "have it handy",
  "got that handy",
  "have you got it",
  "any news",
  "any update",
  "anything",
  "any luck",
]);

/** Objects of a question that point back to a topic named before it: "Do you have it?", "can you fill that in?". */
const POINTERS = new Set(["it", "that", "this", "them", "those"]);
/** Verbs of such a question: "have", "know", "share", "fill", "give", "send", "post", "check", "confirm". */
const POINTER_VERBS = new Set(["have", "know", "share", "fill", "give", "send", "post", "check", "confirm", "provide"]);

/**
 * "Do you have it?", "can you fill that in?", "Could you share that?": a request that names nothing and points back to
 * a topic (no number, negation, comparison or condition). The topic is read by the caller.
 */
export function pointerQuestion(s: Sentence, q: number, tagged: ReadonlySet<number>, state: ParseState): boolean {
  return pointerRequest(s, q, tagged, state) !== null;
}

/**
 * pointerQuestion's request, with the agent it names before its modal or as its subject ("Agent 2, can you share
 * it?", "Could Agent 2 share it?": `to` 1) if one of the task's is named; null when there is no such request.
 */
export function pointerRequest(
  s: Sentence,
  q: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
): { to?: number } | null {
  const { words } = s;
  if (!(s.tokens[s.to - 1] as NaturalToken).question) return null;
  let j = q;
  while (j < s.to && (tagged.has(j) || cue.questionLeadIns.has(words[j] as string))) j++;
  // "If so, what's the score?": a condition on the listener having it
  if (words[j] === "if" && words[j + 1] === "so") j += 2;
  // "I don't have B's ambience. Agent 2, can you share it?" (fresh505, session 73): the agent called before the modal
  let named: number | undefined;
  if (agentNamed(words, j) && s.separated(j + 1)) {
    named = naturalInteger(words[j + 1] as string) as number;
    j += 2;
  }
  const rest = words.slice(j, s.to).join(" ");
  if (POINTER_PHRASES.has(rest)) return addressed(named, state);
  const opener = words[j] as string;
  // "Could someone please share that value?" (fresh76): anyone on the team asked as "you" is
  const asked = words[j + 1] as string;
  // "I have no data on A's technical skill. Could Agent 2 share it?" (fresh506): an agent asked by name after a modal
  const byName = REQUEST_MODALS.has(opener) && agentNamed(words, j + 1);
  const asker =
    byName || asked === "you" || (cue.askers.has(asked) && (REQUEST_MODALS.has(opener) || opener === "does"));
  if (!((REQUEST_MODALS.has(opener) || opener === "do" || opener === "does") && asker)) return null;
  if (byName) named = naturalInteger(words[j + 2] as string) as number;
  let verb = false;
  let pointer = false;
  for (let k = j + (byName ? 3 : 2); k < s.to; k++) {
    const w = words[k] as string;
    if (tagged.has(k)) continue;
    if (state.options.match(words, k) !== null || state.attributes.match(words, k) !== null) return null;
    // "Could someone fill those in for all three?" (fresh541, session 74): the count of the task's options after "all"
    const counted =
      words[k - 1] === "all" && (cue.numberWords.get(w) ?? naturalInteger(w)) === state.task.domain.options.length;
    if ((naturalInteger(w) !== null && !counted) || negationWord(w) || cue.comparatives.has(w)) return null;
    // "Can someone confirm that cell before we decide?" (fresh160): "before we ..." is the team's step, no condition
    if ((cue.conditionals.has(w) && !(w === "before" && words[k + 1] === "we")) || w === "agent") return null;
    if (POINTER_VERBS.has(w)) verb = true;
    if (POINTERS.has(w) && verb) pointer = true;
  }
  return pointer ? addressed(named, state) : null;
}

/** The request's address: agent `named` (1-based), the whole team when none is named, null for an agent the task lacks. */
function addressed(named: number | undefined, state: ParseState): { to?: number } | null {
  if (named === undefined) return {};
  return named >= 1 && named <= state.task.agents ? { to: named - 1 } : null;
}

/** Words closing a question of names that ask the whole team: "X's Y for Z anyone?". */
const CLOSING_ASKERS: ReadonlySet<string> = new Set(["anyone", "anybody", "someone", "somebody"]);

/** "agent" and a number at j: an agent named (the caller checks the number against the task). */
function agentNamed(words: readonly string[], j: number): boolean {
  return words[j] === "agent" && naturalInteger(words[j + 1] as string) !== null;
}

/**
 * Verbs of a request to check a value: "can you double-check?", "someone confirm?", "Could Agent 3 recheck?" (the
 * tokenizer spells "double-check" / "doublecheck" as "check").
 */
export const CHECK_VERBS: ReadonlySet<string> = new Set(["check", "confirm", "verify", "recheck", "re-check"]);
/**
 * Words that may close such a request: "... check that again for me?", "... confirm that value?". Not "yours" or
 * "your sheet": "Could you check yours?" (fresh123) asks the listener to look at their own copy, no value asked.
 */
const CHECK_TAILS = new Set([
  ...["it", "that", "this", "again", "please", "pls", "plz", "for", "me", "us"],
  ...["one", "value", "number", "figure", "cell"],
]);

/**
 * "can someone double-check?", "Could Agent 5 double-check?", "someone confirm?", "Agent 2, can you recheck that?"
 * (fresh365, fresh369, fresh371, fresh372; session 69): a request to check a value that names nothing — no option,
 * attribute, number, negation or condition — from q (the question's start) to the sentence's end. The value is the
 * one the words before it (or the sentence before) name; the caller reads it. Null when no such request is here;
 * else the agent it names after its modal ("Could Agent 5 double-check?": `to` 4), if one (of the task's) is named.
 */
export function checkRequest(
  s: Sentence,
  q: number,
  tagged: ReadonlySet<number>,
  agents: number,
): { to?: number } | null {
  const { words } = s;
  if (!(s.tokens[s.to - 1] as NaturalToken).question) return null;
  let j = q;
  let to: number | undefined;
  // the one asked, before the modal or after it: "Agent 2, can you ...", "Could Agent 5 ...", "can someone ..."
  for (let pass = 0; pass < 2; pass++) {
    for (let w = words[j] as string; j < s.to; w = words[j] as string) {
      const n = w === "agent" ? naturalInteger(words[j + 1] as string) : null;
      if (n !== null && (n < 1 || n > agents)) return null;
      if (n !== null) {
        to = n - 1;
        j += 2;
      } else if (tagged.has(j) || cue.askers.has(w) || cue.questionLeadIns.has(w) || w.startsWith("@")) j++;
      else break;
    }
    if (pass === 0 && REQUEST_MODALS.has(words[j] as string)) j++;
  }
  if (words[j] === "please" || words[j] === "pls") j++;
  // "double check" written as two words
  if (words[j] === "double" && words[j + 1] === "check") j++;
  if (!CHECK_VERBS.has(words[j] as string)) return null;
  for (let k = j + 1; k < s.to; k++) if (!tagged.has(k) && !CHECK_TAILS.has(words[k] as string)) return null;
  return to === undefined ? {} : { to };
}

/** "you" / "u" and such a verb at j, opening the question. */
function clippedYesNo(words: readonly string[], j: number): boolean {
  return (words[j] === "you" || words[j] === "u") && cue.clippedQuestionVerbs.has(words[j + 1] as string);
}

/** Words of a question about a person's time: "is Carol free on X?", "can Dan make X?", "how's Lena fixed for X?". */
// "can Alice do X?", "where's Priya on X?"
const TIME_WORDS = new Set([
  "free",
  "available",
  "around",
  "make",
  "busy",
  "fixed",
  "open",
  "booked",
  "reachable",
  "do",
  "where",
  // "is Erin good for X?", "is Tomas tied up on X?" (fresh30), "is Omar occupied on X?"
  "good",
  "tied",
  "occupied",
]);
/** Adjectives that name an attribute they do not spell: "how roomy is X?" asks for its size. */
const ADJECTIVE_ATTRIBUTES = new Map([
  ["roomy", "size"],
  ["spacious", "size"],
  ["big", "size"],
  ["large", "size"],
  ["cramped", "size"],
  ["small", "size"],
  ["tiny", "size"],
  ["bright", "natural light"],
  ["sunny", "natural light"],
  ["pricey", "rent"],
  ["expensive", "rent"],
  ["cheap", "rent"],
  ["affordable", "rent"],
  // verbs that name an attribute: "how much does X cost?" asks its rent, "how long do people queue at X?" its wait
  // time (fresh30)
  ["cost", "rent"],
  ["costs", "rent"],
  ["queue", "wait time"],
  ["queues", "wait time"],
  ["queueing", "wait time"],
  ["queuing", "wait time"],
]);
/**
 * Antonyms and near words of the adjective an attribute named `<adjective>ness` is made of: "how noisy is X?" asks
 * for its quietness, "how spotless is X?" for its cleanliness. Keyed by the adjective, so any task's attribute of
 * that name is found.
 */
const ADJECTIVE_RELATIVES = new Map([
  ["quiet", ["noisy", "loud", "peaceful", "calm"]],
  ["clean", ["dirty", "filthy", "spotless", "tidy", "grimy", "messy"]],
  ["bright", ["dark", "gloomy", "dim"]],
  ["safe", ["dangerous", "unsafe", "sketchy"]],
]);
/** The adjective of an attribute named `<adjective>ness` ("quietness" -> "quiet", "cleanliness" -> "clean"). */
function nessAdjective(name: string): string | null {
  const m = /^([a-z]+?)(?:li)?ness$/.exec(name);
  return m === null ? null : (m[1] as string);
}

/**
 * Verbs of seeing, meeting or hearing someone (issue 26, session 44): "Did everyone see Doctor Finch in the library?"
 * (fresh47), "Did anyone notice Lady Ashby near the library?" (fresh48) ask whether someone was seen, not the level
 * of "library key", so a word of an attribute's name in such a question points to nothing.
 */
export const PERCEIVING: ReadonlySet<string> = new Set([
  "see",
  "saw",
  "seen",
  "notice",
  "noticed",
  "spot",
  "spotted",
  "witness",
  "witnessed",
  "hear",
  "heard",
  "meet",
  "met",
  "run",
  "ran",
  "bump",
  "bumped",
]);

/** Verbs before a person's name alone that ask for their cell: "missing Erin for X", "can you confirm Erin for X?". */
const WANTING = new Set(["missing", "need", "have", "has", "got", "check", "confirm", "verify"]);

/** Verbs after a person's name that ask what their cell holds: "what does Lena have for X?". */
const HOLDING = new Set(["have", "show", "say"]);

/** Words too common to point to an attribute by themselves. */
const COMMON = new Set(["the", "for", "of", "and", "at", "on", "in", "to", "sold", "time", "money", "value"]);

/** The attributes one word of a question points to (by owner, a word of the name, its stem, or an adjective). */
function hintedAttributes(words: readonly string[], k: number, names: readonly string[], timed: boolean): number[] {
  const w = words[k] as string;
  const found: number[] = [];
  names.forEach((name, index) => {
    const parts = name.toLowerCase().split(" ");
    const owner = parts[0]?.endsWith("'s") === true ? parts[0].slice(0, -2) : null;
    // "is Carol free on X?": the owner of "<name>'s availability" with a word of time
    // "What does Lena have for Tuesday morning?" (fresh146): the owner as the subject of a verb of holding
    const holds = HOLDING.has(words[k + 1] as string);
    if (owner !== null && w === owner && (timed || holds) && words[k + 1] !== "'s") found.push(index);
    else if (owner === null && w.length >= 4 && !COMMON.has(w)) {
      // "how much light does X get?" (a word of "natural light"), "how clean is X?" (the stem of "cleanliness")
      if (parts.includes(w) || parts.some((p) => p.length > w.length && p.startsWith(w) && w.length >= 5))
        found.push(index);
    }
    if (ADJECTIVE_ATTRIBUTES.get(w) === name.toLowerCase()) found.push(index);
    const adjective = nessAdjective(name.toLowerCase());
    if (adjective !== null && ADJECTIVE_RELATIVES.get(adjective)?.includes(w) === true) found.push(index);
  });
  return found;
}

/**
 * "Agent 3, is Carol free on Tuesday 9am?", "how roomy is Apartment A?", "how much light does Apartment D get?": a
 * question (a wh-word, a yes/no opener or "can") that names exactly one option and no attribute by its name, and
 * points to exactly one attribute by a word of it (its owner with a word of time, a word or the stem of its name,
 * or an adjective for it); no number, negation, comparison, condition, other agent or opinion. Null otherwise.
 */
export function hintedPairQuestion(
  s: Sentence,
  q: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
): { option: number; attribute: number } | null {
  const { words } = s;
  if (!(s.tokens[s.to - 1] as NaturalToken).question) return null;
  let j = q;
  while (j < s.to && (tagged.has(j) || cue.questionLeadIns.has(words[j] as string))) j++;
  const opener = words[j] as string;
  const embedded = embeddedYesNo(words, j);
  // "agent 1 u know lena monday noon?" (fresh387, session 69): "do" left out, as "do you know lena monday noon?"
  const clipped = embedded === j && clippedYesNo(words, j);
  if (embedded > j) j = embedded;
  else if (clipped) j += 2;
  else if (!(DIRECT.has(opener) || YES_NO.has(opener) || REQUEST_MODALS.has(opener) || opener === "how's")) return null;
  let timed = clipped;
  for (let k = j; k < s.to; k++) if (TIME_WORDS.has(words[k] as string)) timed = true;
  let option: number | null = null;
  const hinted = new Set<number>();
  const names = state.task.domain.attributes;
  for (let k = j; k < s.to; k++) {
    if (tagged.has(k)) continue;
    const w = words[k] as string;
    if (NOT_ONE_PAIR.has(w) || NOT_ASKING.has(w) || cue.comparatives.has(w) || cue.negations.has(w)) return null;
    if (w.endsWith("n't") || conditionalWord(s, k, j) || cue.alternatives.has(w) || PERCEIVING.has(w)) return null;
    // "And is Stall C's cakes sold really +2, Agent 1?" (fresh204, a held-out defect of session 59): a signed level too
    if ((signedNumber(w) || FRACTION.test(w)) && !scaleBound(words, k)) return null;
    const o = state.options.match(words, k);
    if (o !== null) {
      if (option !== null && option !== o.index) return null;
      option = o.index;
      k = o.end - 1;
      continue;
    }
    if (state.attributes.match(words, k) !== null) return null;
    for (const a of hintedAttributes(words, k, names, timed)) hinted.add(a);
  }
  // "Agent 2, you ate at Restaurant A — how was the food?": the one option of an earlier clause, as in pairFrom
  if (option === null && j > s.from && s.separated(j - 1)) option = onlyOptionIn(s, s.from, j, tagged, state, false);
  if (option === null || hinted.size !== 1) return null;
  return { option, attribute: [...hinted][0] as number };
}

/** Leads of a yes/no question put inside another: "do you know whether", "any idea if", "can you tell me whether". */
const EMBEDDING_LEADS: readonly (readonly string[])[] = [
  ["do", "you", "know"],
  ["do", "you", "happen", "to", "know"],
  ["does", "anyone", "know"],
  ["does", "anybody", "know"],
  // "Anyone know whether Bob can do Tuesday 11am?" (fresh80): the "does" dropped
  ["anyone", "know"],
  ["anybody", "know"],
  ["would", "you", "know"],
  ["any", "idea"],
  ["can", "you", "tell", "me"],
  ["could", "you", "tell", "me"],
  ["can", "you", "confirm"],
  ["could", "you", "confirm"],
];

/**
 * "Agent 2, do you know whether Alice is free on Tuesday 11am?" (fresh52): after a lead at j and "whether" / "if",
 * the asked clause's first word; else j. The clause is read as the yes/no question it embeds.
 */
function embeddedYesNo(words: readonly string[], j: number): number {
  for (const lead of EMBEDDING_LEADS) {
    if (!lead.every((w, n) => words[j + n] === w)) continue;
    const join = words[j + lead.length];
    return join === "whether" || join === "if" ? j + lead.length + 1 : j;
  }
  return j;
}

/** Openers of a yes/no question about what someone did: "did", "do", "has", "have", "can". */
const DID_OPENERS: ReadonlySet<string> = new Set(["did", "do", "does", "has", "have", "can"]);

/**
 * "Agent 2, did you see Lady Ashby with the poison bottle?", "Has anyone spotted Miss Hartley near ...?" (issue 26,
 * helper h44p, fresh50): a yes/no question whose asker (`you`, `anyone`, ...) sees, meets or hears an option asks
 * whether that happened, not for a level, even when an attribute is named after it. "Do you see any apples on Shelf
 * A?" (what is seen is no option) and "Do you see Stall B's plants sold?" (the option's attribute) still ask.
 */
export function seenOptionQuestion(s: Sentence, q: number, tagged: ReadonlySet<number>, state: ParseState): boolean {
  const { words } = s;
  let j = q;
  while (j < s.to && (tagged.has(j) || cue.questionLeadIns.has(words[j] as string))) j++;
  if (!DID_OPENERS.has(words[j] as string) || !cue.askers.has(words[j + 1] as string)) return false;
  if (!PERCEIVING.has(words[j + 2] as string)) return false;
  const option = state.options.match(words, j + 3);
  // "@Agent 3 — do you see Stall B's plants sold?" (fresh56): the option's attribute seen is a value asked for
  return option !== null && words[option.end] !== "'s";
}
