/**
 * Every fixed word of the canonical surface (messages and observation text). With `o<k>`, `a<m>`,
 * `@<i>`, `A<i>` and integers these make the whole canonical vocabulary (see canonicalVocabulary).
 */
export const CANONICAL_KEYWORDS = [
  "SHARE",
  "ASK",
  "PROPOSE",
  "PASS",
  "CHOOSE",
  ";",
  "|",
  ":",
  "AGENT",
  "OF",
  "OPTIONS",
  "ATTRIBUTES",
  "LEVELS",
  "SUM",
  "MIN",
  "WEIGHTS",
  "TOTAL",
  "SEE",
  "HISTORY",
  "ROUND",
  "SAY",
  "BEFORE",
  "FINAL",
] as const;
