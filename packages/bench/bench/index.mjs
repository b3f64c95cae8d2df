// HiddenBench scheduling: a 20-task run (both conditions, 2 rounds) against the scripted server answering
// every call after a fixed delay (1 s; --quick: 20 ms), tasks in flight at once. Baseline measured from
// the same run: the slowest task run's own time (its calls on the critical path x the delay, i.e. what
// it would take alone). Ratio = wall time / slowest task: close to 1 when a slow task delays only itself.
import { fileURLToPath } from "node:url";
import { loadHiddenBench, openAiChatResponder, runHiddenBench, scriptedHiddenBenchServer } from "../dist/index.js";

const fixture = fileURLToPath(new URL("../src/hiddenbench/fixtures/hidden-bench-fixture.json", import.meta.url));

async function run(tasks, delayMs, rounds) {
  const server = await scriptedHiddenBenchServer({ tasks, behaviour: "discloser", delayMs });
  try {
    const responder = openAiChatResponder({ baseUrl: server.url, model: "scripted", concurrency: 256, retries: 0 });
    const started = performance.now();
    // one run per task and condition (the default is 10), so the figure stays the one measured before
    const result = await runHiddenBench(tasks, responder, { rounds, runs: 1, concurrency: 2 * tasks.length });
    const wallS = (performance.now() - started) / 1000;
    // per task run: the two votes run in parallel across agents, the turns one after another
    const slowestS = (Math.max(...result.episodes.map((e) => 2 + rounds * e.agents)) * delayMs) / 1000;
    return { wallS, slowestS, calls: result.calls, runs: result.episodes.length };
  } finally {
    await server.close();
  }
}

export default async function bench({ report, quick }) {
  const tasks = loadHiddenBench(fixture).slice(0, 20);
  const rounds = 2;
  // the same run with instant replies: the client's and the in-process server's own cost
  const instant = await run(tasks, 0, rounds);
  report({ name: "hiddenbench 20-task run, 0 s/call", value: instant.wallS, unit: "s wall" });
  const delayMs = quick ? 20 : 1000;
  const r = await run(tasks, delayMs, rounds);
  report({
    name: `hiddenbench 20-task run, ${delayMs / 1000} s/call`,
    value: r.wallS,
    unit: "s wall",
    baseline: r.slowestS,
    ratio: r.wallS / r.slowestS,
    note: `${r.calls} calls, ${r.runs} task runs (hidden + full), rounds ${rounds}; baseline: the slowest task run alone`,
  });
}
