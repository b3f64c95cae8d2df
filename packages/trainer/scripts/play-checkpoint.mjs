// A checkpoint played the way the diagnostic scripts play it (ask-states.mjs, false-shares.mjs,
// evaluate-objective.mjs): the preset's held-out tasks, one held-out family's, or random tasks over given pretraining
// shapes (false-shares.mjs --shapes), the talk sampled at the RL temperature, the choices at their own temperature
// when given, episode k seeded k.
import { heldOutFamilies } from "@cosir/bench";
import { runEpisodes } from "@cosir/env";
import { loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { evaluationTasks, PretrainShapesSchema, resolveTrainConfig, samplingPolicy, shapeTask } from "@cosir/trainer";

/** Whether `family` is absent or names a held-out family (an own property, not an inherited one). */
export const knownFamily = (family) => family === undefined || Object.hasOwn(heldOutFamilies, family);

/**
 * The `--shapes` flag's JSON as pretraining shapes (PretrainShapesSchema, defaults filled in), or an error message
 * naming the field and the value.
 */
export function parseShapesFlag(text) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: `--shapes: expected JSON, got ${JSON.stringify(text)}` };
  }
  const parsed = PretrainShapesSchema.safeParse(json);
  if (parsed.success) return { shapes: parsed.data };
  const issue = parsed.error.issues[0];
  const value = issue.path.reduce((v, key) => v?.[key], json);
  const field = ["--shapes", ...issue.path].join(".");
  return { error: `${field}: ${issue.message}, got ${JSON.stringify(value)}` };
}

/**
 * `checkpoint`'s episodes on `episodes` tasks: the preset's evaluation tasks; with `family` that held-out family's
 * tasks at seeds 900000 + k; with `shapes` (parsed pretraining shapes) `random` tasks drawn over them at seeds
 * 8_000_000 + k, apart from the pretraining's. Returns the resolved config, the tasks and the traces; the model is
 * disposed.
 */
export async function playCheckpoint({ checkpoint, preset, family, shapes, episodes, seed = 0, choiceTemperature }) {
  await selectBackend({ log: null });
  const config = resolveTrainConfig({ preset });
  const tasks =
    family !== undefined
      ? Array.from({ length: episodes }, (_, k) => heldOutFamilies[family]({ seed: 900000 + k }))
      : shapes !== undefined
        ? Array.from({ length: episodes }, (_, k) => shapeTask(shapes, 8_000_000 + k))
        : evaluationTasks(config, episodes);
  const loaded = await loadCheckpoint(checkpoint);
  const policy = samplingPolicy(
    { model: loaded.model, tokenizer: loaded.tokenizer },
    { temperature: config.rl.temperature, maxNewTokens: config.rl.maxNewTokens, seed, choiceTemperature },
  );
  const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, k) => k) });
  loaded.model.dispose();
  return { config, tasks, traces };
}
