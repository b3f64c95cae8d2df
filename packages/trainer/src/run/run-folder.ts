import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CosirError } from "@cosir/bayes";
import { z } from "zod";
import { MetricsLineSchema, type MetricsLine } from "../metrics/metrics-line";

/**
 * A run folder:
 *   config.json     the resolved TrainConfig
 *   state.json      RunState: how far the checkpoint got (written atomically after it)
 *   metrics.jsonl   one MetricsLine per SFT epoch and per RL iteration
 *   base/           the start policy (the KL reference)
 *   checkpoint/     weights, Adam moments and counters of the latest checkpoint
 */
export interface RunPaths {
  config: string;
  state: string;
  metrics: string;
  base: string;
  checkpoint: string;
}

export function runPaths(dir: string): RunPaths {
  return {
    config: join(dir, "config.json"),
    state: join(dir, "state.json"),
    metrics: join(dir, "metrics.jsonl"),
    base: join(dir, "base"),
    checkpoint: join(dir, "checkpoint"),
  };
}

export const RUN_STATE_VERSION = 1 as const;

/** What a run folder says about itself (state.json); the checkpoint holds the tensors. */
export interface RunState {
  version: typeof RUN_STATE_VERSION;
  /** Completed RL iterations (the checkpoint's). */
  iteration: number;
  /** Metrics lines written up to that checkpoint. */
  metricsLines: number;
}

export const RunStateSchema = z.object({
  version: z.literal(RUN_STATE_VERSION),
  iteration: z.number().int(),
  metricsLines: z.number().int(),
}) satisfies z.ZodType<RunState, z.ZodTypeDef, unknown>;

/** Writes a file so that a reader (or a crash) sees the old text or the new, never a mix. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

/** Pretty-printed JSON plus a newline, written atomically. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Starts a run folder: creates it, refuses one that already holds a run, writes config.json and an
 * empty metrics.jsonl.
 */
export async function createRunFolder(dir: string, config: unknown): Promise<RunPaths> {
  const paths = runPaths(dir);
  await mkdir(dir, { recursive: true });
  if (existsSync(paths.state))
    throw new CosirError(
      "run_exists",
      `${dir} already holds a run: resume it with --resume ${dir}, or choose another --out`,
    );
  await writeJsonAtomic(paths.config, config);
  await writeFile(paths.metrics, "");
  return paths;
}

/** Appends one line to metrics.jsonl. */
export async function appendMetricsLine(dir: string, line: MetricsLine): Promise<void> {
  await appendFile(runPaths(dir).metrics, `${JSON.stringify(line)}\n`);
}

/** Records a checkpoint's progress; call after the checkpoint itself is saved. */
export async function writeRunState(dir: string, state: RunState): Promise<void> {
  await writeJsonAtomic(runPaths(dir).state, state);
}

/** Reads and checks state.json. */
export async function readRunState(dir: string): Promise<RunState> {
  const path = runPaths(dir).state;
  const parsed = RunStateSchema.safeParse(JSON.parse(await readFile(path, "utf8")));
  if (!parsed.success)
    throw new CosirError("bad_state", `${path}: expected {version: ${RUN_STATE_VERSION}, iteration, metricsLines}`, {
      cause: parsed.error,
    });
  return parsed.data;
}

/** Reads config.json through the caller's parser (resolveTrainConfig's schema, or a newer one). */
export async function readRunConfig<T>(dir: string, parse: (json: unknown) => T): Promise<T> {
  return parse(JSON.parse(await readFile(runPaths(dir).config, "utf8")));
}

/**
 * Resume: keeps the first `lines` lines of metrics.jsonl, verbatim, and drops what was written after
 * the checkpoint. Returns how many lines were kept.
 */
export async function truncateMetrics(dir: string, lines: number): Promise<number> {
  const path = runPaths(dir).metrics;
  const kept = (await readFile(path, "utf8"))
    .split("\n")
    .filter((l) => l !== "")
    .slice(0, lines);
  await writeFileAtomic(path, kept.map((l) => `${l}\n`).join(""));
  return kept.length;
}

/** Reads metrics.jsonl back, each line checked against MetricsLineSchema (NaN and Infinity come back as NaN). */
export async function readMetricsLines(dir: string): Promise<MetricsLine[]> {
  const path = runPaths(dir).metrics;
  const lines = (await readFile(path, "utf8")).split("\n");
  const out: MetricsLine[] = [];
  lines.forEach((text, i) => {
    if (text === "") return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CosirError("bad_metrics", `${path}:${i + 1}: expected a JSON line`, { cause: error });
    }
    const parsed = MetricsLineSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CosirError(
        "bad_metrics",
        `${path}:${i + 1}: ${issue?.path.join(".") || "(line)"}: ${issue?.message ?? "invalid"}`,
        { cause: parsed.error },
      );
    }
    out.push(parsed.data);
  });
  return out;
}
