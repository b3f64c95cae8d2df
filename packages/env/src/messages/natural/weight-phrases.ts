// A task's announced weight said in a message (issue 26, session 63; fresh229, fresh230): "Since leadership carries
// weight 5, I'm backing D", "Given leadership carries a weight of 5, that C number worries me". The number is the
// attribute's weight, never a level of any cell; read as one it was credited to the option named nearby. The number
// after a weight word (weight, weights, weighted, weighs, weighting; "a weight of", "weight is", "weight =", "x5";
// "the heaviest weight (5)", fresh374, session 69) is blanked to spaces, the text's length kept (as glossed-levels does).

const WEIGHT_NUMBER =
  /\b(weight(?:s|ed|ing)?|weighs)(\s*\(\s*|\s+(?:of\s+|is\s+|at\s+|=\s*|:\s*|by\s+)?(?:a\s+)?(?:x|×)?\s*)([+-]?\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)\b(\s*(?:x|×)(?![a-z]))?/gi;

/**
 * A multiplier before the weight word: "which matters a lot with the 5x weight" (fresh547, session 74: a wrong act,
 * the correction before it lost), "a ×3 weighting".
 */
const TIMES_WEIGHT = /(?<![\w.])(?:[x×]\s*\d+|\d+\s*[x×])(?=\s+(?:weight(?:s|ed|ing)?|multiplier)\b)/gi;

/** `text` with each number said as a weight ("weight 5", "a weight of 5", "weighted 3x", "the 5x weight") blanked to spaces. */
export function withoutWeights(text: string): string {
  return text
    .replace(
      WEIGHT_NUMBER,
      (_, word: string, gap: string, n: string, times: string | undefined) =>
        word + gap + " ".repeat(n.length + (times?.length ?? 0)),
    )
    .replace(TIMES_WEIGHT, (times: string) => " ".repeat(times.length));
}

/**
 * `text` with each gloss of the task's own scale in brackets blanked to spaces, the text's length kept: "Ambience
 * (1–5) on my sheet: Restaurant B gets a three." (fresh246, session 64) names the scale, no level. Only the task's
 * range is blanked ("(1-5)", "[1–5]", "(1 to 5)", "(scale 1-5)", "(0..3)"); another range ("(3-4)") is a hedged
 * level and stays, for the readers that refuse it.
 */
export function withoutScaleGlosses(text: string, levels: readonly [number, number]): string {
  const [lo, hi] = levels;
  const value = (n: string) => Number(n.replace("−", "-"));
  const inRange = (n: string) => value(n) >= lo && value(n) <= hi;
  return text
    .replace(SCALE_GLOSS, (gloss: string, a: string, b: string) =>
      value(a) === lo && value(b) === hi ? " ".repeat(gloss.length) : gloss,
    )
    .replace(SCALE_TOP, (gloss: string, top: string) => (value(top) === hi ? " ".repeat(gloss.length) : gloss))
    .replace(LEVEL_MEANINGS, (gloss: string, a: string, b: string, colon: string) =>
      // a colon after the gloss moves up to the word before it, closing the heading as it did
      a !== b && inRange(a) && inRange(b) ? colon.padEnd(gloss.length, " ") : gloss,
    );
}

/**
 * A parenthesis saying what two levels of the task's scale mean: "priya's calendar (0 = blocked, 2 = wide open):"
 * (fresh401, session 69: the heading over four rows was refused, its rows lost), "(1 = worst, 5 = best)", "(0 means
 * busy; 1 means free)". It states no level.
 */
const LEVEL_MEANINGS =
  /[ \t]?[([]\s*([+\-−]?\d{1,2})\s*(?:=|:|means|is)\s*[^()[\]\d\n,;]{1,30}[,;/]\s*(?:and\s+)?([+\-−]?\d{1,2})\s*(?:=|:|means|is)\s*[^()[\]\d\n]{1,30}[)\]](:?)/gi;

const SCALE_GLOSS =
  /[([]\s*(?:scale\s*:?\s*|on a\s+)?([+\-−]?\d{1,3})\s*(?:-|–|—|to|\.\.)\s*([+\-−]?\d{1,3})\s*(?:scale)?\s*[)\]]/gi;

/**
 * The scale's top in brackets after a level: "torn glove rates 1 (out of a max of 3)" (fresh550, session 74: a miss),
 * "(out of 5)", "(max 5)", "(max is 5)"; blanked only where it is the task's top.
 */
const SCALE_TOP =
  /[([]\s*(?:out\s+of\s+(?:a\s+)?(?:max(?:imum)?\s+(?:of\s+)?)?|max(?:imum)?\s*(?:is\s+|of\s+|=\s*)?)([+\-−]?\d{1,3})\s*[)\]]/gi;

/**
 * `text` with markdown strikethrough (`~~Stall B plants sold: 1~~ → Stall B plants sold: -1`, fresh249, session 64)
 * blanked to spaces, the text's length kept: struck text is the speaker's own value taken back, never said.
 */
export function withoutStruck(text: string): string {
  return text.replace(STRUCK, (struck: string) => " ".repeat(struck.length));
}

const STRUCK = /~~[^~\n]{1,300}~~/g;

/**
 * `text` with the removed lines of a diff block blanked and the added lines' "+" marks blanked, the text's length
 * kept: "```diff\n- Restaurant B value for money: 4\n+ Restaurant B value for money: 2\n```" (fresh387, session 69: a
 * wrong act, the 4 kept) takes the 4 back and states the 2, as struck text and its replacement do.
 */
export function withoutDiffRemovals(text: string): string {
  return text.replace(DIFF_BLOCK, (block: string) =>
    block
      .replace(/^([ \t]*)-(?!--)[^\n]*$/gm, (line: string) => " ".repeat(line.length))
      .replace(/^([ \t]*)\+/gm, "$1 "),
  );
}

/**
 * `text` with the fence lines of a flat block of "<name>: <number>" lines under a heading line closed by a colon
 * blanked, the text's length kept: "Plants sold, straight from my records:" over "```yaml" / "Stall A: 1" / ... /
 * "```" (fresh405, session 69: the four shares lost) is the heading and its list, which the line readers take.
 */
export function withoutHeadedFences(text: string): string {
  return text.replace(HEADED_FENCE, (block: string, heading: string, open: string, body: string, close: string) =>
    /\d/.test(heading) ? block : `${heading}${" ".repeat(open.length)}${body}${" ".repeat(close.length)}`,
  );
}

const HEADED_FENCE =
  /^([^\n]*:[ \t]*\n(?:[ \t]*\n)?)([ \t]*```(?:ya?ml)?[ \t]*)(\n(?:[ \t]*[A-Za-z][\w .'-]{0,40}:[ \t]*[+\-−]?\d{1,3}[ \t]*\n){1,12})([ \t]*```[ \t]*)$/gm;

// (at most 60 lines a block: an opening fence with no closing one is given up after them, so the search stays linear)
const DIFF_BLOCK = /^[ \t]*```diff[ \t]*\n(?:[^\n]*\n){0,60}?[ \t]*```[ \t]*$/gim;

/**
 * `text` with a question mark that stands for a blank value blanked, the text's length kept: "- Employee E: email
 * records ? (don't have)" (fresh252, session 64) marks a cell the speaker lacks, no question. Only a "?" followed by
 * an aside saying so.
 */
export function withoutBlankMarks(text: string): string {
  return text.replace(BLANK_MARK, " ");
}

const BLANK_MARK =
  /\?(?=[ \t]*\((?:i\s+)?(?:don't|dont|do not)\s+(?:have(?:\s+it)?|know)\)|[ \t]*\((?:unknown|missing|n\/a|no data|none|blank|not mine)\))/gi;

/**
 * `text` with an aside in parentheses that calls the speaker's earlier value wrong blanked, the text's length kept:
 * "Update on Restaurant B (the menu variety 4 I posted earlier was wrong):" (fresh255, session 64) states no 4. The
 * aside must name the speaker's earlier saying ("I posted", "I gave", "earlier") and call it wrong.
 */
export function withoutWithdrawnAsides(text: string): string {
  return text.replace(ASIDE, (aside: string) =>
    EARLIER.test(aside) && CALLED_WRONG.test(aside) ? " ".repeat(aside.length) : aside,
  );
}

const ASIDE = /\([^()\n]{1,200}\)/g;
const EARLIER = /\b(?:i\s+(?:posted|gave|said|wrote|typed|put|shared|reported)|earlier|before|previously)\b/i;
const CALLED_WRONG = /\b(?:was|is|were)\s+(?:wrong|incorrect|a\s+typo|a\s+mistake|off|mistaken)\b/i;

/**
 * `text` with an aside that glosses the scale's direction blanked, the text's length kept: "Wait time: D 4, E 2, F 3
 * (higher = shorter wait)." (fresh257, session 64) names no level. Only an aside opening with a word of direction
 * ("higher", "lower", "more", "less", "bigger", "smaller") and holding no number.
 */
export function withoutDirectionGlosses(text: string): string {
  return text.replace(DIRECTION_GLOSS, (gloss: string) => " ".repeat(gloss.length));
}

const DIRECTION_GLOSS = /\((?:higher|lower|more|less|bigger|smaller|larger|greater)\b[^()\d\n]{0,60}\)/gi;

/**
 * `text` with what states no level of the speaker's blanked to spaces, the text's length kept (session 64): struck
 * text, a diff block's removed lines (session 69), a "?" standing for a blank, an aside calling the speaker's earlier value wrong, a gloss of the scale's
 * direction.
 */
export function withoutAsides(text: string): string {
  return withoutDirectionGlosses(
    withoutWithdrawnAsides(withoutBlankMarks(withoutStruck(withoutDiffRemovals(withoutHeadedFences(text))))),
  );
}

/**
 * `text` read for levels, the text's length kept (session 64): `withoutAsides`, dot leaders read as a label's colon
 * (`withDotLeaders`, the one pass that writes other than spaces), and a gloss of the task's own scale blanked.
 */
export function withoutUnsaid(text: string, levels: readonly [number, number]): string {
  return withoutScaleGlosses(withDotLeaders(withoutAsides(text)), levels);
}

/**
 * `text` with dot leaders between a name and its number read as a label's colon, the text's length kept: "poison
 * bottle .. 3", "torn glove ..... 1" (fresh273, session 64: the dots had ended sentences and a level went to the next
 * name). Only a run of two or more dots after a space and before a number, in digits or words ("none" too).
 */
export function withDotLeaders(text: string): string {
  return text.replace(DOT_LEADER, (_, before: string, dots: string) => `${before}:${" ".repeat(dots.length - 1)}`);
}

const DOT_LEADER =
  /(\S {1,40})(\.{2,80})(?= {0,40}(?:[+\-−]?\d|(?:none|zero|one|two|three|four|five|six|seven|eight|nine|ten)\b))/gi;
