// A task's announced weight said in a message (issue 26, session 63; fresh229, fresh230): "Since leadership carries
// weight 5, I'm backing D", "Given leadership carries a weight of 5, that C number worries me". The number is the
// attribute's weight, never a level of any cell; read as one it was credited to the option named nearby. The number
// after a weight word (weight, weights, weighted, weighs, weighting; "a weight of", "weight is", "weight =", "x5")
// is blanked to spaces, the text's length kept (as glossed-levels does).

const WEIGHT_NUMBER =
  /\b(weight(?:s|ed|ing)?|weighs)(\s+(?:of\s+|is\s+|at\s+|=\s*|:\s*|by\s+)?(?:a\s+)?(?:x|×)?\s*)([+-]?\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)\b(\s*(?:x|×)(?![a-z]))?/gi;

/** `text` with each number said as a weight ("weight 5", "a weight of 5", "weighted 3x") blanked to spaces. */
export function withoutWeights(text: string): string {
  return text.replace(
    WEIGHT_NUMBER,
    (_, word: string, gap: string, n: string, times: string | undefined) =>
      word + gap + " ".repeat(n.length + (times?.length ?? 0)),
  );
}
