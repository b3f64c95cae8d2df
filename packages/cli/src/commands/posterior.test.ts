import { answerPosteriorQuery } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "../test/run-cli";

// The query contract and its maths are tested in @cosir/bayes (src/query); here, the line protocol.
describe("cosir posterior", () => {
  it("answers each line in order with @cosir/bayes answerPosteriorQuery", async () => {
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
      { task: { options: 2, attributes: 2, levels: [0, 1], aggregate: "min" }, observed: [[0, 0, 1]] },
    ];
    const { code, stdout } = await runCli(["posterior"], queries.map((q) => JSON.stringify(q)).join("\n\n"));
    expect(code).toBe(0);
    expect(jsonLines(stdout)).toEqual(queries.map((q) => answerPosteriorQuery(q)));
  });

  it("answers a bad line with an error naming the line and the field, goes on, and exits 1", async () => {
    const task = { options: 2, attributes: 2, levels: [1, 5], aggregate: "sum" };
    const lines = [
      "not json",
      JSON.stringify({ task: { ...task, aggregate: "max" } }),
      JSON.stringify({ task, observed: [[5, 0, 1]] }),
      JSON.stringify({ task, correct: 0 }),
      JSON.stringify({ task: { ...task, weights: [1] } }),
      JSON.stringify({ task: { ...task, levels: [1, 100000] } }),
    ];
    const { code, stdout } = await runCli(["posterior"], lines.join("\n"));
    expect(code).toBe(1);
    const answers = jsonLines(stdout) as Record<string, unknown>[];
    expect(answers).toHaveLength(6);
    expect(answers[0]!.error).toMatch(/^line 1: /);
    expect(answers[1]!.error).toMatch(/^line 2: task\.aggregate: /);
    expect(answers[2]!.error).toMatch(/^line 3: observed\[0\]\[0\]: /);
    expect(answers[3]!.posterior).toEqual([0.5, 0.5]);
    expect(answers[4]!.error).toMatch(/^line 5: task\.weights: /);
    expect(answers[5]!.error).toMatch(/^line 6: task\.levels: /);
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

  it("--budget reaches answerPosteriorQuery: the same query is answered under a large budget, refused under a small one", async () => {
    const query = { task: { options: 3, attributes: 3, levels: [1, 5], aggregate: "sum" }, ask: [[0, 0]] };
    const line = JSON.stringify(query);
    const big = await runCli(["posterior", "--budget", "1e9"], line);
    expect(big.code).toBe(0);
    expect(jsonLines(big.stdout)).toEqual([answerPosteriorQuery(query, undefined, { budget: 1e9 })]);
    const small = await runCli(["posterior", "--budget", "10"], line);
    expect(small.code).toBe(1);
    const [answer] = jsonLines(small.stdout) as { error: string }[];
    expect(answer!.error).toMatch(/^line 1: ask: .*over the budget of 1\.00e\+1/);
    // the default budget answers the same query
    expect((await runCli(["posterior"], line)).code).toBe(0);
  });

  it.each(["0", "-5", "x", "", "Infinity", "1e300"])("refuses --budget %j in one line naming the flag", async (v) => {
    const r = await runCli(["posterior", "--budget", v], "");
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/--budget/);
  });
});
