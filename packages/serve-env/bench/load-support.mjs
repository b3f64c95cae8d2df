// Shared by bench/index.mjs and bench/load-client.mjs: a keep-alive JSON client that times each request, and the
// oracle-text episodes both step.
import { Agent, request } from "node:http";
import { generateTask, runEpisode } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";

/** A keep-alive HTTP client for `baseUrl`: send(method, path, body?) resolves {status, body, ms}. */
export function client(baseUrl, { maxSockets = 128 } = {}) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
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

/** 32 oracle episodes (random and hiddenProfile, natural surface) as the (agent, text) steps a client replays. */
export async function oracleEpisodes() {
  const tasks = [];
  for (let k = 0; k < 32; k++) {
    const task = generateTask({ family: k % 2 ? "random" : "hiddenProfile", seed: 500 + k });
    const trace = await runEpisode(task, scriptedPolicy("oracle", { seed: k }), { surface: "natural" });
    tasks.push({
      task,
      steps: [...trace.messages.map((m) => [m.speaker, m.text]), ...trace.choices.map((c) => [c.agent, c.text])],
    });
  }
  return tasks;
}
