import {
  argmaxScoreModel,
  createBeliefs,
  expectedInformationGain,
  observeCell,
  applyClaim,
  surprisal,
} from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "../test/run-cli";

describe("cosir posterior", () => {
  it("answers each line in order, with surprisal and EIG, matching @cosir/bayes", async () => {
    const queries = [
      {
        task: { options: 3, attributes: 4, levels: [1, 5], aggregate: "sum" },
        observed: [
          [0, 0, 5],
          [1, 0, 2],
        ],
        claims: [[2, 1, 4]],
        correct: 0,
        ask: [
          [2, 2],
          [0, 0],
        ],
      },
      {
        task: { options: 2, attributes: 2, levels: [0, 1], aggregate: "min" },
        observed: [
          [0, 0, 1],
          [0, 1, 1],
          [1, 0, 1],
          [1, 1, 1],
        ],
      },
      {
        task: {
          options: 2,
          attributes: 3,
          levels: [1, 3],
          aggregate: "sum",
          weights: [3, 1, 2],
          prior: [0.2, 0.3, 0.5],
        },
        noise: 0,
        claims: [
          [0, 0, 3],
          [0, 0, 1],
        ],
      },
    ];
    const { code, stdout } = await runCli(["posterior"], queries.map((q) => JSON.stringify(q)).join("\n"));
    expect(code).toBe(0);
    const answers = jsonLines(stdout) as {
      posterior: number[];
      degenerate: boolean;
      surprisal?: number;
      eig?: number[];
    }[];
    expect(answers).toHaveLength(3);

    const m = argmaxScoreModel({ options: 3, attributes: 4, levels: [1, 5], aggregate: "sum" });
    const b = createBeliefs({ cells: 12, levels: [1, 5] });
    observeCell(b, 0, 5);
    observeCell(b, 4, 2);
    applyClaim(b, 9, 4, 0.01);
    const p = m.posterior(b);
    expect(answers[0]!.posterior).toEqual(Array.from(p.pmf));
    expect(answers[0]!.surprisal).toBe(surprisal(p.pmf, 0));
    expect(answers[0]!.eig).toEqual([expectedInformationGain(m, b, 10), 0]);
    expect(answers[1]).toEqual({ posterior: [0.5, 0.5], degenerate: true });
    // Two contradictory hard claims: the later wins, no NaN.
    expect(answers[2]!.posterior.every((x) => Number.isFinite(x))).toBe(true);
  });

  it("answers a bad line with an error naming the field, goes on, and exits 1", async () => {
    const lines = [
      "not json",
      JSON.stringify({ task: { options: 2, attributes: 2, levels: [1, 5], aggregate: "max" } }),
      JSON.stringify({ task: { options: 2, attributes: 2, levels: [1, 5], aggregate: "sum" }, observed: [[5, 0, 1]] }),
      JSON.stringify({ task: { options: 2, attributes: 2, levels: [1, 5], aggregate: "sum" }, correct: 0 }),
      JSON.stringify({ task: { options: 2, attributes: 2, levels: [1, 5], aggregate: "sum", weights: [1] } }),
      JSON.stringify({ task: { options: 2, attributes: 2, levels: [1, 100000], aggregate: "sum" } }),
    ];
    const { code, stdout } = await runCli(["posterior"], lines.join("\n"));
    expect(code).toBe(1);
    const answers = jsonLines(stdout) as Record<string, unknown>[];
    expect(answers).toHaveLength(6);
    expect(answers[0]!.error).toMatch(/line 1/);
    expect(answers[1]!.error).toMatch(/aggregate/);
    expect(answers[2]!.error).toMatch(/observed\[0\]\[0\]/);
    expect(answers[3]!.posterior).toEqual([0.5, 0.5]);
    expect(answers[4]!.error).toMatch(/weights/);
    expect(answers[5]!.error).toMatch(/levels/);
  });

  it("never fails on arbitrary JSON values, one answer per line", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 5 }), async (values) => {
        const { stdout } = await runCli(["posterior"], values.map((v) => JSON.stringify(v)).join("\n"));
        expect(jsonLines(stdout)).toHaveLength(values.length);
      }),
      { numRuns: 30 },
    );
  });
});
