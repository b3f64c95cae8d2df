import { readFile, stat } from "node:fs/promises";
import { InvalidConfigError } from "@cosir/bayes";
import { checkOutputFolder } from "@cosir/bench";
import type { CliCommand } from "../cli-io";
import { parseFlags } from "../flags";
import {
  HfLoraRun,
  TrainRun,
  parseOverride,
  resolveHfTrainConfig,
  resolveTrainConfig,
  trainPresets,
  validateTrainConfig,
  type TrainConfig,
} from "@cosir/trainer";

/** Largest --config file read (a config is a few KB). */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** Reads a JSON or YAML config file; errors name the file. */
export async function readConfigFile(path: string): Promise<unknown> {
  let text: string;
  try {
    const size = (await stat(path)).size;
    if (size > MAX_CONFIG_BYTES)
      throw new InvalidConfigError("--config", path, `expected a config file of at most 1 MiB (it has ${size} bytes)`);
    text = await readFile(path, "utf8");
  } catch (error) {
    if (error instanceof InvalidConfigError) throw error;
    throw new InvalidConfigError("--config", path, "expected a readable file", { cause: error });
  }
  try {
    if (/\.ya?ml$/i.test(path)) {
      const { parse } = await import("yaml");
      return parse(text) as unknown;
    }
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InvalidConfigError(
      "--config",
      path,
      `expected valid ${/\.ya?ml$/i.test(path) ? "YAML" : "JSON"} (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
}

/** A run's config.json, validated as a whole (schema, task, rewards, budget) like a fresh one. */
function parseSavedConfig(json: unknown): TrainConfig {
  return validateTrainConfig(json);
}

export const trainCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    preset: { type: "string" },
    config: { type: "string" },
    set: { type: "string", multiple: true },
    out: { type: "string" },
    resume: { type: "string" },
    base: { type: "string" },
    model: { type: "string" },
    quiet: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(
      [
        `usage: cosir train [--preset ${Object.keys(trainPresets).join("|")}] [--config FILE.json|yaml] [--set key.path=value ...] --out DIR [--base CHECKPOINT] [--quiet]`,
        "       cosir train --resume DIR [--quiet]",
        "       cosir train --model HF_DIR --out DIR [--preset P] [--config FILE] [--set lora.rank=8 --set hf.toolSchemas=false ...]",
        "SFT warm start (unless --base), then self-play RL; checkpoints, config.json and metrics.jsonl in DIR.",
        "--model: LoRA-train a Hugging Face Qwen3 / Gemma 3 folder on the tool surface with CoSIR rewards; the adapter",
        "(PEFT layout) lands in DIR/adapter. LoRA settings: lora.rank, lora.alpha, lora.dropout, lora.targetModules, lora.saveEvery.",
        "",
      ].join("\n"),
    );
    return 0;
  }
  const progress = { stream: io.stderr as NodeJS.WriteStream, quiet: values.quiet === true };
  if (values.model !== undefined) return trainHfModel(values, io, progress);
  let run: TrainRun;
  if (typeof values.resume === "string") {
    if (
      values.out !== undefined ||
      values.preset !== undefined ||
      values.config !== undefined ||
      values.set !== undefined
    ) {
      throw new InvalidConfigError(
        "--resume",
        values.resume,
        "takes no --out, --preset, --config or --set: the run's own config.json is used",
      );
    }
    run = await TrainRun.resume(values.resume, { progress }, parseSavedConfig);
  } else {
    if (typeof values.out !== "string" || values.out.trim() === "")
      throw new InvalidConfigError("--out", values.out, "is required (a directory for the run)");
    checkOutputFolder(values.out, "--out");
    const overrides = ((values.set as unknown as string[] | undefined) ?? []).map(parseOverride);
    const config = resolveTrainConfig({
      preset: typeof values.preset === "string" ? values.preset : "demo",
      ...(typeof values.config === "string" ? { file: await readConfigFile(values.config) } : {}),
      overrides,
    });
    run = await TrainRun.start(
      config,
      values.out,
      { progress },
      typeof values.base === "string" ? { base: values.base } : {},
    );
  }
  try {
    await run.train();
    io.stdout.write(`trained ${run.completedIterations} iterations; run in ${run.dir}\n`);
  } finally {
    run.dispose();
  }
  return 0;
};

/** `cosir train --model DIR`: LoRA training of a Hugging Face decoder (HfLoraRun); everything is checked first. */
async function trainHfModel(
  values: Record<string, unknown>,
  io: Parameters<CliCommand>[1],
  progress: { stream: NodeJS.WriteStream; quiet: boolean },
): Promise<number> {
  for (const flag of ["resume", "base"] as const)
    if (values[flag] !== undefined)
      throw new InvalidConfigError(
        `--${flag}`,
        values[flag],
        "is not available with --model (a LoRA run starts fresh)",
      );
  if (typeof values.model !== "string" || values.model.trim() === "")
    throw new InvalidConfigError("--model", values.model, "expected a Hugging Face model folder");
  if (typeof values.out !== "string" || values.out.trim() === "")
    throw new InvalidConfigError("--out", values.out, "is required (a directory for the run)");
  checkOutputFolder(values.out, "--out");
  const overrides = ((values.set as string[] | undefined) ?? []).map(parseOverride);
  const { config, lora, hf } = resolveHfTrainConfig({
    ...(typeof values.preset === "string" ? { preset: values.preset } : {}),
    ...(typeof values.config === "string" ? { file: await readConfigFile(values.config) } : {}),
    overrides,
  });
  const { selectBackend } = await import("@cosir/policy/tfjs");
  await selectBackend(values.quiet === true ? { log: null } : {});
  const run = await HfLoraRun.start(values.model, values.out, config, { lora, hf }, { progress });
  try {
    await run.train();
    io.stdout.write(
      `trained LoRA for ${run.completedIterations} iterations; adapter in ${run.dir}/adapter (load it with loadLoraAdapter)\n`,
    );
  } finally {
    run.dispose();
  }
  return 0;
}
