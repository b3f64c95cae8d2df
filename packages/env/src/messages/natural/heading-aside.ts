import type { Act } from "../act";
import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import { type ParseState, type Sentence, sharesReadAgain } from "./sentence";

/**
 * The attribute opening a sentence the readers found no act in (and no question), to be read again in another shape
 * by the readers below; null otherwise.
 */
function openingAttribute(
  s: Sentence,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): { index: number; end: number } | null {
  if (state.clauseActs === undefined || found.length > 0 || (s.tokens[to - 1] as NaturalToken).question) return null;
  return state.attributes.match(s.words, first);
}

/** The text of tokens from..to-1, without the punctuation that closes it ("Leadership," -> "Leadership"). */
function spanText(s: Sentence, text: string, from: number, to: number): string {
  const span = text.slice((s.tokens[from] as NaturalToken).start, (s.tokens[to - 1] as NaturalToken).end);
  return span.replace(/[\s,;:—–-]+$/, "");
}

/** Words of someone else's word in an aside: it is no plain remark of the speaker's. */
const OTHERS = new Set(["agent", "said", "says", "told", "reported", "claimed", "according", "per", "you", "your"]);

/**
 * "Cleanliness, for the ones I hold: A 3, B 5, E 1, F 4." (fresh177): an attribute opening the sentence, then an
 * aside in the speaker's own voice before a colon ("for the ones I hold", "from my notes") that names no option,
 * number or other agent and holds no negation, condition or modal; the sentence is read again as "<attribute>:
 * <rest>". Its shares only, where the readers found no act; null otherwise.
 */
export function withoutHeadingAside(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  const attribute = openingAttribute(s, first, to, found, state);
  if (attribute === null || !s.separated(attribute.end - 1)) return null;
  let colon = -1;
  let own = false;
  for (let k = attribute.end; k < Math.min(to - 1, attribute.end + 8); k++) {
    const w = s.words[k] as string;
    if (OTHERS.has(w) || naturalInteger(w) !== null || cue.numberWords.has(w)) return null;
    if (s.gate[k] === true || s.modal[k] === true || cue.modals.has(w)) return null;
    if (cue.conditionals.has(w) || negationWord(w)) return null;
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return null;
    if (w === "i" || w === "my" || w === "me" || w === "i've" || w === "i'm") own = true;
    if ((s.tokens[k] as NaturalToken).colon === true) {
      colon = k;
      break;
    }
  }
  if (colon < 0 || !own) return null;
  const rest = text.slice((s.tokens[colon + 1] as NaturalToken).start, (s.tokens[to - 1] as NaturalToken).end);
  return sharesReadAgain(state, `${spanText(s, text, first, attribute.end)}: ${rest}`);
}

/** Nouns of an attribute's values after its name: "desk search results", "service scores", "rent figures". */
const VALUE_NOUNS = new Set([
  "results",
  "scores",
  "ratings",
  "figures",
  "numbers",
  "entries",
  "levels",
  "readings",
  "values",
]);

/**
 * "Desk search results, employees A through F: 0, 0, 1, 0, 0, 1." (fresh177): an attribute opening the sentence with a
 * plural noun of its values after it, read again without the noun; its shares only, where the readers found no act.
 */
export function withoutValueNoun(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  const attribute = openingAttribute(s, first, to, found, state);
  if (attribute === null || attribute.end >= to || !VALUE_NOUNS.has(s.words[attribute.end] as string)) return null;
  const noun = s.tokens[attribute.end] as NaturalToken;
  const head = text.slice((s.tokens[first] as NaturalToken).start, (s.tokens[attribute.end - 1] as NaturalToken).end);
  // the noun's own punctuation stays ("results," -> ",")
  const rest = text.slice(noun.start, (s.tokens[to - 1] as NaturalToken).end).replace(/^[^\s,;:—–-]+/, "");
  return sharesReadAgain(state, `${head}${rest}`);
}

/** Words that say the options after them are listed in the levels' order: "in order", "in that order", "ranked as". */
const ORDER_WORDS = new Set(["in", "that", "the", "order", "ranked", "as", "listed", "ordered"]);

/**
 * "Leadership, in order A, B, C, D: 2, 5, 3, 1." and "Value for money, ranked as A, B, C: 3, 3, 5." (fresh187): an
 * attribute opening the sentence, a pause, words of the order ("in order", "ranked as") and then only a list of
 * options before a colon; read again as "<attribute> for <options>: <rest>". Its shares only, where the readers found
 * no act; null otherwise.
 */
export function withoutOrderWords(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  const attribute = openingAttribute(s, first, to, found, state);
  if (attribute === null || !s.separated(attribute.end - 1)) return null;
  let k = attribute.end;
  let order = false;
  for (; k < to && ORDER_WORDS.has(s.words[k] as string); k++)
    if (s.words[k] === "order" || s.words[k] === "ranked") order = true;
  if (!order || k >= to) return null;
  const from = k;
  let options = 0;
  while (k < to) {
    const option = state.options.match(s.words, k);
    if (option === null) return null;
    options++;
    k = option.end;
    if ((s.tokens[k - 1] as NaturalToken).colon === true) break;
    if (s.words[k] === "and") k++;
  }
  if (options < 2 || k >= to) return null;
  const rest = text.slice((s.tokens[k] as NaturalToken).start, (s.tokens[to - 1] as NaturalToken).end);
  return sharesReadAgain(
    state,
    `${spanText(s, text, first, attribute.end)} for ${spanText(s, text, from, k)}: ${rest}`,
  );
}
