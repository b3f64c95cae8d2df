// Loopback load on the episode service: N concurrent oracle-text episodes stepped to completion over HTTP
// (keep-alive, 128 sockets, server and client in this one process). Baselines measured in the same run:
// GET /healthz on the same server at the same concurrency (HTTP floor), and the in-process step rate.
import { Agent, request } from "node:http";
import { CollaborationEnv, generateTask, runEpisode } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { observationView, startEnvServer } from "../dist/index.js";

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

export default async function bench({ report, quick }) {
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
