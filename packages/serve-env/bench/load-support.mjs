// Shared by bench/index.mjs, bench/load-client.mjs and bench/burst.mjs: the oracle-text episodes the load steps,
// and the maximum-budget /get_reward body both scoring benches send. Their keep-alive JSON client, which times each
// request, is the tests' (src/test/http-client.mjs).
import { generateTask, runEpisode } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { MAX_TASK_COST, plannedQueryCost, renderTranscript } from "../dist/index.js";

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

/**
 * A maximum-budget /get_reward body: `n` copies of one oracle transcript (a large random task), each query's planned
 * cost `perQuery` as the server's admission check counts it, summed to just under the budget (0.95 MAX_TASK_COST).
 */
export async function maximumBody() {
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
  const perQuery = plannedQueryCost(task, trace);
  const n = Math.max(1, Math.floor((0.95 * MAX_TASK_COST) / perQuery));
  const label = JSON.stringify({ task });
  return { n, perQuery, label, body: { query: Array(n).fill(renderTranscript(trace)), labels: Array(n).fill(label) } };
}
