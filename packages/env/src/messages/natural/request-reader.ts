import type { Act } from "../act";
import { attributeOwners } from "../natural-matchers";
import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { askPairs } from "./ask-cues";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";

// The request reader (session 59): the slot reader's kind of reading for asks. Where the cue rules read a question or
// request only in the shapes they know, this one reads a sentence they left empty by its parts: each part put to one
// agent ("Agent 4, what's E's wait time, and Agent 5, please give us F's cleanliness level"), to anyone ("Anyone
// holding B's service?"), or to no one in particular names exactly one cell and asks for it, by a question mark, a
// word of request ("tell", "give", "would help", "whoever has it") or an address with nothing but the cell after it
// ("Second, Agent 1, Lord Ashby's broken watch."). Precision first: a number, a negation, a condition, someone
// else's word, the speaker's own holding, a word of opinion, comparison or doubt, or a part with no cell or two
// refuses the whole sentence.

const set = (...words: string[]): ReadonlySet<string> => new Set(words);

/** Words that ask for a value without a question mark: "tell me", "give us", "would help", "whoever has it". */
const REQUESTS = set(
  ..."tell give send share post pass need needs want help appreciate holding hold know whoever anyone anybody someone somebody please pls confirm provide".split(
    " ",
  ),
);

/** Words that refuse the sentence: opinion, comparison, doubt, importance, the speaker's own holding, time and change. */
const REFUSE = set(
  ..."my mine our ours i've we we've we'd we're we'll ourselves she he they her his their them wanted wants think thoughts opinion view views prefer preference agree disagree why whether which matter matters important importance weight weigh better worse best worst higher lower high low good bad strong weak stronger weaker more less most least than same similar different compare versus vs maybe perhaps possibly probably sure certain guess remember recall earlier before previously said says claimed told reported mentioned according per heard already again wrong see saw seen met meet noticed spotted spot cover covered check checked handle right correct typo instead change changed update fix fixing amend".split(
    " ",
  ),
);

/** Question words that ask when they open a part with no question mark: "what's E's wait time, and ...". */
const WH = set("what", "what's", "whats");

/** Modals that only open a request: "could you", "can anyone", "would help". */
const REQUEST_MODALS = set("can", "could", "would", "will");

/** Words that may lead an address: "And Agent 2, ...", "Second, Agent 1, ...". */
const LEADS = set("and", "also", "so", "then", "first", "second", "third", "next", "finally", "lastly", "plus");

/** The speaker as a subject: only of a want ("I need", "I'd like", "I'm missing"); "we" refuses (REFUSE). */
const SPEAKERS = set("i", "i'd", "i'm", "i'll", "myself", "let's", "lets");
/** Adverbs between the speaker and the want: "I also need", "I really need", "I just need". */
const SPEAKER_ADVERBS = set("also", "really", "just", "only", "additionally");
/** Words that put a request to someone: "please", the team. */
const PUT = set("please", "pls", "plz", "anyone", "anybody", "someone", "somebody", "everyone", "everybody", "y'all");
/** Most cells one request part asks: "Natural light for C and D, anybody?" asks two. */
const MAX_PAIRS = 4;
const WANTS = set(..."need want like love missing after looking curious hoping keen lacking still".split(" "));

interface Part {
  to: number;
  /** The agent the part is put to (0-based), if one. */
  agent?: number;
  /** Words of the address, skipped when looking for names. */
  addressEnd: number;
  /** Whether a lead word ("and", "second") opened the address. */
  led: boolean;
}

/**
 * The asks of a sentence the cue rules left empty, one per part, exact or nothing: null where any part names no
 * cell or more than one, or any word refuses the sentence. `address`: the agent the sentence's opening is put to.
 */
export function requestAsks(
  s: Sentence,
  first: number,
  to: number,
  state: ParseState,
  address?: number,
  afterAsk = false,
): Act[] | null {
  const { words } = s;
  const question = (s.tokens[to - 1] as NaturalToken).question === true;
  const parts = splitParts(s, first, to, state);
  if (parts === null) return null;
  // the address the cue rules found for the sentence ("Agent 4, ..." before `first`) is its first part's
  const opening = parts[0] as Part;
  if (opening.agent === undefined && address !== undefined) opening.agent = address;
  const asks: Act[] = [];
  for (const part of parts) {
    // "what's E's wait time" opening the part asks too ("for what it's worth" inside it does not)
    const opener = words[words[part.addressEnd] === "and" ? part.addressEnd + 1 : part.addressEnd] as string;
    // an address alone asks only after a lead ("Second, Agent 1, X's Y."): under a heading it may be a condition's item
    // "@Agent 3 — B's ambience, please. @Agent 5 — food quality for C." (fresh192): an address with the cell alone
    // right after a sentence that asked is the same request put to another agent
    let requested = question || part.led || WH.has(opener) || (afterAsk && part.agent !== undefined);
    const past = !WH.has(opener);
    // "Candidate C's teamwork, if you have it": a closing courtesy asks, and its "if" is no condition
    const courtesy = courtesyStart(words, part.addressEnd, part.to);
    if (courtesy < part.to) {
      requested = true;
      part.to = courtesy;
    }
    let names = 0;
    let named: { option?: number; attribute?: number; howMany: boolean } = { howMany: false };
    for (let k = part.addressEnd; k < part.to; k++) {
      const w = words[k] as string;
      // "Still missing Shelf A's rice bags — Agent 1, can you check?" (fresh216, session 62): "check" after "can
      // you" / "could you" is a request, not the speaker's own checking
      if (w === "check" && words[k - 1] === "you" && REQUEST_MODALS.has(words[k - 2] as string)) {
        requested = true;
        continue;
      }
      if (REFUSE.has(w) || negationWord(w) || cue.conditionals.has(w)) return null;
      if (cue.reporting.has(w) || cue.comparatives.has(w)) return null;
      if (cue.modals.has(w) && !(REQUEST_MODALS.has(w) && requestModal(words, k))) return null;
      // "Agent 2, I also need Miss Hartley's library key." (fresh308, session 66): an adverb before the want
      const want = SPEAKER_ADVERBS.has(words[k + 1] as string) ? words[k + 2] : words[k + 1];
      if (SPEAKERS.has(w) && !WANTS.has(want as string)) return null;
      // "Restaurant A's service was slow — how was the food?": a past event, unless a question word opens the part
      if (past && (w === "was" || w === "were")) return null;
      if (w === "agent" || /^@/.test(w)) return null;
      if (/[0-9]/.test(w) || cue.numberWords.has(w)) return null;
      if (REQUESTS.has(w)) requested = true;
      const option = state.options.match(words, k);
      // "@Agent 1 I also need Dan for Monday 4pm." (fresh348, session 68): a person alone after the want is their
      // attribute, as askPairs reads it
      const owner = WANTS.has(words[k - 1] as string) ? attributeOwners(state.task.domain).get(w) : undefined;
      const attribute =
        option === null
          ? (state.attributes.match(words, k) ?? (owner === undefined ? null : { index: owner, end: k + 1 }))
          : null;
      const name = option ?? attribute;
      if (name !== null) {
        names++;
        named = option !== null ? { ...named, option: option.index } : { ...named, attribute: name.index };
        k = name.end - 1;
      }
      if (w === "how" && (words[k + 1] === "many" || words[k + 1] === "much") && names === 0) named.howMany = true;
    }
    if (!requested || names < 2) return null;
    const pairs = askPairs(s, part.addressEnd, part.to, state);
    // "Anyone know how many rice bags A has?" (fresh199): a count asked of one option and one attribute
    if (pairs.length === 0 && named.howMany && named.option !== undefined && named.attribute !== undefined)
      pairs.push({ option: named.option, attribute: named.attribute });
    // "Natural light for C and D, anybody?", "Restaurant D's cleanliness and location, please." (fresh345,
    // fresh347, session 68): two to four cells, as the ask reader pairs the names; one cell where two names stand
    // (several cells only where the part is put to someone: a question, an address, "please" or the team named;
    // "Still need B's size and C's rent." is a note of the speaker's gaps, fresh62's reading)
    // (and never where the part offers alternatives, "teamwork or experience", or points to one of them, "fill it in")
    const partWords = words.slice(part.addressEnd, part.to);
    const single = partWords.some((w) => w === "or" || w === "it" || w === "that" || w === "this");
    const putTo = !single && (question || part.agent !== undefined || partWords.some((w) => PUT.has(w)));
    if (pairs.length === 0 || pairs.length > (names === 2 || !putTo ? 1 : MAX_PAIRS)) return null;
    for (const { option, attribute } of pairs)
      asks.push(
        part.agent === undefined
          ? { kind: "ask", option, attribute }
          : { kind: "ask", option, attribute, to: part.agent },
      );
  }
  return asks;
}

/** Courtesies that close a request: "if you have it", "when you get a chance", "thanks". */
const COURTESIES: readonly (readonly string[])[] = [
  ["if", "you", "have", "it"],
  ["if", "you've", "got", "it"],
  ["if", "you", "have", "that"],
  ["if", "you've", "got", "that"],
  ["if", "you", "have", "that", "one"],
  ["if", "you", "can"],
  ["if", "possible"],
  ["if", "anyone", "has", "it"],
  ["when", "you", "get", "a", "chance"],
  ["when", "you", "can"],
  ["thanks"],
  ["thank", "you"],
];

/** Where a closing courtesy starts in from..to (with or without a pause before it), or `to` where none closes it. */
function courtesyStart(words: readonly string[], from: number, to: number): number {
  for (const courtesy of COURTESIES) {
    const at = to - courtesy.length;
    if (at > from && courtesy.every((w, n) => words[at + n] === w)) return at;
  }
  return to;
}

/** Is the modal at k one of a request: "could you", "can anyone", "would help", "would be great"? */
function requestModal(words: readonly string[], k: number): boolean {
  const next = words[k + 1] as string;
  return ["you", "anyone", "anybody", "someone", "somebody", "help", "be"].includes(next);
}

/**
 * The sentence's parts: a new part at each address set off by a pause ("Agent 4, ..., and Agent 5, ..."), after a
 * lead word at most; the whole sentence where it addresses no one. Null where an address names an agent the task
 * lacks or a part holds nothing.
 */
function splitParts(s: Sentence, first: number, to: number, state: ParseState): Part[] | null {
  const { words } = s;
  const parts: Part[] = [];
  let k = first;
  while (k < to) {
    let j = k;
    const atStart = k === first || s.separated(k - 1);
    if (atStart && LEADS.has(words[j] as string)) j++;
    const tag = words[j] === "agent" || words[j] === "@agent";
    // "@Agent 1 I also need Dan for Monday 4pm." (fresh348, session 68): an "@" tag is an address with no pause too
    const setOff = (s.tokens[j + 1] as NaturalToken | undefined)?.pause === true || words[j] === "@agent";
    if (atStart && tag && setOff && j + 2 <= to) {
      const n = naturalInteger(words[j + 1]);
      if (n === null || n < 1 || n > state.task.agents) return null;
      // the part before this address ends here (an unaddressed opening is a part of its own)
      if (parts.length > 0) (parts[parts.length - 1] as Part).to = k;
      else if (k > first) parts.push({ to: k, addressEnd: first, led: false });
      parts.push({ to, agent: n - 1, addressEnd: j + 2, led: j > k });
      k = j + 2;
      continue;
    }
    k++;
  }
  if (parts.length === 0) parts.push({ to, addressEnd: first, led: false });
  for (const part of parts) if (part.addressEnd >= part.to) return null;
  return parts;
}
