// Load generator for the scale-out figures of bench/index.mjs, run as its own process (so the cluster's
// primary, which is the bench process, only accepts connections and keeps the spent-state ledger):
// `node load-client.mjs <url> <episodes>` steps that many concurrent oracle-text episodes carrying state
// tokens (after a warm-up), sends one forged and one replayed state per episode, and prints one JSON line.
import { httpClient } from "../src/test/http-client.mjs";
import { oracleEpisodes } from "./load-support.mjs";

const [url, episodesArg] = process.argv.slice(2);
const episodes = Number(episodesArg);
const http = httpClient(url, 256);
const send = (path, body) => http.send("POST", path, body);
const tasks = await oracleEpisodes();

async function load(n, bad) {
  const latencies = [];
  const refused = { sent: 0, forged: 0, replayed: 0 };
  const start = performance.now();
  await Promise.all(
    Array.from({ length: n }, async (_, e) => {
      const t = tasks[e % tasks.length];
      const created = await send("/v1/episodes", { family: t.task.family, seed: t.task.seed });
      if (created.status !== 200) throw new Error(`create: ${created.status}`);
      let state = created.body.state;
      const id = created.body.episodeId;
      for (const [n, [agent, text]] of t.steps.entries()) {
        const r = await send(`/v1/episodes/${id}/step`, { agent, text, state });
        if (r.status !== 200) throw new Error(`step: ${r.status} ${JSON.stringify(r.body)}`);
        latencies.push(r.ms);
        if (bad && n === 0) {
          // A forged state (sealed bytes edited blindly: a client cannot read a token) and the spent state
          // replayed for another step.
          const sealed = Buffer.from(state.slice(3), "base64url");
          sealed[sealed.length >> 1] ^= 1;
          const forged = `s2.${sealed.toString("base64url")}`;
          const f = await send(`/v1/episodes/${id}/step`, { agent, text, state: forged });
          const p = await send(`/v1/episodes/${id}/step`, { agent, text: `${text} (again)`, state });
          refused.sent += 2;
          if (f.status >= 400 && f.status < 500) refused.forged++;
          if (p.status >= 400 && p.status < 500) refused.replayed++;
        }
        state = r.body.state;
      }
    }),
  );
  return { latencies, seconds: (performance.now() - start) / 1000, refused };
}

await load(Math.min(200, episodes), false); // warm-up: every worker's JIT
process.stdout.write("@measure\n"); // the bench starts counting the workers' CPU here
const cpu0 = process.cpuUsage();
const run = await load(episodes, true);
const cpu = process.cpuUsage(cpu0);
const sorted = run.latencies.slice().sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    steps: sorted.length,
    seconds: run.seconds,
    p99: sorted[Math.floor(0.99 * (sorted.length - 1))],
    refused: run.refused,
    clientCpu: (cpu.user + cpu.system) / 1e6,
  })}\n`,
);
http.close();
