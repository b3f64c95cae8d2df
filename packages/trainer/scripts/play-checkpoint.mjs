// A checkpoint played the way the diagnostic scripts play it (ask-states.mjs, false-shares.mjs,
// evaluate-objective.mjs): the preset's held-out tasks or one held-out family's, the talk sampled at the RL
// temperature, the choices at their own temperature when given, episode k seeded k.
import { heldOutFamilies } from "@cosir/bench";
import { runEpisodes } from "@cosir/env";
import { loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { evaluationTasks, resolveTrainConfig, samplingPolicy } from "@cosir/trainer";

/** Whether `family` is absent or names a held-out family (an own property, not an inherited one). */
export const knownFamily = (family) => family === undefined || Object.hasOwn(heldOutFamilies, family);

/**
 * `checkpoint`'s episodes on `episodes` tasks: the preset's evaluation tasks, or with `family` that held-out family's
 * tasks at seeds 900000 + k. Returns the resolved config, the tasks and the traces; the model is disposed.
 */
export async function playCheckpoint({ checkpoint, preset, family, episodes, seed = 0, choiceTemperature }) {
  await selectBackend({ log: null });
  const config = resolveTrainConfig({ preset });
  const tasks =
    family === undefined
      ? evaluationTasks(config, episodes)
      : Array.from({ length: episodes }, (_, k) => heldOutFamilies[family]({ seed: 900000 + k }));
  const loaded = await loadCheckpoint(checkpoint);
  const policy = samplingPolicy(
    { model: loaded.model, tokenizer: loaded.tokenizer },
    { temperature: config.rl.temperature, maxNewTokens: config.rl.maxNewTokens, seed, choiceTemperature },
  );
  const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, k) => k) });
  loaded.model.dispose();
  return { config, tasks, traces };
}
