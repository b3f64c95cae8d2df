/**
 * Thresholds of the behaviour metrics (README "Metrics"). Named so a report can print what it used.
 * - DECISIVE_EPS: a disclosure "lowers a teammate's surprisal" when it lowers it by more than this (nats).
 * - FAIL_TO_ASK_CONFIDENCE: an agent is unsure while P(MAP | its evidence) is below this.
 * - FAIL_TO_ASK_MIN_GAIN: a teammate's cell is worth asking for when its EIG exceeds this (nats).
 */
export const METRIC_THRESHOLDS = {
  decisiveEps: 1e-6,
  failToAskConfidence: 0.9,
  failToAskMinGain: 0.05,
} as const;
