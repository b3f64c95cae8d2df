import { isSpace } from "./is-space";

/** One word of natural text with where it sits and what punctuation follows it. */
export interface NaturalToken {
  /** Lower-cased word, surrounding punctuation stripped, curly apostrophes straightened. */
  word: string;
  /** Offsets of the raw word (punctuation included) in the text. */
  start: number;
  end: number;
  /** A clause break follows: "," ";" ":" or a dash. */
  pause: boolean;
  /** The sentence ends after this word ("." "!" "?", a line break before a list item or heading, a blank line). */
  stop: boolean;
  /** The sentence ends with "?". */
  question: boolean;
  /** A line break follows. */
  lineBreak: boolean;
  /** Inside parentheses: "(confirmed)". */
  aside: boolean;
  /** The pause after the word is ";" (a new clause: "If A had ..., I'd pick A; for now I propose B") or ":". */
  semicolon?: boolean;
  colon?: boolean;
  /** A dash ("—", "–", " - ") follows: a label's pause like a colon ("Cakes sold — Stall B: 2, Stall C: -1"). */
  dash?: boolean;
  /** A slash (" / ") follows: names it joins are a list as "and" joins them ("Monday evening / Tuesday morning"). */
  slash?: boolean;
}

/** Words that only pause a clause: dashes, bars, slashes and arrows ("**Proposal →** X", "Restaurant A -> 4"). */
// "Size → A 5 · B 1 · C 5" (fresh116): middle dots and bullets between items
const DASHES = new Set(["—", "–", "-", "|", "/", "→", "->", "=>", "·", "•"]);

/**
 * Dashes that may end a label as a colon does ("Cakes sold — ...", "Size → A 5, B 1", fresh116); bars, slashes and
 * dots do not.
 */
const LABEL_DASHES = new Set(["—", "–", "-", "→", "->", "=>"]);

/** Full-width punctuation (Chinese-style text) and the ASCII mark each stands for, one character for one. */
const FULL_WIDTH = new Map([
  ["，", ","],
  ["：", ":"],
  ["；", ";"],
  ["。", "."],
  ["！", "!"],
  ["？", "?"],
  ["、", ","],
]);
const FULL_WIDTH_RE = new RegExp(`[${[...FULL_WIDTH.keys()].join("")}]`, "g");

/** A word of pictographs only ("👋", "✅"): punctuation to the parser, a pause like a dash. */
const PICTOGRAPHS = /^(?:\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|[\u{1F3FB}-\u{1F3FF}])+$/u;

/** A gap between the cells of an aligned row: two or more spaces (or a tab) between words. */
const GRID_GAP = /\S(?: {2,}|\t)\S/;

/** Is the "?" at [i, j) a blank cell of an aligned row: gaps of the row before it and after it, on its line? */
function blankCell(text: string, i: number, j: number): boolean {
  const lineStart = text.lastIndexOf("\n", i) + 1;
  const lineEnd = text.indexOf("\n", j);
  const after = text.slice(j - 1, lineEnd < 0 ? text.length : lineEnd);
  return GRID_GAP.test(text.slice(lineStart, i)) && /^\S(?: {2,}|\t)\S/.test(after);
}

/**
 * Inline TeX math: a span between dollars on one line that opens and closes on a non-space, with no dollar inside
 * ("$5$", "$= -2$", "$\text{Restaurant A}$"; "$5 and $7", two prices, is none).
 */
const TEX_SPAN = /(?<![\w$])\$(?=\S)([^$\n]{1,80}?)(?<=\S)\$(?![\w$])/g;
/** TeX's markup inside such a span: "\text{", "\mathrm{", braces and subscripts' "_". */
const TEX_MARKUP = /\\(?:text|mathrm|textbf|mathbf|textit|boxed)\{|[{}_]/g;

/**
 * "the correct count is $5$." (fresh539, session 74: a wrong act), "Stall C cakes sold $= -2$" (a miss): inline TeX
 * math holding a digit or text read as its plain words, each character kept in place (the dollars and the markup
 * become spaces, so the tokens' offsets into the text stay true); any other dollar is left as it was.
 */
function texPlain(text: string): string {
  if (!text.includes("$")) return text;
  return text.replace(TEX_SPAN, (span, body: string) =>
    /\d|\\text/.test(body) ? ` ${body.replace(TEX_MARKUP, (m) => " ".repeat(m.length))} ` : span,
  );
}
const LEADING = new Set(['"', "'", "(", "[", "{", "*", "_", "<", "`", "“", "‘", "«", "~"]);
const TRAILING = new Set([
  ".",
  ",",
  "!",
  "?",
  ";",
  ":",
  '"',
  "'",
  ")",
  "]",
  "}",
  "*",
  "_",
  ">",
  "`",
  "”",
  "’",
  "»",
  "~",
]);
const MARKDOWN = /^(?:#{1,6}|[-*+•>]|\d{1,3}[.)])$/;

/** A word of punctuation alone (a dash, bar, slash or arrow, "=", a pictograph): the pause it puts on the word before. */
function markPunctuationWord(last: NaturalToken, word: string, tail: string): void {
  // "Candidate A = 2": "=" labels as a colon does
  if (word === "=") last.colon = true;
  last.pause = true;
  if (LABEL_DASHES.has(word)) last.dash = true;
  if (word === "/") last.slash = true;
  // "Cleanliness update 🧼:" (fresh75), "C is great ✅.": the punctuation after a pictograph is the word's before it
  if (PICTOGRAPHS.test(word)) punctuate(last, tail);
}

/** The clause and sentence marks in a run of punctuation put on the word before it: "?" "." ";" ":" ",". */
function punctuate(last: NaturalToken, marks: string): void {
  if (/[.!?]/.test(marks)) last.stop = true;
  if (marks.includes("?")) last.question = true;
  if (/[,;:]/.test(marks)) last.pause = true;
  if (marks.includes(";")) last.semicolon = true;
  if (marks.includes(":")) last.colon = true;
}

/**
 * Does the raw word open a list item or heading at a line's start? "3." does only at the start of the text, after a
 * finished sentence or another item, after a blank line, or under a bold heading line ("**Restaurant A**" over "1.
 * food quality: 4", fresh59).
 */
function opensItem(
  raw: string,
  text: string,
  last: NaturalToken | undefined,
  afterItem: boolean,
  newlines: number,
): boolean {
  if (!MARKDOWN.test(raw)) return false;
  if (!/^\d/.test(raw) || last === undefined || last.stop || afterItem || newlines >= 2) return true;
  return newlines >= 1 && /(\*\*|__)$/.test(text.slice(last.start, last.end));
}

/**
 * Tokens of natural text for the natural-surface parser: words as `naturalWords` finds them, except that a
 * possessive "'s" is its own token ("Restaurant A's" -> "restaurant", "a", "'s"), markdown line markers
 * (#, -, *, 1.) at the start of a line are dropped, and sentence and clause ends are marked. A single line
 * break is white space; a blank line, a line break before a list item or heading, or the end of a heading or
 * list line ends a sentence. Linear in the text.
 */
export function naturalTokens(written: string, maxTokens = Number.POSITIVE_INFINITY): NaturalToken[] {
  const text = texPlain(written);
  const tokens: NaturalToken[] = [];
  let lineIsItem = false; // the current line started with a list or heading marker
  let lineStart = true; // no word seen yet on the current line
  let newlines = 0; // line breaks since the last word
  let afterItem = false; // the last non-empty line was a list item or heading
  let depth = 0; // inside "( ... )": 1 until the closing parenthesis
  let indent = 0; // spaces before the first word of the current line
  const markStop = (): void => {
    const last = tokens[tokens.length - 1];
    if (last !== undefined) last.stop = true;
  };
  let i = 0;
  const n = text.length;
  while (i < n && tokens.length < maxTokens) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      if (code === 10) {
        newlines++;
        const last = tokens[tokens.length - 1];
        if (last !== undefined) {
          last.lineBreak = true;
          // a line ending in ":" introduces what follows ("For Restaurant A:" over a list)
          if (/:[*_`"')\]]*$/.test(text.slice(last.start, last.end))) last.stop = true;
        }
        if (lineIsItem || newlines >= 2) markStop();
        afterItem = lineIsItem || afterItem;
        [depth, indent, lineIsItem, lineStart] = [0, 0, false, true];
      } else if (lineStart) indent++;
      i++;
      continue;
    }
    let j = i;
    // "Stall D gets my backing，it is strong" (fresh66): full-width punctuation ends a word as a space would
    while (j < n && !isSpace(text.charCodeAt(j))) if (FULL_WIDTH.has(text[j++] as string)) break;
    // "A=2, B=4" (fresh56): a word and a value joined by "=" are two words with a label's colon between them
    const equals = text.slice(i, j).search(/[\p{L}\p{N})*_]=[-+]?[\p{L}\p{N}*_(]/u);
    if (equals >= 0) j = i + equals + 1;
    const raw = text.slice(i, j).replace(FULL_WIDTH_RE, (c) => FULL_WIDTH.get(c) as string);
    const last = tokens[tokens.length - 1];
    if (lineStart && opensItem(raw, text, last, afterItem, newlines)) {
      if (tokens.length > 0 && newlines > 0) markStop();
      lineIsItem = true;
      lineStart = false;
      newlines = 0;
      i = j;
      continue;
    }
    // a heading ("#"), and (fresh105: YAML without its fence) an indented line of a label and its value or of a label
    // alone ("Monday 4pm:\n  Carol: 0\n  Tuesday 11am:"), a line of structure, ends the sentence before it
    const indented = lineStart && newlines > 0 && indent >= 2 && indentedLabel(text, i);
    const newLine = lineStart && newlines > 0 && last !== undefined && opensSentence(text, last, i);
    if ((lineStart && newlines > 0 && raw.startsWith("#")) || indented || newLine) markStop();
    lineIsItem ||= indented;
    lineStart = false;
    newlines = 0;
    afterItem = false;
    let s = 0;
    let e = raw.length;
    while (s < e && LEADING.has(raw[s] as string)) s++;
    while (e > s && TRAILING.has(raw[e - 1] as string)) e--;
    const tail = raw.slice(e);
    let word = raw.slice(s, e).toLowerCase().replace(/[’‘]/g, "'");
    if (word.length === 0) {
      // punctuation alone ("—", "?", "**:"): it still ends a sentence or clause, but for a "?" that is a blank cell
      // of an aligned row ("Miss Hartley   glove ?   key 1", fresh545, session 74: a wrong act, read as a question)
      if (last !== undefined) punctuate(last, raw === "?" && blankCell(text, i, j) ? "," : raw);
      i = j;
      continue;
    }
    if (DASHES.has(word) || PICTOGRAPHS.test(word) || word === "=") {
      if (last !== undefined) markPunctuationWord(last, word, tail);
      i = j;
      continue;
    }
    word = clippedForms(tokens, SPELLED.get(word) ?? word);
    const aside = depth > 0 || raw.startsWith("(");
    if (raw.includes(")")) depth = 0;
    else if (raw.startsWith("(")) depth = 1;
    // "agent3 has C location 1" (fresh363, session 68: a wrong act): an agent's tag written as one word is two
    const fused = /^(@?agent)(\d{1,2})$/.exec(word);
    const possessive = fused === null ? possessiveOf(word) : null;
    if (possessive !== null) word = possessive;
    const token: NaturalToken = {
      word,
      start: i,
      end: j,
      pause: /[,;:]/.test(tail) || equals >= 0,
      stop: /[.!?]/.test(tail),
      question: tail.includes("?"),
      lineBreak: false,
      aside,
      ...(tail.includes(";") ? { semicolon: true } : {}),
      ...(tail.includes(":") || equals >= 0 ? { colon: true } : {}),
    };
    if (estimated(raw, s, word)) tokens.push(approx(i, i + s, aside));
    const second = fused !== null ? (fused[2] as string) : possessive !== null ? "'s" : null;
    if (second !== null) {
      const first = fused !== null ? (fused[1] as string) : word;
      tokens.push({
        ...token,
        word: first,
        pause: false,
        stop: false,
        question: false,
        semicolon: false,
        colon: false,
      });
      tokens.push({ ...token, word: second });
    } else tokens.push(token);
    // past the "=" that joined the word to its value
    i = equals >= 0 ? j + 1 : j;
  }
  markStop();
  return tokens;
}

/**
 * "C  ambience ~2 (smudged)" (fresh337, session 68): does a single "~" stand before the number `word` (its first
 * character at s of `raw`)? It reads as "approx", an estimate (a struck "~~3~~" is not one).
 */
function estimated(raw: string, s: number, word: string): boolean {
  return s > 0 && raw[s - 1] === "~" && raw[s - 2] !== "~" && /^[-+−]?\d/.test(word);
}

/**
 * The owner of a possessive word ("restaurant b's" -> "restaurant b"), or null where the word is none;
 * "**Restaurant B**'s food quality" (fresh77): the emphasis closes before the possessive.
 */
function possessiveOf(word: string): string | null {
  const closed = word.replace(/(?<=[^*_`])[*_`]+'s$/, "'s");
  return closed.length > 2 && closed.endsWith("'s") ? closed.slice(0, -2) : null;
}

/** The "approx" an estimate's "~" stands for, from start to end of the text. */
function approx(start: number, end: number, aside: boolean): NaturalToken {
  return { word: "approx", start, end, pause: false, stop: false, question: false, lineBreak: false, aside };
}

/**
 * Chat's clipped forms of the speaker's own words, read as the full ones (session 68): `word` as it is read, with
 * the tokens before it mended where the clipping joined two words.
 */
function clippedForms(tokens: NaturalToken[], word: string): string {
  const last = tokens[tokens.length - 1];
  // "sorry earlier i say candidate D teamwork 2. it is 3." (fresh343, a wrong act): "say" after "earlier i" / "before
  // i" is the speaker's past word, "said"
  if (word === "say" && last?.word === "i" && PAST_LEADS.has(tokens[tokens.length - 2]?.word ?? "")) return "said";
  // "earlier i said C neighbourhood 4, its actually 1" (fresh337, a wrong act): "its" before "actually" or "really" is
  // "it's" written without its apostrophe, read as "it" and "'s" as "it's" is
  // "oops i posted shelf B rice bags 5 earlier, thats wrong." (fresh371, session 69: a wrong act, the 5 kept): "thats"
  // after a pause or a stop is "that's" written without its apostrophe; not opening a line that runs on from an
  // unclosed one ("service - A: 3, B: 3" over "thats all i have for now", fresh118, stays a list and a remark)
  if (word === "thats" && last !== undefined && (last.pause || last.stop) && !last.lineBreak) return "that's";
  // "@Agent 3 can u check phone records for Employee E" (fresh500, session 72): "u" right after a modal or an
  // auxiliary of a question is "you"
  if (word === "u" && last !== undefined && U_LEADS.has(last.word) && !last.pause && !last.stop) return "you";
  if ((word === "actually" || word === "really") && last?.word === "its" && !last.pause && !last.stop) {
    tokens[tokens.length - 1] = { ...last, word: "it", pause: false, stop: false, question: false, lineBreak: false };
    tokens.push({ ...last, word: "'s" });
  }
  return word;
}

/** Words after which "u" is "you": "can u", "could u", "do u", "have u", "thank u". */
const U_LEADS: ReadonlySet<string> = new Set(["can", "could", "would", "will", "do", "did", "have", "thank", "are"]);

/** Words before "i say" that make it the speaker's past word ("earlier i say X 2"). */
const PAST_LEADS: ReadonlySet<string> = new Set(["earlier", "before", "previously"]);

/**
 * Words read as another spelling: "resp" for "respectively" ("cleanliness 4, 4, 2 resp.", fresh248, session 64), and
 * a sign that joins as "and" ("camera footage + desk search", "A & B").
 */
const SPELLED: ReadonlyMap<string, string> = new Map([
  ["resp", "respectively"],
  // "rice bags on shelf a and onions on shelf b is 2 and 4 respectivly" (fresh506, session 73: a wrong act): a
  // misspelt order word still pairs the list, or keeps it from being read as one level
  ["respectivly", "respectively"],
  ["respectivley", "respectively"],
  ["respectivelly", "respectively"],
  ["repectively", "respectively"],
  // "Could Agent 5 double-check F's food quality?" (fresh310, session 66): a request to check, as "check" is
  ["double-check", "check"],
  ["doublecheck", "check"],
  ["&", "and"],
  ["+", "and"],
]);

/** Does the line from i hold a short label closed by a colon ("Carol: 0", "Tuesday 11am:")? */
/**
 * "Service: A 3 | B 3 | C 4" over "Value for money: A 1 | B 1 | C 3" (fresh126): does the line at i start a new
 * sentence, opening with a capitalised label, or with a capital after a line that closed on a number?
 */
function opensSentence(text: string, last: NaturalToken, i: number): boolean {
  // "@Agent 1 can you share X's Y\n@Agent 3 Z's W pls" (fresh191): a line opening with an agent's tag
  // "...technical skill pls\nI've got C at 5" (fresh191): a line closed by "please" / "pls" before a capital
  return (
    capitalLabel(text, i) ||
    afterNumber(text, last, i) ||
    /^@(agent)?\s?[1-9]/i.test(text.slice(i, i + 9)) ||
    (/^(please|pls)$/i.test(text.slice(last.start, last.end)) && /^\p{Lu}/u.test(text.slice(i, i + 1)))
  );
}

/** Does the line at i open with a capitalised label ("Value for money:", "**Location:**")? */
function capitalLabel(text: string, i: number): boolean {
  return /^[*_]{0,2}\p{Lu}[\p{L}\p{N}' ]{0,40}[*_]{0,2}:[*_]{0,2}(\s|$)/u.test(text.slice(i, i + 50));
}

/** Did the line before close on a number (the last token's text ends in a digit) and does this one open with a capital? */
function afterNumber(text: string, last: NaturalToken, i: number): boolean {
  if (!/[0-9]$/.test(text.slice(last.start, last.end))) return false;
  if (/^[*_]{0,2}\p{Lu}/u.test(text.slice(i, i + 3))) return true;
  // "library key -> Finch 3, Hartley 1\nbroken watch -> Finch 2" (fresh365, session 68: a wrong act): a line of its
  // own label and an arrow after a line that closed on a number (the label read on would take the number before it)
  return /^[^\s:>-][^:\n>]{0,40}?\s*(?:->|→|=>)\s/.test(text.slice(i, i + 48));
}

function indentedLabel(text: string, i: number): boolean {
  const end = text.indexOf("\n", i);
  const line = text.slice(i, end < 0 ? Math.min(text.length, i + 200) : Math.min(end, i + 200));
  return /^[^:\s][^:]{0,40}:(\s|$)/.test(line);
}
