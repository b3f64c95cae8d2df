const squashed = new Map<string, string>();

/** Whitespace runs to one space, trimmed (memoised: the same task texts are looked up on every call). */
export function squashWhitespace(s: string): string {
  let out = squashed.get(s);
  if (out === undefined) {
    out = s.replace(/\s+/g, " ").trim();
    // a bound, so a long-lived server answering many distinct prompts does not grow without end
    if (squashed.size < 10_000) squashed.set(s, out);
  }
  return out;
}
