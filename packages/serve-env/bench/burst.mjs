// The burst of issue 28: 200 concurrent maximum-budget /get_reward bodies against one server process on this
// machine. Figures: /healthz p99 during the burst, the share of requests answered (scored, 429 or 503) within
// 10 s and 30 s, the server's peak RSS, the CPU it spends after every client has disconnected mid-burst, and
// how long SIGTERM takes to end it mid-burst. Baseline, same run: the same server with admission control
// turned off (bounds too large to reach: every body queued, the behaviour before issue 28), stopped after
// 30 s. Run alone with `node packages/serve-env/bench/burst.mjs [--quick]` (build first).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { MAX_TASK_COST } from "../dist/index.js";
import { maximumBody } from "./load-support.mjs";

const quantile = (xs, q) =>
  xs.length === 0 ? Number.NaN : xs.slice().sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts bench/burst-server.mjs (nice'd like the rest of the bench) and resolves with its process and port. */
function startServer(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "nice",
      [process.execPath, fileURLToPath(new URL("./burst-server.mjs", import.meta.url)), JSON.stringify(options)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
      const m = out.match(/@port (\d+)/);
      if (m && child.port === undefined) {
        child.port = Number(m[1]);
        resolve(child);
      }
    });
    child.on("exit", (code) => reject(new Error(`burst server exited ${code} before listening`)));
    child.output = () => out;
  });
}

/** The server's CPU seconds (all threads) and peak RSS in MB, from /proc (Linux; NaN elsewhere). */
function serverStats(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const hwm = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
    return { cpu: (Number(fields[11]) + Number(fields[12])) / 100, peakMb: hwm ? Number(hwm[1]) / 1024 : Number.NaN };
  } catch {
    return { cpu: Number.NaN, peakMb: Number.NaN };
  }
}

/** One POST on its own connection; resolves with the status (0: no answer) and the time it took. */
function post(port, body, agent, requests) {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/get_reward",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - start }));
        res.on("error", () => resolve({ status: 0, ms: performance.now() - start }));
      },
    );
    requests?.push(req);
    req.on("error", () => resolve({ status: 0, ms: performance.now() - start }));
    req.end(body);
  });
}

/** /healthz every 20 ms on its own keep-alive socket until `until()`; the latencies (a probe past 5 s is 5 s). */
async function probeHealth(port, until) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out = [];
  while (!until()) {
    const start = performance.now();
    const ok = await new Promise((resolve) => {
      const req = request({ host: "127.0.0.1", port, path: "/healthz", agent, timeout: 5000 }, (res) => {
        res.resume();
        res.on("end", () => resolve(true));
      });
      req.on("timeout", () => req.destroy());
      req.on("error", () => resolve(false));
      req.end();
    });
    out.push(ok ? performance.now() - start : 5000);
    await sleep(20);
  }
  agent.destroy();
  return out;
}

/** The burst against one server: every body at once, answers counted up to `capS` seconds. */
async function burstOnce(options, clients, body, capS) {
  const server = await startServer(options);
  // The same server idle first: /healthz p99 with nothing else to do (what the machine gives right now).
  const idleUntil = performance.now() + 2000;
  const idle = quantile(await probeHealth(server.port, () => performance.now() > idleUntil), 0.99);
  const agent = new Agent({ keepAlive: false, maxSockets: clients + 8 });
  let done = false;
  const health = probeHealth(server.port, () => done);
  const start = performance.now();
  const answers = await Promise.race([
    Promise.all(Array.from({ length: clients }, () => post(server.port, body, agent))),
    sleep(capS * 1000).then(() => undefined),
  ]);
  done = true;
  const latencies = await health;
  const stats = serverStats(server.pid);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  server.kill("SIGKILL");
  const within = (s) => (answers ?? []).filter((a) => a.status > 0 && a.ms <= s * 1000).length / clients;
  return {
    p99: quantile(latencies, 0.99),
    idle,
    probes: latencies.length,
    within10: within(10),
    within30: within(30),
    statuses: answers ? countStatuses(answers) : `unfinished after ${capS} s`,
    peakMb: stats.peakMb,
    elapsed,
  };
}

function countStatuses(answers) {
  const c = {};
  for (const a of answers) c[a.status] = (c[a.status] ?? 0) + 1;
  return JSON.stringify(c);
}

/**
 * Every client still waiting disconnects once the others have their answer (the refused ones) or 10 s into
 * the burst, whichever comes first (or `earlyMs` into it): the server's CPU seconds (all threads) over the
 * next 5 s, and how many requests were still open at the disconnect.
 */
export async function disconnectCpu(options, clients, body, earlyMs) {
  const server = await startServer(options);
  // Let the server finish starting (its scoring thread loads its modules) so that only the burst's work counts.
  await sleep(3000);
  const agent = new Agent({ keepAlive: false, maxSockets: clients + 8 });
  const requests = [];
  let answered = 0;
  const answers = Promise.all(
    Array.from({ length: clients }, () =>
      post(server.port, body, agent, requests).then((a) => {
        if (a.status > 0) answered++;
        return a;
      }),
    ),
  );
  const start = performance.now();
  if (earlyMs !== undefined) await sleep(earlyMs);
  else while (answered < clients - 4 && performance.now() - start < 10_000) await sleep(50);
  const open = clients - answered;
  const before = serverStats(server.pid).cpu;
  for (const r of requests) r.destroy();
  await answers;
  await sleep(5000);
  const cpu = serverStats(server.pid).cpu - before;
  server.kill("SIGKILL");
  agent.destroy();
  return { cpu, open };
}

/** SIGTERM 1.5 s into the burst: seconds until the server process has exited. */
async function sigtermExit(options, clients, body) {
  const server = await startServer(options);
  const agent = new Agent({ keepAlive: false, maxSockets: clients + 8 });
  const answers = Promise.all(Array.from({ length: clients }, () => post(server.port, body, agent)));
  await sleep(1500);
  const start = performance.now();
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const gone = await Promise.race([exited.then(() => true), sleep(60_000).then(() => false)]);
  const seconds = (performance.now() - start) / 1000;
  if (!gone) server.kill("SIGKILL");
  await answers;
  agent.destroy();
  return gone ? seconds : Number.NaN;
}

export async function burst({ report, quick }) {
  const clients = quick ? 20 : 200;
  const { n, body } = await maximumBody();
  const text = JSON.stringify(body);
  const bounded = { scoringThreads: 1, drainSeconds: 5 };
  // Admission off: bounds no burst reaches, every body admitted and queued (before issue 28).
  const unbounded = { ...bounded, maxScoringRequests: 100_000, maxScoringCost: 1e18 };
  const now = await burstOnce(bounded, clients, text, 35);
  const before = await burstOnce(unbounded, clients, text, quick ? 15 : 30);
  const what = `${clients} concurrent /get_reward bodies of ${n} queries (${(text.length / 1024).toFixed(0)} KB, 0.95 of the ${MAX_TASK_COST.toExponential(0)} budget each), server in its own nice'd process, 1 scoring thread`;
  const baseNote =
    "baseline: the same server with admission control off (every body queued), same run, stopped after 30 s";
  report({
    name: "serve.burst.healthz.p99",
    value: now.p99,
    unit: "ms",
    baseline: before.p99,
    note: `${now.probes} GET /healthz (20 ms apart) during ${what} (idle p99 on the same server just before: ${now.idle.toFixed(1)} ms); ${baseNote}`,
  });
  report({
    name: "serve.burst.answered.10s",
    value: now.within10,
    unit: "fraction",
    baseline: before.within10,
    note: `requests answered (scored, 429 or 503) within 10 s; statuses ${now.statuses}; baseline ${before.statuses}`,
  });
  report({
    name: "serve.burst.answered.30s",
    value: now.within30,
    unit: "fraction",
    baseline: before.within30,
    note: `requests answered within 30 s (target 1); the burst took ${now.elapsed.toFixed(1)} s`,
  });
  report({
    name: "serve.burst.peak_rss",
    value: now.peakMb,
    unit: "MB",
    baseline: before.peakMb,
    note: `the server process's peak RSS (VmHWM) over the burst (target < 1024); ${baseNote}`,
  });
  const gone = await disconnectCpu(bounded, clients, text);
  report({
    name: "serve.burst.cpu_after_disconnect",
    value: gone.cpu,
    unit: "s CPU",
    note: `server CPU (all threads) over the 5 s after the ${gone.open} clients of the burst still waiting (being scored) disconnected, once the others had their answer (target < 1)`,
  });
  const early = await disconnectCpu(bounded, clients, text, 1500);
  report({
    name: "serve.burst.cpu_after_early_disconnect",
    value: early.cpu,
    unit: "s CPU",
    note: `the same with every client gone 1.5 s into the burst (${early.open} still unanswered): the server still reads and refuses the requests already in its socket buffers (a starved, nice'd server has most of them left)`,
  });
  const exit = await sigtermExit(bounded, clients, text);
  report({
    name: "serve.burst.sigterm_exit",
    value: exit,
    unit: "s",
    note: `SIGTERM 1.5 s into the burst to process exit, drainSeconds ${bounded.drainSeconds}`,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await burst({
    report: (f) =>
      console.log(
        `${f.name.padEnd(34)} ${String(Number(f.value.toPrecision(4))).padStart(10)} ${f.unit.padEnd(10)} ${f.baseline !== undefined ? `baseline ${Number(f.baseline.toPrecision(4))}` : ""}  ${f.note}`,
      ),
    quick: process.argv.includes("--quick"),
  });
}
