// Loopback load on the episode service: N concurrent oracle-text episodes stepped to completion over HTTP
// (keep-alive, 128 sockets, server and client in this one process). Baselines measured in the same run:
// GET /healthz on the same server at the same concurrency (HTTP floor), and the in-process step rate.
// Scale-out: the same load against `startEnvCluster` (stateless, state tokens) with 1 and then 2 worker
// processes, the load generator in this process; 2 workers are reported against 1 from the same run. Amid
// that load, forged and replayed state tokens are sent and must all be refused with 4xx.
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CollaborationEnv } from "@cosir/env";
import { MAX_TASK_COST, observationView, startEnvCluster, startEnvServer } from "../dist/index.js";
import { httpClient } from "../src/test/http-client.mjs";
import { burst } from "./burst.mjs";
import { maximumBody, oracleEpisodes } from "./load-support.mjs";

const quantile = (xs, q) => xs.slice().sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];

/**
 * /healthz latency while maximum-budget /get_reward bodies are scored (docs/design.md §7.1): each body's
 * summed planned cost is just under the server's budget (MAX_TASK_COST; `maximumBody`, burst.mjs's body too),
 * one per scoring thread plus one queued. Baseline: /healthz p99 on the same server, idle, in the same run.
 * Also the time to refuse a body 1,000x over the budget (the check runs before any scoring).
 */
async function healthzUnderLoad({ report, quick }) {
  const { n, perQuery, label, body } = await maximumBody();
  const threads = 2;
  const server = await startEnvServer({ port: 0, scoringThreads: threads, maxBodyBytes: 64 * 1024 * 1024 });
  const http = httpClient(server.url, 128);
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

/**
 * Runs bench/load-client.mjs against `url` in its own process; resolves with its JSON line and the workers'
 * CPU seconds over the measured part (from the client's "@measure" line to its exit).
 */
function loadClient(url, episodes) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL("./load-client.mjs", import.meta.url)), url, String(episodes)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    let cpu0;
    child.stdout.on("data", (c) => {
      out += c;
      if (cpu0 === undefined && out.includes("@measure\n")) cpu0 = workersCpuSeconds();
    });
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`load client exited ${code}`));
      const cpu = workersCpuSeconds() - (cpu0 ?? 0);
      resolve({ ...JSON.parse(out.slice(out.indexOf("@measure\n") + 9)), cpu });
    });
  });
}

/** Sum of user+system CPU seconds of the cluster's worker processes (Linux /proc; 0 elsewhere). */
function workersCpuSeconds() {
  let ticks = 0;
  for (const worker of Object.values(cluster.workers ?? {})) {
    try {
      const fields = readFileSync(`/proc/${worker.process.pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  }
  return ticks / 100;
}

export default async function bench({ report, quick }) {
  await healthzUnderLoad({ report, quick });
  await burst({ report, quick });
  const episodes = quick ? 100 : 1000;
  const tasks = await oracleEpisodes();
  const server = await startEnvServer({ port: 0, maxEpisodes: 2 * episodes });
  const http = httpClient(server.url, 128);
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
    // Scale-out: stateless workers on one port, 1 then 2, the same load from a separate client process.
    const byWorkers = {};
    for (const workers of [1, 2]) {
      const cluster = await startEnvCluster({ port: 0, maxEpisodes: 4 * episodes }, { workers });
      try {
        byWorkers[workers] = await loadClient(cluster.url, episodes);
      } finally {
        await cluster.close();
      }
    }
    const rps = (w) => byWorkers[w].steps / byWorkers[w].seconds;
    for (const w of [1, 2]) {
      const b = byWorkers[w];
      report({
        name: `engines.step.rps.${w}w`,
        value: rps(w),
        unit: "requests/s",
        ...(w === 2 ? { baseline: rps(1), ratio: rps(2) / rps(1) } : {}),
        note: `stateless (state tokens), ${w} worker process${w > 1 ? "es" : ""} on one port, ${episodes} concurrent episodes, load client in its own process; workers used ${(b.cpu / b.seconds).toFixed(2)} cores, the client ${(b.clientCpu / b.seconds).toFixed(2)}${w === 2 ? "; baseline 1 worker, same run" : ""}`,
      });
      report({
        name: `engines.step.p99.${w}w`,
        value: b.p99,
        unit: "ms",
        ...(w === 2 ? { baseline: byWorkers[1].p99 } : {}),
        note: `step latency p99, stateless, ${w} worker${w > 1 ? "s" : ""}`,
      });
      if (b.cpu > 0)
        report({
          name: `engines.step.cpu.${w}w`,
          value: (1000 * b.cpu) / b.steps,
          unit: "ms CPU/step",
          ...(w === 2 ? { baseline: (1000 * byWorkers[1].cpu) / byWorkers[1].steps } : {}),
          note: `worker CPU per step (all workers, /proc), ${w} worker${w > 1 ? "s" : ""}: what a step costs whatever share of the machine the workers got`,
        });
    }
    const refused = [1, 2].reduce(
      (acc, w) => ({
        sent: acc.sent + byWorkers[w].refused.sent,
        ok: acc.ok + byWorkers[w].refused.forged + byWorkers[w].refused.replayed,
      }),
      { sent: 0, ok: 0 },
    );
    report({
      name: "engines.state.refused",
      value: refused.ok / refused.sent,
      unit: "fraction",
      note: `${refused.sent} forged or replayed state tokens sent amid the load (half each); fraction answered 4xx (must be 1)`,
    });

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
