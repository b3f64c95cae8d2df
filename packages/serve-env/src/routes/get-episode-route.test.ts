import { CollaborationEnv, generateTask } from "@cosir/env";
import { rewardConfig, scoreEpisode } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { oracleEpisode } from "../test/oracle-steps";
import { routeApp } from "../test/route-app";
import { getEpisodeRoute } from "./get-episode-route";

describe("getEpisodeRoute", () => {
  it("answers the trace so far, and the rewards once the store has them", async () => {
    const { app, context } = routeApp(getEpisodeRoute);
    const env = new CollaborationEnv(generateTask({ family: "random", seed: 5 }));
    const entry = context.store.add({ id: "e1", env, config: rewardConfig("cosir"), responses: new Map() })!;
    const open = (await app.inject({ method: "GET", url: "/v1/episodes/e1" })).json();
    expect(Object.keys(open)).toEqual(["episodeId", "taskId", "done", "agentSelection", "phase", "trace"]);
    entry.rewards = scoreEpisode(env.task, env.trace(), entry.config);
    expect((await app.inject({ method: "GET", url: "/v1/episodes/e1" })).json().rewards).toBeDefined();
    expect((await app.inject({ method: "GET", url: "/v1/episodes/e2" })).statusCode).toBe(404);
    await app.close();
  });

  it("stateless: reads the episode from the cosir-state header and scores a finished one", async () => {
    const { app, context } = routeApp(getEpisodeRoute, { stateSecret: "a-secret-of-16-chars" });
    const stateless = context.stateless!;
    const { task, trace, steps } = await oracleEpisode("random", 6);
    const entry = stateless.create("e9", task, "natural", rewardConfig("cosir"));
    for (const [, text] of steps) entry.env.step(text);
    const state = stateless.seal(entry);
    const res = await app.inject({ method: "GET", url: "/v1/episodes/e9", headers: { "cosir-state": state } });
    expect(res.statusCode).toBe(200);
    expect(res.json().done).toBe(true);
    expect(res.json().rewards).toEqual(JSON.parse(JSON.stringify(scoreEpisode(task, trace, rewardConfig("cosir")))));
    const missing = await app.inject({ method: "GET", url: "/v1/episodes/e9" });
    expect(missing.json().error).toMatchObject({ code: "invalid_state", field: "headers.cosir-state" });
    await app.close();
  });
});
