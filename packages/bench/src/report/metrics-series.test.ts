import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { metricsSeries } from "./metrics-series";

const dir = mkdtempSync(join(tmpdir(), "cosir-metrics-series-"));
let n = 0;
const file = (text: string) => {
  const path = join(dir, `m${n++}.jsonl`);
  writeFileSync(path, text);
  return path;
};

describe("metricsSeries", () => {
  it("round trip: one point per line and numeric field, against step", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ step: fc.integer({ min: 0, max: 1e6 }), loss: fc.double({ noNaN: true, min: -1e9, max: 1e9 }) }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        (rows) => {
          const series = metricsSeries(file(rows.map((r) => `${JSON.stringify({ ...r, phase: "rl" })}\n`).join("")));
          expect(Object.keys(series)).toEqual(["loss"]);
          expect(series.loss).toEqual(rows.map((r) => [r.step, JSON.parse(JSON.stringify(r.loss)) as number]));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("anything that is not a metrics JSONL is an error naming the field and the file, never an empty series", () => {
    const cases: [string, RegExp][] = [
      ["", /the file is empty/],
      ["\n\n", /the file is empty/],
      ["hello\n", /line 1 is not a JSON object/],
      ['{"step": 1, "loss": 1}\n[1]\n', /line 2 is not a JSON object/],
      ["null\n", /line 1 is not a JSON object/],
      ['"text"\n', /line 1 is not a JSON object/],
      ['{"step": 1, "note": "x"}\n', /no line has a numeric field/],
    ];
    for (const [text, message] of cases) {
      const path = file(text);
      expect(() => metricsSeries(path, "--metrics"), JSON.stringify(text)).toThrow(message);
      expect(() => metricsSeries(path, "--metrics")).toThrow(/^--metrics: /);
    }
    expect(() => metricsSeries(join(dir, "missing.jsonl"))).toThrow(/metricsJsonl: expected a readable metrics file/);
    console.log(`metrics series: ${cases.length + 1} non-metrics inputs tried, all refused`);
  });
});
