// The attack suite of issue 12 for the library and the server (forged traces, over-budget tasks, registry
// names, a bounded loopback HTTP fuzz). Each test prints how many inputs its class tried; every class must
// give 0 HTTP 500s and 0 accepted forgeries. Seeded by the shared fast-check configuration.
import { BudgetExceededError } from "@cosir/bayes";
import {
  CollaborationEnv,
  domainFor,
  findTraceViolation,
  generateTask,
  TraceProtocolError,
  type Task,
  type Trace,
} from "@cosir/env";
import { cosirPreset, rewardConfig, scoreEpisode, scoreEpisodeCost } from "@cosir/rewards";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkTaskBudget, MAX_TASK_COST } from "../protocol/check-task-budget";
import { startEnvServer, type RunningEnvServer } from "../server/start-env-server";
import { httpClient } from "./http-client.mjs";

let server: RunningEnvServer;
let http: ReturnType<typeof httpClient>;
beforeAll(async () => {
  server = await startEnvServer({ port: 0, scoringThreads: 2 });
  http = httpClient(server.url, 16);
});
afterAll(async () => {
  http.close();
  await server.close();
});

/** Every 4xx/5xx body must be `{error: {code, message, field?}}`. */
function expectErrorShape(status: number, body: unknown): void {
  expect(status).toBeLessThan(500);
  if (status >= 400) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    expect(typeof error?.code).toBe("string");
    expect(typeof error?.message).toBe("string");
  }
}

/** A whole canonical episode of a small task: 3 agents x 2 rounds, the texts drawn from `texts`. */
function episode(task: Task, texts: readonly string[]): Trace {
  const env = new CollaborationEnv(task, { surface: "canonical" });
  let k = 0;
  while (!env.done) env.step(texts[k++ % texts.length] as string);
  return env.trace();
}

const text = fc.constantFrom("ASK o0 a1", "SHARE o1 a0 3", "PASS", "CHOOSE o1", "CHOOSE o0", "noise", "ASK o2 a2");
const baseEpisode = fc
  .record({ seed: fc.integer({ min: 0, max: 5000 }), texts: fc.array(text, { minLength: 1, maxLength: 8 }) })
  .map(({ seed, texts }) => {
    const task = generateTask({ family: "random", seed, options: 3, attributes: 3, agents: 3, rounds: 2 });
    return { task, trace: episode(task, texts) };
  });

type Forgery = (task: Task, trace: Trace, n: number) => Trace;
const forgeries: Record<string, Forgery> = {
  manyAsks: (_task, trace, n) => ({
    ...trace,
    messages: Array.from({ length: 7 + (n % 1000) }, (_, t) => ({
      turn: t,
      round: Math.floor(t / 3),
      speaker: t % 3,
      text: "ASK o0 a0",
      acts: [{ kind: "ask" as const, option: 0, attribute: 0 }],
    })),
  }),
  ghostVoters: (task, trace, n) => ({
    ...trace,
    choices: [
      ...trace.choices,
      ...Array.from({ length: 1 + (n % 8) }, (_, k) => ({
        agent: task.agents + k,
        text: `CHOOSE o${task.correct}`,
        choice: task.correct,
      })),
    ],
  }),
  doubleVote: (task, trace) => ({
    ...trace,
    choices: trace.choices.map((c) => ({ ...c, agent: 0, text: `CHOOSE o${task.correct}`, choice: task.correct })),
  }),
  actsNotInText: (_task, trace, n) => ({
    ...trace,
    messages: trace.messages.map((m, t) =>
      t === n % trace.messages.length
        ? { ...m, text: "PASS", acts: [{ kind: "ask" as const, option: 1, attribute: 1 }] }
        : m,
    ),
  }),
  outOfTurn: (_task, trace, n) => ({
    ...trace,
    messages: trace.messages.map((m, t) =>
      t === n % trace.messages.length ? { ...m, speaker: (m.speaker + 1) % 3 } : m,
    ),
  }),
  votesNotInText: (task, trace) => ({
    ...trace,
    choices: trace.choices.map((c) => ({ ...c, text: "I abstain", choice: task.correct })),
  }),
};

describe("attack suite", () => {
  it("refuses every forged trace, in-process and over HTTP (forged traces)", async () => {
    let tried = 0;
    let accepted = 0;
    let http500 = 0;
    const names = Object.keys(forgeries);
    await fc.assert(
      fc.asyncProperty(baseEpisode, fc.nat(), async ({ task, trace }, n) => {
        const forged = forgeries[names[n % names.length] as string]!(task, trace, n);
        fc.pre(findTraceViolation(task, forged) !== null); // a "forgery" the protocol could produce is no forgery
        tried++;
        expect(() => scoreEpisode(task, forged, cosirPreset, { untrusted: true })).toThrow(TraceProtocolError);
        const r = await http.send("POST", "/get_reward", {
          query: [JSON.stringify(forged)],
          labels: [JSON.stringify({ task, surface: "canonical" })],
        });
        if (r.status === 200) accepted++;
        if (r.status >= 500) http500++;
        expect(r.status).toBe(422);
        expect(r.body.error.code).toBe("trace_protocol");
        expect(r.body.error.field).toMatch(/^query\[0\]\.trace\./);
      }),
      { numRuns: 60 },
    );
    // The genuine traces are still scored, exactly as in-process.
    const { task, trace } = fc.sample(baseEpisode, 1)[0]!;
    const ok = await http.send("POST", "/get_reward", {
      query: [JSON.stringify(trace)],
      labels: [JSON.stringify({ task, surface: "canonical" })],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.per_message[0]).toEqual(scoreEpisode(task, trace).messages);
    console.log(`attack suite: forged traces: ${tried} tried, ${accepted} accepted, ${http500} HTTP 500s`);
    expect(accepted).toBe(0);
    expect(http500).toBe(0);
  });

  it("refuses every task over the compute budget before any work (over-budget tasks)", async () => {
    let tried = 0;
    let refused = 0;
    let http500 = 0;
    const big = fc.record({
      seed: fc.integer({ min: 0, max: 1000 }),
      options: fc.integer({ min: 2, max: 26 }),
      attributes: fc.integer({ min: 1, max: 10 }),
      agents: fc.integer({ min: 1, max: 16 }),
      rounds: fc.integer({ min: 0, max: 16 }),
      weight: fc.integer({ min: 1, max: 1000 }),
      levels: fc.constantFrom<[number, number]>([1, 5], [0, 10], [1, 11]),
    });
    await fc.assert(
      fc.asyncProperty(big, async ({ seed, options, attributes, agents, rounds, weight, levels }) => {
        const task = generateTask({
          family: "random",
          seed,
          options,
          attributes,
          agents,
          rounds,
          levels,
          weights: Array(attributes).fill(weight),
          domain: "restaurants",
        });
        const estimate = scoreEpisodeCost(task);
        fc.pre(estimate > MAX_TASK_COST || tried % 8 === 0); // mostly attacks, a few legitimate tasks
        tried++;
        if (estimate > MAX_TASK_COST) expect(() => checkTaskBudget(task, "task")).toThrow(BudgetExceededError);
        const created = await http.send("POST", "/v1/episodes", { task });
        const label = await http.send("POST", "/get_reward", {
          query: ["Agent 0: PASS"],
          labels: [JSON.stringify({ task })],
        });
        for (const r of [created, label]) {
          expectErrorShape(r.status, r.body);
          if (r.status >= 500) http500++;
        }
        if (estimate > MAX_TASK_COST) {
          refused++;
          expect(created.status).toBe(413);
          expect(created.body.error).toMatchObject({ code: "over_budget", field: "body.task" });
          expect(created.body.error.message).toMatch(
            /estimated at [\d.]+e\+\d+ cost units, over the budget of 1\.00e\+9/,
          );
          expect(label.status).toBe(413);
          expect(label.body.error.field).toBe("labels[0].task");
        } else expect(created.status).toBe(200);
      }),
      { numRuns: 40 },
    );
    console.log(
      `attack suite: over-budget tasks: ${tried} tried, ${refused} over budget and refused, ${http500} HTTP 500s`,
    );
    expect(http500).toBe(0);
  });

  it("looks names from user input up among a registry's own keys only (registry names)", async () => {
    const names = [
      "toString",
      "__proto__",
      "constructor",
      "hasOwnProperty",
      "valueOf",
      "isPrototypeOf",
      "__defineGetter__",
      "propertyIsEnumerable",
    ];
    let tried = 0;
    let http500 = 0;
    for (const name of names) {
      expect(() => rewardConfig(name)).toThrow(/^preset: /);
      expect(() => generateTask({ family: name, seed: 1 })).toThrow(/^family: /);
      expect(() => domainFor(name, 3, 3)).toThrow(/^domain: /);
      const requests: [string, unknown, string][] = [
        ["/v1/episodes", { family: "random", seed: 1, preset: name }, "body.preset"],
        ["/v1/episodes", { family: name, seed: 1 }, "body.family"],
        ["/v1/episodes", { family: "random", seed: 1, domain: name }, "body.domain"],
        ["/get_reward", { query: ["x"], labels: [JSON.stringify({ family: name, seed: 1 })] }, "labels[0].family"],
        [
          "/get_reward",
          { query: ["x"], labels: [JSON.stringify({ family: "random", seed: 1, domain: name })] },
          "labels[0].domain",
        ],
      ];
      for (const [path, body, field] of requests) {
        tried++;
        const r = await http.send("POST", path, body);
        if (r.status >= 500) http500++;
        expect(r.status).toBe(400);
        expect(r.body.error.field).toBe(field);
      }
    }
    console.log(
      `attack suite: registry names: ${tried} tried over HTTP (+${names.length * 3} in-process), ${http500} HTTP 500s`,
    );
    expect(http500).toBe(0);
  });

  it("answers every fuzzed request with a 2xx or a JSON 4xx, never a 500 (loopback HTTP fuzz)", async () => {
    let tried = 0;
    let http500 = 0;
    const json = fc.jsonValue({ maxDepth: 3 });
    const key = fc.constantFrom(
      "family",
      "seed",
      "task",
      "preset",
      "surface",
      "agent",
      "text",
      "query",
      "labels",
      "prompts",
      "requestId",
      "__proto__",
      "constructor",
      "rounds",
      "options",
    );
    const body = fc.oneof(
      json.map((v) => JSON.stringify(v)),
      fc.dictionary(key, json, { maxKeys: 5 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '{"a":',
        "{}",
        "[]",
        "null",
        '{"__proto__":{"x":1}}',
        '{"query":["Agent 0: PASS"],"labels":["{\\"family\\":\\"random\\",\\"seed\\":1}"]}',
      ),
    );
    const path = fc.oneof(
      fc.constantFrom(
        "/healthz",
        "/v1/episodes",
        "/get_reward",
        "/v1/episodes/x/step",
        "/v1/episodes/x",
        "/%zz",
        "/v1/episodes/%E0%A4%A",
        "/v1/episodes/%00/step",
        "/healthz?token=%zz",
      ),
      fc.string({ maxLength: 30 }).map((s) => `/v1/episodes/${encodeURIComponent(s)}/step`),
    );
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
      path,
      body: fc.option(body),
      contentType: fc.constantFrom(
        "application/json",
        "text/plain",
        "application/json; charset=utf-8",
        "application/x-www-form-urlencoded",
      ),
      bigHeader: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, body, contentType, bigHeader }) => {
        tried++;
        const headers: Record<string, string> = { "content-type": contentType };
        if (bigHeader) headers["x-fuzz"] = "a".repeat(20_000);
        const withBody = method !== "GET" && body !== null;
        let r: { status: number; body: unknown };
        try {
          r = await http.send(method, path, withBody ? body : undefined, headers);
        } catch (error) {
          // After a 431 the server closes the connection; a client may see the reset before the reply.
          if (!bigHeader) throw error;
          r = { status: 431, body: { error: { code: "headers_too_large", message: String(error) } } };
        }
        if (r.status >= 500) http500++;
        expectErrorShape(r.status, r.body);
        if (bigHeader) expect(r.status).toBe(431);
      }),
      { numRuns: 200 },
    );
    console.log(`attack suite: loopback HTTP fuzz: ${tried} requests, ${http500} HTTP 500s`);
    expect(http500).toBe(0);
  });
});
