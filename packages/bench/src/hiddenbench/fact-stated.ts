/**
 * Text normalisation for HiddenBench disclosure: Unicode NFKD with combining marks removed, lower case,
 * every run of characters other than letters and digits turned into one space, trimmed.
 */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

// Function words never count as content: repeating them states nothing.
const STOPWORDS = new Set(
  (
    "the and for are but not you your with this that these those was were has have had its his her " +
    "their they them there then than from into onto over under about after before also only just " +
    "very can could would should will may might must does did done being been any all some each " +
    "which who whom whose what when where why how our ours out off too yet nor per via"
  ).split(" "),
);

/** Content words of normalised text: 3+ characters or containing a digit, not a function word. */
function contentWords(normalised: string): string[] {
  return normalised.split(" ").filter((w) => (w.length >= 3 || /\p{N}/u.test(w)) && !STOPWORDS.has(w));
}

/**
 * Whether a hidden fact was stated in `message` (README "HiddenBench", disclosure). Only the fact's
 * distinctive content counts: its content words (3+ characters or with a digit, function words
 * dropped) that occur nowhere in `context` (the options, the description and the shared facts). The
 * fact is stated when at least `minOverlap` (default 0.8) of those distinctive words occur in the
 * message, or all but one of them when it has three or more (a one-word paraphrase, `enoughWords`), so a message that only echoes the context never discloses. A fact with no distinctive word
 * (a table of letters and Y/N marks, say) is compared on its distinctive word pairs instead: adjacent
 * pairs of its words, one of them a 1-2 character code or mark, that occur nowhere in the context; a
 * fact with neither is never disclosed. With no context every content word is distinctive; then a message containing the whole
 * normalised fact also counts.
 */
export function factStated(fact: string, message: string, minOverlap = 0.8, context: readonly string[] = []): boolean {
  const f = normaliseText(fact);
  const m = normaliseText(message);
  if (f === "") return false;
  const known = new Set(context.flatMap((c) => normaliseText(c).split(" ")));
  if (known.size === 0 && ` ${m} `.includes(` ${f} `)) return true;
  const words = [...new Set(contentWords(f))].filter((w) => !known.has(w));
  if (words.length > 0) {
    const have = new Set(m.split(" "));
    return enoughWords(words.filter((w) => have.has(w)).length, words.length, minOverlap);
  }
  const knownPairs = new Set(context.flatMap((c) => pairs(normaliseText(c))));
  const distinct = [...new Set(pairs(f))].filter((p) => !knownPairs.has(p));
  if (distinct.length === 0) return false;
  const havePairs = new Set(pairs(m));
  return distinct.filter((p) => havePairs.has(p)).length / distinct.length >= minOverlap;
}

/**
 * Whether `hit` of a fact's `n` distinctive words is enough: at least `minOverlap` of them, or (3+ words,
 * minOverlap below 1) all but one, so a short fact restated with one synonym still counts. One or two
 * distinctive words must all be there: one of them alone is too often said without the fact.
 */
export function enoughWords(hit: number, n: number, minOverlap: number): boolean {
  return hit / n >= minOverlap || (n >= 3 && minOverlap < 1 && hit >= n - 1);
}

// Short function words: never a code or a mark.
const SHORT_STOPWORDS = new Set("a an is to of in on at by or as it be we i me my he so up do us am if".split(" "));

/**
 * Adjacent word pairs of normalised text that carry a code or mark the content words miss: neither
 * word a function word, and at least one shorter than 3 characters ("b n", "cape 3").
 */
function pairs(normalised: string): string[] {
  const w = normalised.split(" ").filter((x) => x !== "");
  const plain = (x: string): boolean => !STOPWORDS.has(x) && !SHORT_STOPWORDS.has(x);
  return w
    .slice(1)
    .map((x, i) => [w[i] as string, x] as const)
    .filter(([a, b]) => plain(a) && plain(b) && (a.length < 3 || b.length < 3))
    .map(([a, b]) => `${a} ${b}`);
}
