import { REWARD_TERMS } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { METRICS_LINE_VERSION, MetricsLineSchema, type RlMetricsLine } from "./metrics-line";

const figure = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY));
const count = fc.nat();
const rlLine: fc.Arbitrary<RlMetricsLine> = fc.record({
  version: fc.constant(METRICS_LINE_VERSION),
  phase: fc.constant("rl" as const),
  iteration: count,
  preset: fc.string(),
  episodes: count,
  // One figure per term of @cosir/rewards' table, then the total.
  rewards: fc.record(
    Object.fromEntries([...REWARD_TERMS, "total"].map((t) => [t, figure])) as Record<
      keyof RlMetricsLine["rewards"],
      typeof figure
    >,
  ),
  teamAccuracy: figure,
  disclosure: figure,
  askRate: figure,
  formatErrors: figure,
  samples: count,
  droppedZeroAdvantage: count,
  learningRate: figure,
  kl: figure,
  entropy: figure,
  clipFraction: figure,
  policyLoss: figure,
  gradNorm: figure,
  samplerMismatch: figure,
  timing: fc.record({
    seconds: figure,
    rolloutSeconds: figure,
    episodesPerSecond: figure,
    sampledTokensPerSecond: figure,
    trainTokensPerSecond: figure,
  }),
});

/** What JSON keeps of a line: non-finite figures become null, read back as NaN. */
function finiteOrNaN(value: unknown): unknown {
  if (typeof value === "number") return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : Number.NaN;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, finiteOrNaN(v)]));
  return value;
}

describe("MetricsLineSchema", () => {
  it("reads back every RL line written as JSON", () => {
    fc.assert(
      fc.property(rlLine, (line) => {
        expect(MetricsLineSchema.parse(JSON.parse(JSON.stringify(line)))).toEqual(finiteOrNaN(line));
      }),
    );
  });

  it("refuses a line without its version, with another version, or with a field it does not know", () => {
    fc.assert(
      fc.property(rlLine, fc.constantFrom("drop", "bump", "extra"), (line, change) => {
        const json = JSON.parse(JSON.stringify(line)) as Record<string, unknown>;
        if (change === "drop") delete json.version;
        else if (change === "bump") json.version = METRICS_LINE_VERSION + 1;
        else json.extraField = 1;
        expect(MetricsLineSchema.safeParse(json).success).toBe(false);
      }),
    );
  });
});
