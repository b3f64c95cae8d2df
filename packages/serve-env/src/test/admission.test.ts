import { connect } from "node:net";
import { generateTask, runEpisode, type Task, type Trace } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { scoreEpisodeCost } from "@cosir/rewards";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { startChatServer } from "../chat/start-chat-server";
import { generationCost, plannedQueryCost, queryOverheadCost } from "../reward/reward-plan";
import { startEnvServer, type RunningEnvServer } from "../server/start-env-server";
import { renderTranscript } from "../transcript/render-transcript";
import { httpClient } from "./http-client.mjs";

// Admission control of /get_reward under a burst (issue 28), on 127.0.0.1 with small sizes: the server-wide
// bound on scoring work in flight, 503 + Retry-After beyond it, cancellation on disconnect, a bounded drain
// on close, 413 to a client that writes its whole body before reading, generated tasks counted in the budget.

let task: Task;
let trace: Trace;
let perQuery: number;
/** The task's whole-episode worst case: a label's task must fit the budget (checkTaskBudget). */
let worst: number;
let open: RunningEnvServer[] = [];

beforeAll(async () => {
  task = generateTask({ family: "random", seed: 11, options: 6, attributes: 5, agents: 3, rounds: 2 });
  trace = await runEpisode(task, scriptedPolicy("oracle", { seed: 11 }), { surface: "natural" });
  perQuery = plannedQueryCost(task, trace);
  worst = scoreEpisodeCost(task);
});
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function server(options: Parameters<typeof startEnvServer>[0]): Promise<RunningEnvServer> {
  const s = await startEnvServer({ port: 0, scoringThreads: 1, ...options });
  open.push(s);
  return s;
}

/** A /get_reward body of `n` copies of the oracle transcript. */
function body(n: number) {
  return { query: Array(n).fill(renderTranscript(trace)), labels: Array(n).fill(JSON.stringify({ task })) };
}

/** Writes a whole HTTP request before reading anything (as curl without Expect or Python requests do). */
function rawPost(
  port: number,
  path: string,
  payload: Buffer,
): Promise<{ status: number; text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let got = "";
    let error: string | undefined;
    socket.pause();
    socket.on("data", (c) => {
      got += c.toString("utf8");
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code;
    });
    socket.on("close", () =>
      resolve({ status: Number(got.split(" ")[1] ?? 0), text: got, ...(error ? { error } : {}) }),
    );
    socket.write(
      `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${payload.length}\r\nconnection: close\r\n\r\n`,
    );
    socket.write(payload, () => socket.resume());
  });
}

const waitFor = async (what: () => boolean, ms: number): Promise<number> => {
  const start = performance.now();
  while (!what()) {
    if (performance.now() - start > ms) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return performance.now() - start;
};

describe("admission control of scoring work", () => {
  it("answers a burst past the bound with 503 overloaded and Retry-After, scores the rest, and /healthz keeps answering", async () => {
    const n = 12;
    const s = await server({
      scoreBudget: Math.max(worst, 6 * perQuery),
      maxScoringRequests: 2,
      maxScoringCost: 2 * Math.max(worst, 6 * perQuery),
    });
    const http = httpClient(s.url, 64);
    let peak = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, s.admission.load.requests);
    }, 1);
    const burst = Promise.all(Array.from({ length: 24 }, () => http.send("POST", "/get_reward", body(n / 2))));
    const health = await http.send("GET", "/healthz");
    const answers = await burst;
    clearInterval(watch);
    http.close();
    expect(health.status).toBe(200);
    const statuses = answers.map((a) => a.status);
    console.log(`admission burst: ${answers.length} tried, statuses ${JSON.stringify(statuses)}`);
    expect(statuses.every((st) => st === 200 || st === 503)).toBe(true);
    expect(statuses.filter((st) => st === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((st) => st === 503).length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status === 503)) expect(a.body.error.code).toBe("overloaded");
    expect(peak).toBeLessThanOrEqual(2);
    expect(s.admission.load).toEqual({ requests: 0, cost: 0 });
  });

  it("sends Retry-After with every 503 and lets the same request in once the work is done", async () => {
    const s = await server({ scoreBudget: Math.max(worst, 4 * perQuery), maxScoringRequests: 1 });
    const http = httpClient(s.url, 8);
    const [a, b] = await Promise.all([
      http.send("POST", "/get_reward", body(4)),
      http.send("POST", "/get_reward", body(4)),
    ]);
    const refused = [a, b].find((r) => r.status === 503);
    expect([a.status, b.status].sort()).toEqual([200, 503]);
    const again = await http.send("POST", "/get_reward", body(4));
    http.close();
    expect(refused?.body.error.code).toBe("overloaded");
    expect(again.status).toBe(200);
  });

  it("cancels planning and scoring within a second when the client disconnects", async () => {
    const n = 600;
    const s = await server({ scoreBudget: Math.max(worst, n * perQuery + 1), drainSeconds: 30 });
    const payload = Buffer.from(JSON.stringify(body(n)));
    const socket = connect(s.port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write(
      `POST /get_reward HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload);
    await waitFor(() => s.scoring.load.busy > 0, 20_000);
    expect(s.scoring.load.busy).toBe(1);
    socket.destroy();
    const ms = await waitFor(() => s.scoring.load.busy === 0 && s.admission.load.requests === 0, 5_000);
    console.log(`disconnect: scoring stopped ${ms.toFixed(0)} ms after the client went away`);
    expect(s.scoring.load.busy).toBe(0);
    expect(s.admission.load.requests).toBe(0);
    expect(ms).toBeLessThan(1000);
  });

  it("closes within the drain time, answering the request it cut short with 503", async () => {
    const n = 600;
    const s = await server({ scoreBudget: Math.max(worst, n * perQuery + 1), drainSeconds: 0.3 });
    const http = httpClient(s.url, 4);
    const pending = http.send("POST", "/get_reward", body(n)).catch((e: Error) => ({ status: -1, body: e.message }));
    await waitFor(() => s.scoring.load.busy > 0, 20_000);
    const start = performance.now();
    await s.close();
    const closeMs = performance.now() - start;
    open = [];
    const answer = await pending;
    http.close();
    console.log(`drain: closed in ${closeMs.toFixed(0)} ms, the cut request got ${answer.status}`);
    expect(closeMs).toBeLessThan(2000);
    expect([503, -1]).toContain(answer.status);
  });

  it("answers 413 to a body over the limit sent without Expect: 100-continue, and keeps our error codes", async () => {
    const s = await server({ maxBodyBytes: 64 * 1024 });
    let tried = 0;
    for (const size of [64 * 1024 + 1, 256 * 1024, 2 * 1024 * 1024]) {
      for (const path of ["/get_reward", "/v1/episodes"]) {
        tried++;
        const r = await rawPost(s.port, path, Buffer.alloc(size, 32));
        expect(r.status, `${path} ${size}: ${r.error ?? r.text.slice(0, 80)}`).toBe(413);
        expect(r.text).toContain('"code":"body_too_large"');
        expect(r.text).not.toContain("FST_");
      }
    }
    // The chat server (same HTTP stack) too.
    const chat = await startChatServer({
      modelName: "m",
      port: 0,
      maxBodyBytes: 64 * 1024,
      respond: async () => ({ content: "", finishReason: "stop", tokens: [], promptTokens: 0 }),
    });
    try {
      tried++;
      const r = await rawPost(chat.port, "/v1/chat/completions", Buffer.alloc(512 * 1024, 32));
      expect(r.status, r.error ?? r.text.slice(0, 80)).toBe(413);
    } finally {
      await chat.close();
    }
    console.log(`attack suite: 413 without Expect: ${tried} tried`);
  });

  it("counts task generation in the budget: distinct generated labels are refused once their generation passes it", async () => {
    const sizes = { options: 26, attributes: 10, agents: 3, rounds: 1 };
    const one = generateTask({ family: "random", seed: 0, ...sizes });
    const least = scoreEpisodeCost(one, { messages: [] }) + queryOverheadCost();
    // Three distinct labels fit, the fourth crosses; one label repeated eight times is generated once and fits.
    const s = await server({ scoreBudget: 3.5 * (generationCost(one) + least) });
    const labels = Array.from({ length: 8 }, (_, k) => JSON.stringify({ family: "random", seed: k, ...sizes }));
    const http = httpClient(s.url, 2);
    const over = await http.send("POST", "/get_reward", { query: Array(8).fill("Agent 0: PASS"), labels });
    // The same label repeated is generated once: within the budget.
    const same = await http.send("POST", "/get_reward", {
      query: Array(8).fill("Agent 0: PASS"),
      labels: Array(8).fill(labels[0]),
    });
    http.close();
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({ code: "over_budget", field: "labels[3]" });
    expect(same.status).toBe(200);
  });
});
