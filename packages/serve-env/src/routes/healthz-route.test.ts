import { CollaborationEnv, generateTask } from "@cosir/env";
import { rewardConfig } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { routeApp } from "../test/route-app";
import { healthzRoute } from "./healthz-route";

describe("healthzRoute", () => {
  it("answers {ok, episodes} with the number of episodes in the store", async () => {
    const { app, context } = routeApp(healthzRoute);
    expect((await app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ ok: true, episodes: 0 });
    const env = new CollaborationEnv(generateTask({ family: "random", seed: 1 }));
    context.store.add({ id: "e1", env, config: rewardConfig("cosir"), responses: new Map() });
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"ok":true,"episodes":1}');
    await app.close();
  });
});
