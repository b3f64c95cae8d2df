import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";

/** A raw word that is one capital letter, with markdown, brackets, a possessive or closing punctuation around it. */
const LETTER = /^[*_"'([`]*([A-Z])(?:[*_`]*(?:'s|’s))?[*_"')\].,!?:;`]*$/;

/** The word a capital letter becomes when it names an option ("B" for "Restaurant B"); no text holds it. */
export const letterWord = (letter: string): string => `⟨${letter.toLowerCase()}⟩`;

/**
 * The options' letters when every option is one shared noun and a distinct capital letter ("Restaurant A" ..
 * "Restaurant F"), as a map from the letter to the option; else an empty map.
 */
export function optionLetters(options: readonly string[]): Map<string, number> {
  const letters = new Map<string, number>();
  let prefix: string | null = null;
  for (const [index, name] of options.entries()) {
    const m = /^(.+) ([A-Z])$/.exec(name);
    if (m === null || (prefix !== null && m[1] !== prefix) || letters.has(m[2] as string)) return new Map();
    prefix = m[1] as string;
    letters.set(m[2] as string, index);
  }
  return letters;
}

/**
 * The tokens with a capital letter that names an option ("Let's go with C!", "B's leadership is a 4") turned into
 * that option's letter word, which the option matcher reads as the option (its `letterSpellings`). Never "I" (the
 * speaker), and "A" opening a sentence only before "'s" ("A 4 on service" opens with the article). Only in a task
 * whose options are one noun and a letter; the text keeps its case, the words are lower-cased, so the letter's
 * case is read from the text.
 */
export function letterTokens(
  tokens: readonly NaturalToken[],
  text: string,
  options: readonly string[],
): NaturalToken[] {
  const letters = optionLetters(options);
  if (letters.size === 0) return [...tokens];
  // the noun's last word ("restaurant" of "Restaurant B"): a letter after it is the full name's
  const noun = (options[0] as string).split(" ").slice(-2, -1)[0]?.toLowerCase();
  return tokens.map((token, k) => {
    if (token.word.length !== 1) return token;
    const m = LETTER.exec(text.slice(token.start, token.end));
    const letter = m?.[1];
    if (letter === undefined || letter === "I" || !letters.has(letter) || letter.toLowerCase() !== token.word)
      return token;
    const previous = tokens[k - 1];
    if (previous !== undefined && previous.word === noun && !previous.pause && !previous.stop) return token;
    const opens = previous === undefined || previous.stop || previous.lineBreak;
    // "- A: 3" under a heading (fresh94), "A and B have ...", "A, B and C" (fresh91, fresh94): a letter closed by a
    // colon or a comma, or joined to another name, is no article
    const closed = /[:,]$/.test(m?.[0] as string);
    // "A is rock-bottom on ambience" (fresh181): a verb right after it, which no article stands before
    const joined = JOINS.has(tokens[k + 1]?.word ?? "") || LETTER_VERBS.has(tokens[k + 1]?.word ?? "");
    // "A ambience 2" (fresh312, session 66: a wrong act, read as the last option's): no article stands before a vowel
    const vowel = /^[aeio]/.test(tokens[k + 1]?.word ?? "") && !/^on(e|ce)/.test(tokens[k + 1]?.word ?? "");
    // "Food quality:" over "A  4", "B  3" (fresh321, session 67): a line of the letter and a number only, beside
    // another such line ("Service at C? A 5." opens with the article: no line of its own; one row is no list)
    const lineLevel = letterLine(tokens, k) && (letterLine(tokens, k + 2) || letterLine(tokens, k - 2));
    if (
      letter === "A" &&
      opens &&
      !lineLevel &&
      tokens[k + 1]?.word !== "'s" &&
      !closed &&
      !joined &&
      !vowel &&
      !namedLevel(tokens, k) &&
      !(letteredLevel(tokens, k) && letteredSentenceBefore(tokens, k, text, letters))
    )
      return token;
    return { ...token, word: letterWord(letter) };
  });
}

/** Is tokens[k..k+1] a whole line of one letter and a number ("A  4", "C 1")? */
function letterLine(tokens: readonly NaturalToken[], k: number): boolean {
  const letter = tokens[k];
  const level = tokens[k + 1];
  if (letter === undefined || level === undefined || letter.word.length !== 1 || !/^[a-z]$/.test(letter.word))
    return false;
  const opens = k === 0 || tokens[k - 1]?.lineBreak === true;
  return opens && /^[0-9]+$/.test(level.word) && (level.lineBreak || tokens[k + 2] === undefined);
}

/**
 * "A service is 4 for me" (fresh166): after the sentence-opening "A", one or two words, "is" / "was" and a level in
 * digits; no article opens that ("A 4 on service", "A rating of 3" do not).
 */
function namedLevel(tokens: readonly NaturalToken[], k: number): boolean {
  for (const verb of [k + 2, k + 3]) {
    const w = tokens[verb]?.word;
    if (w !== "is" && w !== "was") continue;
    for (let j = k; j < verb; j++)
      if ((tokens[j] as NaturalToken).pause || (tokens[j] as NaturalToken).stop) return false;
    // "A food quality is a 2." (fresh534, session 73: a wrong act, read as the last option's): "a" before the level
    const at = tokens[verb + 1]?.word === "a" ? verb + 2 : verb + 1;
    return /^[0-9]$/.test(tokens[at]?.word ?? "") && !/[0-9]/.test(tokens[k + 1]?.word ?? "0");
  }
  return false;
}

/** After the letter at k, one or two plain words and a number closing the sentence ("A communication 2.")? */
function letteredLevel(tokens: readonly NaturalToken[], k: number): boolean {
  for (const at of [k + 2, k + 3]) {
    const level = tokens[at];
    // digits, or a level spelled out
    if (level === undefined || (naturalInteger(level.word) === null && !cue.numberWords.has(level.word))) continue;
    for (let j = k; j < at; j++)
      if ((tokens[j] as NaturalToken).pause || (tokens[j] as NaturalToken).stop) return false;
    return level.stop || level.lineBreak || tokens[at + 1] === undefined;
  }
  return false;
}

/**
 * "C experience 5. C teamwork four. A communication 2." (fresh398, session 69: a wrong act, A's 2 read as C's): the
 * sentence before opens with another option's capital letter, so this "A" (in the shape of `letteredLevel`) is a
 * letter too.
 */
function letteredSentenceBefore(
  tokens: readonly NaturalToken[],
  k: number,
  text: string,
  letters: ReadonlyMap<string, number>,
): boolean {
  let start = k - 1;
  while (start > 0 && !(tokens[start - 1] as NaturalToken).stop && !(tokens[start - 1] as NaturalToken).lineBreak)
    start--;
  const first = tokens[start];
  if (start >= k || first === undefined || first.word.length !== 1) return false;
  const letter = LETTER.exec(text.slice(first.start, first.end))?.[1];
  // "B experience is 5. B leadership could be 3 or 4, my notes unclear. A technical skill 3." (fresh478, session 71:
  // a wrong act): the sentence before opens with another option's letter, whatever its shape
  return letter !== undefined && letter !== "A" && letters.has(letter);
}

/** Verbs right after a sentence-opening "A" that make it the letter: "A is ...", "A has ...", "A scores ...". */
const LETTER_VERBS = new Set(["is", "was", "has", "had", "scores", "scored", "gets", "got", "sits", "ranks", "rates"]);

/** Words that join a sentence-opening "A" to another name: "A and B", "A or C", "A vs B", "A & B". */
const JOINS = new Set(["and", "or", "&", "vs", "versus", "nor"]);

/** The letter word of a name's words of one noun and a letter (["restaurant", "b"] -> ["⟨b⟩"]): a matcher spelling. */
export function letterSpellings(words: string[]): string[][] {
  const letter = words[1];
  return words.length === 2 && letter !== undefined && /^[a-hj-z]$/.test(letter) ? [[letterWord(letter)]] : [];
}

/** Titles before a person's surname in an option's name: "Doctor Finch", "Miss Hartley", "Lord Ashby". */
const TITLES = new Map([
  ["doctor", "dr"],
  ["miss", "ms"],
  ["mister", "mr"],
  ["lord", ""],
  ["lady", ""],
  ["sir", ""],
  ["professor", "prof"],
  ["captain", "capt"],
  ["colonel", "col"],
  ["inspector", ""],
  ["mr", ""],
  ["mrs", ""],
  ["ms", ""],
  ["dr", ""],
]);

/**
 * A titled person's other spellings ("doctor finch" -> "finch", "dr finch"; fresh92-fresh93's "I vote Finch"): the
 * surname alone and the title's short form. The name matcher drops a surname two options share ("Ashby").
 */
export function titledSpellings(words: string[]): string[][] {
  const [title, surname] = words;
  if (words.length !== 2 || title === undefined || surname === undefined || !/^[a-z]{3,}$/.test(surname)) return [];
  const short = TITLES.get(title);
  if (short === undefined) return [];
  return short === "" ? [[surname]] : [[surname], [short, surname]];
}

/** Weekdays' short forms: "Tue 9am" for "Tuesday 9am" (fresh153's "Anyone have Bob for Tue 9am?"). */
const WEEKDAYS = new Map([
  ["monday", ["mon"]],
  ["tuesday", ["tue", "tues"]],
  ["wednesday", ["wed"]],
  ["thursday", ["thu", "thur", "thurs"]],
  ["friday", ["fri"]],
  ["saturday", ["sat"]],
  ["sunday", ["sun"]],
]);

/** A time slot's other spellings with its weekday written short ("monday 9am" -> "mon 9am"). */
export function daySpellings(words: string[]): string[][] {
  const [day, ...rest] = words;
  const shorts = day === undefined ? undefined : WEEKDAYS.get(day);
  if (shorts === undefined) return [];
  return shorts.map((short) => [short, ...rest]);
}
