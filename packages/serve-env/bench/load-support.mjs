// Shared by bench/index.mjs and bench/load-client.mjs: the oracle-text episodes both step. Their keep-alive JSON
// client, which times each request, is the tests' (src/test/http-client.mjs).
import { generateTask, runEpisode } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";

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
