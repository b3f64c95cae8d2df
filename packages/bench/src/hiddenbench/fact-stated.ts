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

/**
 * Whether a hidden fact was stated in `message` (README "HiddenBench"): the normalised fact is a
 * substring of the normalised message, or at least `minOverlap` (default 0.8) of the fact's distinct
 * normalised words of 3+ characters occur as words of the message (paraphrase with the same content words).
 */
export function factStated(fact: string, message: string, minOverlap = 0.8): boolean {
  const f = normaliseText(fact);
  const m = normaliseText(message);
  if (f === "") return false;
  if (` ${m} `.includes(` ${f} `)) return true;
  const words = [...new Set(f.split(" ").filter((w) => w.length >= 3))];
  if (words.length === 0) return false;
  const have = new Set(m.split(" "));
  return words.filter((w) => have.has(w)).length / words.length >= minOverlap;
}
