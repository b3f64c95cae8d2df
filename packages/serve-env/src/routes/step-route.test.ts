import { CollaborationEnv, generateTask } from "@cosir/env";
import { rewardConfig } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import type { EpisodeEntry } from "../store/episode-store";
import { oracleEpisode } from "../test/oracle-steps";
import { routeApp } from "../test/route-app";
import { checkTurn, rememberedStep, stepRoute } from "./step-route";

function entryOf(family: string, seed: number): EpisodeEntry {
  const env = new CollaborationEnv(generateTask({ family, seed }));
  return { id: "e1", env, config: rewardConfig("cosir"), responses: new Map(), createdAt: 0, expiresAt: 1e15 };
}

describe("stepRoute", () => {
  it("plays an episode to the end and answers rewards on the last step", async () => {
    const { app, context } = routeApp(stepRoute);
    const { steps } = await oracleEpisode("random", 2);
    context.store.add(entryOf("random", 2));
    let last: Record<string, unknown> = {};
    for (const [agent, text] of steps) {
      const res = await app.inject({ method: "POST", url: "/v1/episodes/e1/step", payload: { agent, text } });
      expect(res.statusCode).toBe(200);
      last = res.json();
    }
    expect(last.done).toBe(true);
    expect(last.rewards).toBeDefined();
    expect(Object.keys(last).slice(-3)).toEqual(["teamDecision", "correct", "rewards"]);
    const over = await app.inject({ method: "POST", url: "/v1/episodes/e1/step", payload: { agent: 0, text: "x" } });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("episode_over");
    await app.close();
  });

  it("answers a retried requestId again without a second step, and 409 for a different body", async () => {
    const { app, context } = routeApp(stepRoute);
    context.store.add(entryOf("random", 2));
    const payload = { agent: 0, text: "hello", requestId: "r1" };
    const first = await app.inject({ method: "POST", url: "/v1/episodes/e1/step", payload });
    const again = await app.inject({ method: "POST", url: "/v1/episodes/e1/step", payload });
    expect(again.body).toBe(first.body);
    expect(again.headers["idempotent-replay"]).toBe("true");
    expect(first.headers["idempotent-replay"]).toBeUndefined();
    const reused = await app.inject({
      method: "POST",
      url: "/v1/episodes/e1/step",
      payload: { ...payload, text: "no" },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatchObject({ code: "request_id_reused", field: "body.requestId" });
    await app.close();
  });

  it("answers 404 for an unknown episode before reading the body", async () => {
    const { app } = routeApp(stepRoute);
    const res = await app.inject({ method: "POST", url: "/v1/episodes/nope/step", payload: { nonsense: true } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: "unknown_episode",
      message: 'episode "nope" is unknown or expired',
      field: "id",
    });
    await app.close();
  });
});

describe("rememberedStep and checkTurn", () => {
  it("remember nothing without a requestId and refuse an agent out of turn", () => {
    const entry = entryOf("random", 1);
    expect(rememberedStep(entry, { agent: 0, text: "x" })).toBeUndefined();
    entry.responses.set("r", { fingerprint: "0\u0000x", status: 200, body: { a: 1 } });
    expect(rememberedStep(entry, { agent: 0, text: "x", requestId: "r" })).toEqual({
      fingerprint: "0\u0000x",
      status: 200,
      body: { a: 1 },
    });
    expect(() => rememberedStep(entry, { agent: 1, text: "x", requestId: "r" })).toThrow(
      /was used for a different step/,
    );
    expect(entry.env.agentSelection).toBe(0);
    expect(() => checkTurn(entry, 0)).not.toThrow();
    expect(() => checkTurn(entry, 1)).toThrow(/it is agent 0's turn, got 1/);
  });
});
