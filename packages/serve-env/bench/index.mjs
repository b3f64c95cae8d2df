// Loopback load on the episode service: N concurrent oracle-text episodes stepped to completion over HTTP
// (keep-alive, 128 sockets, server and client in this one process). Baselines measured in the same run:
// GET /healthz on the same server at the same concurrency (HTTP floor), and the in-process step rate.
import { Agent, request } from "node:http";
import { CollaborationEnv, generateTask, runEpisode } from "@cosir/env";
import { scoreEpisodeCost } from "@cosir/rewards";
import { scriptedPolicy } from "@cosir/policy";
import { MAX_TASK_COST, observationView, renderTranscript, startEnvServer } from "../dist/index.js";

function client(baseUrl) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const send = (method, path, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const start = performance.now();
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {},
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode,
              body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
              ms: performance.now() - start,
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      if (payload) req.write(payload);
      req.end();
    });
  return { send, close: () => agent.destroy() };
}

const quantile = (xs, q) => xs.slice().sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];

/**
 * /healthz latency while maximum-budget /get_reward bodies are scored (docs/design.md §7.1): each body's
 * summed scoring cost is just under the server's budget (MAX_TASK_COST), one per scoring thread plus one
 * queued. Baseline: /healthz p99 on the same server, idle, in the same run. Also the time to refuse a
 * body 1,000x over the budget (the check runs before any scoring).
 */
async function healthzUnderLoad({ report, quick }) {
  const task = generateTask({
    family: "random",
    seed: 11,
    options: 8,
    attributes: 6,
    agents: 3,
    rounds: 3,
    levels: [0, 10],
    weights: Array(6).fill(20),
  });
  const trace = await runEpisode(task, scriptedPolicy("oracle", { seed: 11 }), { surface: "natural" });
  const perQuery = scoreEpisodeCost(task, trace);
  const n = Math.max(1, Math.floor((0.95 * MAX_TASK_COST) / perQuery));
  const label = JSON.stringify({ task });
  const body = { query: Array(n).fill(renderTranscript(trace)), labels: Array(n).fill(label) };
  const threads = 2;
  const server = await startEnvServer({ port: 0, scoringThreads: threads, maxBodyBytes: 64 * 1024 * 1024 });
  const http = client(server.url);
  try {
    const probe = async (samples) => {
      const out = [];
      for (let k = 0; k < samples; k++) {
        out.push((await http.send("GET", "/healthz")).ms);
        await new Promise((r) => setTimeout(r, 2));
      }
      return out;
    };
    const idle = await probe(quick ? 100 : 400);
    let busy = true;
    const loaded = [];
    const start = performance.now();
    const scoring = Promise.all(Array.from({ length: threads + 1 }, () => http.send("POST", "/get_reward", body))).then(
      (rs) => {
        busy = false;
        for (const r of rs) if (r.status !== 200) throw new Error(`get_reward: ${r.status} ${JSON.stringify(r.body)}`);
      },
    );
    while (busy) {
      loaded.push((await http.send("GET", "/healthz")).ms);
      await new Promise((r) => setTimeout(r, 2));
    }
    await scoring;
    const seconds = (performance.now() - start) / 1000;
    report({
      name: "serve.healthz.p99.scoring",
      value: quantile(loaded, 0.99),
      unit: "ms",
      baseline: quantile(idle, 0.99),
      note: `${loaded.length} GET /healthz while ${threads + 1} /get_reward bodies of ${n} queries (${((n * perQuery) / 1e9).toFixed(2)}e9 of the ${MAX_TASK_COST.toExponential(0)} budget each) were scored on ${threads} threads in ${seconds.toFixed(1)} s; baseline idle p99`,
    });
    const over = { query: Array(4096).fill("Agent 0: SHARE"), labels: Array(4096).fill(label) };
    const refusals = [];
    for (let k = 0; k < (quick ? 3 : 10); k++) {
      const r = await http.send("POST", "/get_reward", over);
      if (r.status !== 413 && r.status !== 200) throw new Error(`over budget: ${r.status} ${JSON.stringify(r.body)}`);
      refusals.push(r.ms);
    }
    report({
      name: "serve.over_budget.refusal",
      value: quantile(refusals, 0.5),
      unit: "ms",
      baseline: quantile(idle, 0.5),
      note: "median time to answer 413 to a 4,096-query body over the budget (checked before scoring); baseline idle /healthz median",
    });
  } finally {
    http.close();
    await server.close();
  }
}

export default async function bench({ report, quick }) {
  await healthzUnderLoad({ report, quick });
  const episodes = quick ? 100 : 1000;
  const tasks = [];
  for (let k = 0; k < 32; k++) {
    const task = generateTask({ family: k % 2 ? "random" : "hiddenProfile", seed: 500 + k });
    const trace = await runEpisode(task, scriptedPolicy("oracle", { seed: k }), { surface: "natural" });
    tasks.push({
      task,
      steps: [...trace.messages.map((m) => [m.speaker, m.text]), ...trace.choices.map((c) => [c.agent, c.text])],
    });
  }
  const server = await startEnvServer({ port: 0, maxEpisodes: 2 * episodes });
  const http = client(server.url);
  try {
    // Warm-up, then the measured run.
    for (const run of [Math.min(50, episodes), episodes]) {
      const latencies = [];
      const start = performance.now();
      await Promise.all(
        Array.from({ length: run }, async (_, e) => {
          const t = tasks[e % tasks.length];
          const created = await http.send("POST", "/v1/episodes", { family: t.task.family, seed: t.task.seed });
          if (created.status !== 200) throw new Error(`create: ${created.status}`);
          for (const [n, [agent, text]] of t.steps.entries()) {
            const r = await http.send("POST", `/v1/episodes/${created.body.episodeId}/step`, {
              agent,
              text,
              requestId: String(n),
            });
            if (r.status !== 200) throw new Error(`step: ${r.status} ${JSON.stringify(r.body)}`);
            latencies.push(r.ms);
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      if (run !== episodes) continue;
      // Same concurrency, same server, a route that does nothing: the HTTP floor.
      const floor = [];
      const floorStart = performance.now();
      await Promise.all(
        Array.from({ length: episodes }, async () => {
          for (let k = 0; k < 9; k++) floor.push((await http.send("GET", "/healthz")).ms);
        }),
      );
      const floorRps = floor.length / ((performance.now() - floorStart) / 1000);
      const rps = latencies.length / seconds;
      report({
        name: "engines.step.rps",
        value: rps,
        unit: "requests/s",
        baseline: floorRps,
        ratio: rps / floorRps,
        note: `${episodes} concurrent episodes over loopback; baseline GET /healthz at the same concurrency`,
      });
      report({
        name: "engines.step.p99",
        value: quantile(latencies, 0.99),
        unit: "ms",
        baseline: quantile(floor, 0.99),
        note: "step latency under the same load; baseline /healthz p99",
      });
    }
    // In-process: CollaborationEnv.step plus the observation the service returns, no HTTP.
    let steps = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < (quick ? 200 : 2000)) {
      const t = tasks[steps % tasks.length];
      const env = new CollaborationEnv(t.task, { surface: "natural" });
      for (const [, text] of t.steps) {
        env.step(text);
        observationView(env);
        steps++;
      }
    }
    report({
      name: "engines.step.inprocess",
      value: steps / ((performance.now() - t0) / 1000),
      unit: "steps/s",
      note: "CollaborationEnv.step + observationView, no HTTP",
    });
  } finally {
    http.close();
    await server.close();
  }
}
