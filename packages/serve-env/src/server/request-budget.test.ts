import { generateTask } from "@cosir/env";
import { scoreEpisodeCost } from "@cosir/rewards";
import { afterEach, describe, expect, it } from "vitest";
import { generationCost, plannedQueryCost, queryOverheadCost } from "../reward/reward-plan";
import { renderTranscript } from "../transcript/render-transcript";
import { oracleEpisode } from "../test/oracle-steps";
import { createEnvServer, type EnvServer } from "./create-env-server";
import { injectJson } from "../test/inject-json";

let open: EnvServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.app.close()));
  open = [];
});

function server(options: Parameters<typeof createEnvServer>[0] = {}): EnvServer {
  const s = createEnvServer({ port: 0, scoringThreads: 1, ...options });
  open.push(s);
  return s;
}

const post = (s: EnvServer, url: string, body: unknown) => injectJson(s.app, "POST", url, body);

describe("the per-request compute budget", () => {
  it("refuses a /get_reward body whose summed scoring cost is over scoreBudget, naming the query that crossed it", async () => {
    const { task, trace } = await oracleEpisode("hiddenProfile", 3);
    const one = plannedQueryCost(task, trace);
    // The labels generate their task once (the same string repeated): generationCost is charged once.
    const gen = generationCost(task);
    // Three queries: after the labels (gen + 3 least) each query adds one - least; the third crosses.
    const s = server({ scoreBudget: gen + 2 * one + (scoreEpisodeCost(task, { messages: [] }) + queryOverheadCost()) });
    const body = (n: number) => ({
      query: Array.from({ length: n }, () => renderTranscript(trace)),
      labels: Array.from({ length: n }, () => JSON.stringify({ family: "hiddenProfile", seed: 3 })),
    });
    expect((await post(s, "/get_reward", body(2))).status).toBe(200);
    const over = await post(s, "/get_reward", body(3));
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({ code: "over_budget", field: "query[2]" });
    expect(over.body.error.message).toMatch(/^query\[2\]: scoring this request up to query 2 is estimated at /);
    // A body whose tasks alone (before any message) are over the budget is refused at the label that crossed it.
    const least = scoreEpisodeCost(task, { messages: [] }) + queryOverheadCost();
    const tight = server({ scoreBudget: gen + 2.5 * least });
    const labelsOver = await post(tight, "/get_reward", body(4));
    expect(labelsOver.status).toBe(413);
    expect(labelsOver.body.error).toMatchObject({ code: "over_budget", field: "labels[2]" });
  });

  it("refuses an episode whose whole-episode worst case is over scoreBudget at creation, not at its last step", async () => {
    const task = generateTask({ family: "random", seed: 1, options: 4, attributes: 3, agents: 3, rounds: 2 });
    const s = server({ scoreBudget: scoreEpisodeCost(task) - 1 });
    const created = await post(s, "/v1/episodes", { task });
    expect(created.status).toBe(413);
    expect(created.body.error.field).toBe("body.task");
    const generated = await post(s, "/v1/episodes", {
      family: "random",
      seed: 1,
      options: 4,
      attributes: 3,
      agents: 3,
      rounds: 2,
    });
    expect(generated.status).toBe(413);
    expect(generated.body.error.field).toBe("body");
    expect((await post(server({ scoreBudget: scoreEpisodeCost(task) }), "/v1/episodes", { task })).status).toBe(200);
  });

  it("refuses a bad scoreBudget or scoringThreads option by name", () => {
    expect(() => createEnvServer({ scoreBudget: 0 })).toThrow(/^options\.scoreBudget: /);
    expect(() => createEnvServer({ scoringThreads: -1 })).toThrow(/^options\.scoringThreads: /);
  });
});
