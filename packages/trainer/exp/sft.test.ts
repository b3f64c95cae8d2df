import { it } from "vitest";
import { resolveTrainConfig } from "../src/config/train-config";
import { createPolicyModel, samplingPolicy } from "../src/run/policy-model";
import { supervisedWarmStart } from "../src/run/train-run";
import { evaluationTasks } from "../src/run/evaluate-policy";
import { derivedSeed } from "../src/run/training-data";
import { runEpisodes, type Task } from "@cosir/env";
import { scoreEpisode, summariseRewards, rewardConfig } from "@cosir/rewards";
import { selectBackend } from "@cosir/policy/tfjs";

it("sft", async () => {
  await selectBackend({ log: null });
  const over = JSON.parse(process.env.OV ?? "{}");
  const config = resolveTrainConfig({ preset: "demo", overrides: [over] });
  const pm = createPolicyModel(config.model, derivedSeed(config.seed, "init"));
  const t0 = Date.now();
  await supervisedWarmStart(pm, config, { progress: { stream: process.stderr, quiet: true } }, async (l) => console.log(JSON.stringify(l)));
  const tasks = evaluationTasks(config, 100);
  for (const temperature of [0, 1]) {
    const traces = await runEpisodes(tasks, samplingPolicy(pm, { temperature, maxNewTokens: config.rl.maxNewTokens, seed: 1 }), { seed: 0 });
    const s = summariseRewards(traces.map((t, k) => scoreEpisode(tasks[k] as Task, t, rewardConfig("cosir"))));
    const shares = traces.reduce((a, t) => a + t.messages.filter((m) => m.acts.some((x) => x.kind === "share")).length, 0);
    console.log(`T=${temperature} acc=${s.teamAccuracy} falseClaim=${s.falseClaim.toFixed(2)} shareMsgs=${(shares / 100).toFixed(2)} share=${s.share.toFixed(3)} format=${s.format.toFixed(2)} use=${s.use.toFixed(2)} accuracy=${s.accuracy.toFixed(2)} secs=${(Date.now() - t0) / 1000}`);
  }
}, 900000);
