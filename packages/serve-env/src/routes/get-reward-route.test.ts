import { rewardConfig, scoreEpisode } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { renderTranscript } from "../transcript/render-transcript";
import { oracleEpisode } from "../test/oracle-steps";
import { routeApp } from "../test/route-app";
import { getRewardRoute } from "./get-reward-route";

describe("getRewardRoute", () => {
  it("scores each query against its label with the service's default preset", async () => {
    const { app } = routeApp(getRewardRoute, { preset: "outcomeOnly" });
    const { task, trace } = await oracleEpisode("random", 7);
    const payload = {
      query: [renderTranscript(trace)],
      prompts: [""],
      labels: [JSON.stringify({ task, surface: "natural" })],
    };
    const res = await app.inject({ method: "POST", url: "/get_reward", payload });
    expect(res.statusCode).toBe(200);
    const expected = scoreEpisode(task, trace, rewardConfig("outcomeOnly")).returns.reduce((a, b) => a + b, 0);
    expect(res.json().rewards[0]).toBeCloseTo(expected, 12);
    await app.close();
  });

  it("refuses a body that is not a reward request with 400 naming the field", async () => {
    const { app } = routeApp(getRewardRoute);
    const res = await app.inject({ method: "POST", url: "/get_reward", payload: { query: [1] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toMatch(/^body\./);
    await app.close();
  });
});
