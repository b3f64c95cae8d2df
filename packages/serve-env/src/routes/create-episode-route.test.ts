import { generateTask } from "@cosir/env";
import { rewardConfig } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { routeApp } from "../test/route-app";
import { createEpisodeRoute, requestedConfig, requestedTask } from "./create-episode-route";

const create = (app: ReturnType<typeof routeApp>["app"], payload: unknown) =>
  app.inject({ method: "POST", url: "/v1/episodes", payload: payload as object });

describe("createEpisodeRoute", () => {
  it("starts a generated episode in the store and answers its first observation", async () => {
    const { app, context } = routeApp(createEpisodeRoute);
    const res = await create(app, { family: "random", seed: 3 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const task = generateTask({ family: "random", seed: 3 });
    expect(body).toMatchObject({ taskId: task.id, agents: task.agents, rounds: task.rounds, surface: "natural" });
    expect(Object.keys(body)).toEqual([
      "episodeId",
      "taskId",
      "agents",
      "rounds",
      "surface",
      "done",
      "agentSelection",
      "observation",
    ]);
    expect(context.store.get(body.episodeId)).toBeDefined();
    await app.close();
  });

  it("answers 503 `capacity` with Retry-After when the store is full", async () => {
    const { app } = routeApp(createEpisodeRoute, { maxEpisodes: 1 });
    expect((await create(app, { family: "random", seed: 1 })).statusCode).toBe(200);
    const full = await create(app, { family: "random", seed: 2 });
    expect(full.statusCode).toBe(503);
    expect(full.headers["retry-after"]).toBe("1");
    expect(full.json().error.code).toBe("capacity");
    await app.close();
  });

  it("keeps nothing and answers a signed state when stateless", async () => {
    const { app, context } = routeApp(createEpisodeRoute, { stateSecret: "a-secret-of-16-chars" });
    const res = await create(app, { family: "random", seed: 1, surface: "canonical" });
    expect(res.json().state).toMatch(/^s2\.[A-Za-z0-9_-]+$/);
    expect(context.store.size).toBe(0);
    await app.close();
  });

  it("refuses bodies that are not create requests with 400 naming the field", async () => {
    const { app } = routeApp(createEpisodeRoute);
    expect((await create(app, [1])).json().error.field).toBe("body");
    expect((await create(app, { family: "random", seed: 1, preset: "nope" })).json().error.field).toBe("body.preset");
    expect((await create(app, { task: { id: 3 } })).json().error.field).toBe("body.task");
    await app.close();
  });
});

describe("requestedTask", () => {
  it("generates from {family, seed} and validates a given task", () => {
    const task = generateTask({ family: "random", seed: 4 });
    expect(requestedTask({ family: "random", seed: 4 } as never, 1e9)).toEqual(task);
    expect(requestedTask({ task } as never, 1e9)).toEqual(task);
    expect(() => requestedTask({ task: { ...task, agents: -1 } } as never, 1e9)).toThrow(/^body\.task: invalid task/);
  });

  it("refuses a task over the score budget", () => {
    expect(() => requestedTask({ family: "random", seed: 4 } as never, 1)).toThrow(/budget|cost/);
  });
});

describe("requestedConfig", () => {
  it("is the default without a preset and the named preset otherwise", () => {
    const fallback = rewardConfig("cosir");
    expect(requestedConfig(undefined, fallback)).toBe(fallback);
    expect(requestedConfig("outcomeOnly", fallback)).toEqual(rewardConfig("outcomeOnly"));
  });

  it("names body.preset and what was expected for an unknown name, own keys only", () => {
    for (const name of ["nope", "toString", "__proto__"]) {
      let error: unknown;
      try {
        requestedConfig(name, rewardConfig("cosir"));
      } catch (e) {
        error = e;
      }
      expect((error as { field: string }).field).toBe("body.preset");
      expect((error as Error).message).toMatch(
        new RegExp(`^body\\.preset: .*, got ${JSON.stringify(JSON.stringify(name)).slice(1, -1)}$`),
      );
    }
  });
});
