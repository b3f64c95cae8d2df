import { generateTask } from "@cosir/env";
import { cosirPreset, outcomeOnlyPreset, scoreEpisode } from "@cosir/rewards";
import { afterEach, describe, expect, it } from "vitest";
import { oracleEpisode } from "../test/oracle-steps";
import { renderTranscript } from "../transcript/render-transcript";
import { createEnvServer, type EnvServer } from "./create-env-server";
import { injectJson } from "../test/inject-json";
import { startEnvServer, type RunningEnvServer } from "./start-env-server";

let open: (EnvServer | RunningEnvServer)[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.app.close()));
  open = [];
});

function server(
  options: Parameters<typeof createEnvServer>[0] = {},
  hooks: Parameters<typeof createEnvServer>[1] = {},
): EnvServer {
  const s = createEnvServer({ port: 0, ...options }, hooks);
  open.push(s);
  return s;
}

const post = (s: EnvServer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  injectJson(s.app, "POST", url, body, headers);

describe("episodes", () => {
  it("plays an oracle episode step by step and returns the same rewards as scoreEpisode", async () => {
    const s = server();
    const { task, trace, steps } = await oracleEpisode("hiddenProfile", 4);
    const created = await post(s, "/v1/episodes", { family: "hiddenProfile", seed: 4 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      taskId: task.id,
      agents: task.agents,
      agentSelection: 0,
      done: false,
      surface: "natural",
    });
    expect(created.body.observation.chat.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    const id = created.body.episodeId as string;
    let last: any;
    for (const [agent, text] of steps) {
      const r = await post(s, `/v1/episodes/${id}/step`, { agent, text });
      expect(r.status).toBe(200);
      last = r.body;
    }
    expect(last.done).toBe(true);
    expect(last.observation).toBeNull();
    expect(last.rewards).toEqual(JSON.parse(JSON.stringify(scoreEpisode(task, trace, cosirPreset))));
    const got = await s.app.inject({ method: "GET", url: `/v1/episodes/${id}` });
    expect(got.statusCode).toBe(200);
    expect(got.json().trace).toEqual(JSON.parse(JSON.stringify(trace)));
  });

  it("accepts a full task and a preset, and gives each agent the messages it missed as `update`", async () => {
    const s = server();
    const { task, steps } = await oracleEpisode("random", 2);
    const created = await post(s, "/v1/episodes", { task, preset: "outcomeOnly", surface: "natural" });
    expect(created.status).toBe(200);
    const id = created.body.episodeId;
    const first = await post(s, `/v1/episodes/${id}/step`, { agent: steps[0]![0], text: steps[0]![1] });
    expect(first.body.observation.update).toMatch(/^Agent 1: .+\n\nRound 1 of \d+\. It is your turn/);
    let last: any = first.body;
    for (const [agent, text] of steps.slice(1)) last = (await post(s, `/v1/episodes/${id}/step`, { agent, text })).body;
    expect(last.rewards.preset).toBe("outcomeOnly");
    for (const m of last.rewards.messages) expect(m.total).toBe(0);
    expect(last.rewards).toEqual(
      JSON.parse(
        JSON.stringify(
          scoreEpisode(task, (await s.app.inject({ url: `/v1/episodes/${id}` })).json().trace, outcomeOnlyPreset),
        ),
      ),
    );
  });

  it("makes step idempotent with requestId, and refuses a reused id with another body", async () => {
    const s = server();
    const id = (await post(s, "/v1/episodes", { family: "random", seed: 1, surface: "canonical" })).body.episodeId;
    const a = await post(s, `/v1/episodes/${id}/step`, { agent: 0, text: "PASS", requestId: "r-1" });
    const b = await post(s, `/v1/episodes/${id}/step`, { agent: 0, text: "PASS", requestId: "r-1" });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers["idempotent-replay"]).toBe("true");
    const trace = (await s.app.inject({ url: `/v1/episodes/${id}` })).json().trace;
    expect(trace.messages).toHaveLength(1);
    const c = await post(s, `/v1/episodes/${id}/step`, { agent: 0, text: "SHARE o0 a0 1", requestId: "r-1" });
    expect(c.status).toBe(409);
    expect(c.body.error.field).toBe("body.requestId");
  });

  it("answers out-of-turn and finished-episode steps with 409 naming the field", async () => {
    const s = server();
    const id = (
      await post(s, "/v1/episodes", { family: "random", seed: 1, surface: "canonical", agents: 2, rounds: 0 })
    ).body.episodeId;
    const wrong = await post(s, `/v1/episodes/${id}/step`, { agent: 1, text: "CHOOSE o0" });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toMatch(/body\.agent: it is agent 0's turn, got 1/);
    await post(s, `/v1/episodes/${id}/step`, { agent: 0, text: "CHOOSE o0" });
    const done = await post(s, `/v1/episodes/${id}/step`, { agent: 1, text: "CHOOSE o0" });
    expect(done.body.done).toBe(true);
    const after = await post(s, `/v1/episodes/${id}/step`, { agent: 0, text: "CHOOSE o0" });
    expect(after.status).toBe(409);
    expect(after.body.error.code).toBe("episode_over");
  });

  it.each([
    ['{"family": ', 400, "body", /valid JSON/],
    ["[]", 400, "body", /JSON object/],
    [{ family: "nope", seed: 1 }, 400, "body.family", /family/],
    [{ family: "random", seed: "x" }, 400, "body.seed", /number/],
    [{ family: "random" }, 400, "body.seed", /required/],
    [{ family: "random", seed: 1, agents: 99 }, 400, "body.agents", /16/],
    [{ family: "random", seed: 1, surface: "loud" }, 400, "body.surface", /canonical/],
    [{ family: "random", seed: 1, preset: "nope" }, 400, "body.preset", /cosir/],
    [{ family: "random", seed: 1, extra: 1 }, 400, "body", /extra/],
    [{ task: { version: 1, id: "x" } }, 400, "body.task", /task/],
    [{ task: {}, family: "random" }, 400, "body.family", /not allowed/],
    ['{"__proto__": {"x": 1}, "family": "random", "seed": 1}', 400, "body", /JSON/],
    ["[".repeat(200_000), 400, "body", /JSON/],
    [`{"task": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`, 400, "body.task", /task/],
    [
      { task: { ...generateTask({ family: "random", seed: 1 }), levels: [1, 20], prior: Array(20).fill(0.05) } },
      400,
      "body.task.levels",
      /at most 11 levels/,
    ],
  ])("rejects a bad episode request %j with %i naming %s", async (body, status, field, message) => {
    const r = await post(server(), "/v1/episodes", body);
    expect(r.status).toBe(status);
    expect(r.body.error.field).toBe(field);
    expect(r.body.error.message).toMatch(message);
  });

  it.each([
    [{ agent: "0", text: "PASS" }, "body.agent"],
    [{ agent: 0 }, "body.text"],
    [{ agent: 0, text: "x".repeat(20_000) }, "body.text"],
    [{ agent: 0, text: "PASS", requestId: "" }, "body.requestId"],
  ])("rejects a bad step %j naming %s", async (body, field) => {
    const s = server();
    const id = (await post(s, "/v1/episodes", { family: "random", seed: 1 })).body.episodeId;
    const r = await post(s, `/v1/episodes/${id}/step`, body);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });

  it("answers unknown episodes and routes with 404, wrong media types with 415", async () => {
    const s = server();
    expect((await post(s, "/v1/episodes/nope/step", { agent: 0, text: "PASS" })).status).toBe(404);
    expect((await s.app.inject({ url: "/v1/episodes/nope" })).json().error.code).toBe("unknown_episode");
    expect((await s.app.inject({ url: "/v2/nothing" })).statusCode).toBe(404);
    const text = await s.app.inject({
      method: "POST",
      url: "/v1/episodes",
      headers: { "content-type": "text/plain" },
      payload: "hi",
    });
    expect(text.statusCode).toBe(415);
  });
});

describe("limits", () => {
  it("caps live episodes (503 when all run), evicting expired ones first, then finished ones", async () => {
    let now = 0;
    const s = server({ maxEpisodes: 2, ttlSeconds: 10 }, { now: () => now });
    const a = (await post(s, "/v1/episodes", { family: "random", seed: 1, agents: 1, rounds: 0, surface: "canonical" }))
      .body.episodeId;
    now = 5_000;
    const b = (await post(s, "/v1/episodes", { family: "random", seed: 2 })).body.episodeId;
    const full = await post(s, "/v1/episodes", { family: "random", seed: 3 });
    expect(full.status).toBe(503);
    expect(full.headers["retry-after"]).toBe("1");
    // Finishing `a` makes it evictable before the running `b`.
    expect((await post(s, `/v1/episodes/${a}/step`, { agent: 0, text: "CHOOSE o0" })).body.done).toBe(true);
    const c = (await post(s, "/v1/episodes", { family: "random", seed: 3 })).body.episodeId;
    expect((await s.app.inject({ url: `/v1/episodes/${a}` })).statusCode).toBe(404);
    expect(s.store.evicted).toBe(1);
    // `b` expires 10 s after its last use (c's use renews c); a new episode then takes b's slot.
    now = 14_000;
    expect((await s.app.inject({ url: `/v1/episodes/${c}` })).statusCode).toBe(200);
    now = 15_001;
    expect((await post(s, "/v1/episodes", { family: "random", seed: 4 })).status).toBe(200);
    expect((await s.app.inject({ url: `/v1/episodes/${b}` })).statusCode).toBe(404);
    expect((await s.app.inject({ url: `/v1/episodes/${c}` })).statusCode).toBe(200);
  });

  it("renews the TTL on use", async () => {
    let now = 0;
    const s = server({ ttlSeconds: 1 }, { now: () => now });
    const id = (await post(s, "/v1/episodes", { family: "random", seed: 1 })).body.episodeId;
    for (now = 900; now < 5_000; now += 900)
      expect((await s.app.inject({ url: `/v1/episodes/${id}` })).statusCode).toBe(200);
    now += 1_001;
    expect((await s.app.inject({ url: `/v1/episodes/${id}` })).statusCode).toBe(404);
  });

  it("answers bodies over the limit with 413, binds 127.0.0.1, and requires the token when set", async () => {
    const s = await startEnvServer({ port: 0, token: "s3cret", maxBodyBytes: 4096 });
    open.push(s);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const send = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${s.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const auth = { authorization: "Bearer s3cret" };
    const big = await send(
      "/v1/episodes",
      JSON.stringify({ family: "random", seed: 1, pad: "x".repeat(10_000) }),
      auth,
    );
    expect(big.status).toBe(413);
    expect(((await big.json()) as any).error.message).toMatch(/4096 bytes/);
    const none = await send("/v1/episodes", JSON.stringify({ family: "random", seed: 1 }));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/Bearer/);
    expect(
      (await send("/v1/episodes", JSON.stringify({ family: "random", seed: 1 }), { authorization: "Bearer nope" }))
        .status,
    ).toBe(401);
    expect((await send("/v1/episodes", JSON.stringify({ family: "random", seed: 1 }), auth)).status).toBe(200);
    expect(
      (await send("/get_reward?token=s3cret", JSON.stringify({ query: [], prompts: [], labels: [] }))).status,
    ).toBe(200);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });

  it("rejects bad options naming the option", () => {
    expect(() => createEnvServer({ port: 70_000 })).toThrow(/options\.port/);
    expect(() => createEnvServer({ preset: "nope" })).toThrow(/options\.preset/);
    expect(() => createEnvServer({ maxEpisodes: 0 })).toThrow(/options\.maxEpisodes/);
  });
});

describe("/get_reward (OpenRLHF remote reward protocol)", () => {
  it("answers with exactly rewards, scores, extra_logs (+ per_message) and scores transcripts like scoreEpisode", async () => {
    const s = server();
    const full = await oracleEpisode("hiddenProfile", 9);
    const canonical = await oracleEpisode("random", 5, "canonical");
    const prompt = "<|im_start|>user\nYour turn<|im_end|>\n<|im_start|>assistant\n";
    const query = [
      `${prompt}${renderTranscript(full.trace)}<|im_end|>`,
      `${prompt}${full.steps[0]![1]}<|im_end|>`,
      renderTranscript(canonical.trace),
      `${prompt}${JSON.stringify(canonical.trace)}`,
    ];
    const labels = [
      JSON.stringify({ task: full.task, surface: "natural" }),
      JSON.stringify({ family: "hiddenProfile", seed: 9, surface: "natural", agent: 0 }),
      JSON.stringify({ task: canonical.task, surface: "canonical", agent: 1 }),
      JSON.stringify(canonical.task),
    ];
    const r = await post(s, "/get_reward", { query, prompts: [prompt, prompt, "", prompt], labels });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).slice(0, 3)).toEqual(["rewards", "scores", "extra_logs"]);
    expect(r.body.per_message).toHaveLength(4);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const fullRewards = scoreEpisode(full.task, full.trace, cosirPreset);
    const canonicalRewards = scoreEpisode(canonical.task, canonical.trace, cosirPreset);
    expect(r.body.rewards[0]).toBeCloseTo(sum(fullRewards.returns), 12);
    expect(r.body.per_message[0]).toEqual(JSON.parse(JSON.stringify(fullRewards.messages)));
    expect(r.body.rewards[1]).toBeCloseTo(fullRewards.messages[0]!.total, 12);
    expect(r.body.rewards[2]).toBeCloseTo(canonicalRewards.returns[1]!, 12);
    expect(r.body.rewards[3]).toBeCloseTo(sum(canonicalRewards.returns), 12);
    expect(r.body.scores).toEqual(r.body.rewards);
    for (const values of Object.values(r.body.extra_logs)) expect(values).toHaveLength(4);
    expect(r.body.extra_logs.team_correct).toEqual([
      fullRewards.teamCorrect ? 1 : 0,
      0,
      canonicalRewards.teamCorrect ? 1 : 0,
      canonicalRewards.teamCorrect ? 1 : 0,
    ]);
  });

  it("scores garbage and out-of-order transcripts without failing the batch", async () => {
    const s = server();
    const task = generateTask({ family: "random", seed: 1 });
    const label = JSON.stringify({ task, surface: "natural" });
    const r = await post(s, "/get_reward", {
      query: ["\u0000\uffff garbage", "Agent 2: hello\nAgent 1: hi", ""],
      prompts: ["", "", ""],
      labels: [label, label, label],
    });
    expect(r.status).toBe(200);
    expect(r.body.rewards).toHaveLength(3);
    expect(r.body.extra_logs.parse_errors[0]).toBe(1);
    expect(r.body.errors[1][0]).toMatch(/expected agent 0 to act, got agent 1/);
    expect(r.body.rewards[2]).toBe(0);
  });

  it.each([
    [{ query: ["x"], prompts: ["x"], labels: ["{"] }, "labels[0]"],
    [{ query: ["x"], prompts: ["x"], labels: [JSON.stringify({ family: "nope", seed: 1 })] }, "labels[0].family"],
    [
      { query: ["x"], prompts: ["x"], labels: [JSON.stringify({ family: "random", seed: 1, agent: 9 })] },
      "labels[0].agent",
    ],
    [{ query: ["x", "y"], prompts: ["x", "y"], labels: ["{}"] }, "body.labels"],
    [{ query: "x", prompts: [], labels: [] }, "body.query"],
    [{ prompts: [], labels: [] }, "body.query"],
  ])("rejects %j naming %s", async (body, field) => {
    const r = await post(server(), "/get_reward", body);
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe(field);
  });
});
