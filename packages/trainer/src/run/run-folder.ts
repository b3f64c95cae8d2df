import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, lstat, readFile, readdir, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { CosirError } from "@cosir/bayes";
import { prepareOutputFolder, writeOutputAtomic } from "@cosir/policy";
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

/** 2: every hash below is required; version 1 (no hashes of base/ and config.json) cannot be resumed safely. */
export const RUN_STATE_VERSION = 2 as const;

/**
 * What a run folder says about itself (state.json); the checkpoint holds the tensors. The hashes cover everything
 * that defines the run, so a resume refuses a folder in which any of it changed.
 */
export interface RunState {
  version: typeof RUN_STATE_VERSION;
  /** Completed RL iterations (the checkpoint's). */
  iteration: number;
  /** Metrics lines written up to that checkpoint. */
  metricsLines: number;
  /** runFilesSha256 of the checkpoint folder as saved. */
  checkpointSha256: string;
  /** SHA-256 of metrics.jsonl's first `metricsLines` lines as written. */
  metricsSha256: string;
  /** runFilesSha256 of base/ (the start policy and KL reference) as saved when the run started. */
  baseSha256: string;
  /** SHA-256 of config.json's bytes as written when the run started. */
  configSha256: string;
}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const RunStateSchema = z.object({
  version: z.literal(RUN_STATE_VERSION),
  iteration: z.number().int().min(0),
  metricsLines: z.number().int().min(0),
  checkpointSha256: sha256Hex,
  metricsSha256: sha256Hex,
  baseSha256: sha256Hex,
  configSha256: sha256Hex,
}) satisfies z.ZodType<RunState, z.ZodTypeDef, unknown>;

/**
 * Writes a file so that a reader (or a crash) sees the old text or the new, never a mix (a temporary file in the
 * same folder, then a rename); refuses to replace anything at `path` that is not a regular file.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  writeOutputAtomic(path, text, basename(path));
}

/**
 * Refuses anything at `path` that is not a regular file, looking with lstat before any open: a symbolic link would
 * be followed (and appended to), and opening a FIFO for reading blocks until a writer comes.
 */
export async function assertRegularRunFile(path: string, what: string): Promise<void> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(path);
  } catch (error) {
    throw unreadableRunFile(path, what, error);
  }
  if (stats.isSymbolicLink())
    throw new CosirError("bad_run", `${path}: is a symbolic link; refusing to follow it (put the file itself there)`);
  if (!stats.isFile())
    throw new CosirError("bad_run", `${path}: is not a regular file (a FIFO, socket, device or folder); refusing it`);
}

/** Reads a run file as text; a missing, unreadable or non-regular one is a one-line CosirError naming it. */
async function readRunFile(path: string, what: string): Promise<string> {
  await assertRegularRunFile(path, what);
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw unreadableRunFile(path, what, error);
  }
}

/** The one-line error for a run file that is missing or cannot be read (lstat or read failed). */
function unreadableRunFile(path: string, what: string, error: unknown): CosirError {
  const code = (error as { code?: string }).code;
  return new CosirError(
    "bad_run",
    `${path}: ${code === "ENOENT" ? `missing (${what})` : `cannot be read (${code ?? String(error)})`}`,
    { cause: error },
  );
}

function parseRunJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CosirError("bad_run", `${path}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}

/** SHA-256 over a folder's files, in name order (each name, a NUL, its bytes); what state.json records of a checkpoint. */
export async function runFilesSha256(dir: string): Promise<string> {
  const hash = createHash("sha256");
  for (const name of (await readdir(dir)).sort()) {
    await assertRegularRunFile(join(dir, name), "a file of the folder");
    hash.update(name);
    hash.update("\0");
    hash.update(await readFile(join(dir, name)));
  }
  return hash.digest("hex");
}

/** SHA-256 of a run file's bytes (a regular file only), e.g. config.json's for state.json. */
export async function runFileSha256(path: string): Promise<string> {
  await assertRegularRunFile(path, "a run file");
  return createHash("sha256")
    .update(await readFile(path))
    .digest("hex");
}

const sha256Of = (text: string): string => createHash("sha256").update(text).digest("hex");

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
  prepareOutputFolder(dir, "run folder");
  if (existsSync(paths.state))
    throw new CosirError(
      "run_exists",
      `${dir} already holds a run: resume it with --resume ${dir}, or choose another --out`,
    );
  await writeJsonAtomic(paths.config, config);
  await writeFileAtomic(paths.metrics, "");
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
  const text = await readRunFile(path, `${dir} holds no run to resume`);
  const json = parseRunJson(path, text);
  const version = (json as { version?: unknown } | null)?.version;
  if (version === 1)
    throw new CosirError(
      "bad_state",
      `${path}: version 1 was written before runs recorded hashes of base/ and config.json, so this run cannot be checked; start it again in a new folder (--out)`,
    );
  const parsed = RunStateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CosirError(
      "bad_state",
      `${path}: expected {version: ${RUN_STATE_VERSION}, iteration >= 0, metricsLines >= 0, checkpointSha256, metricsSha256, baseSha256, configSha256 (sha256 hex)}${issue ? ` (${issue.path.join(".") || "(root)"}: ${issue.message})` : ""}`,
      { cause: parsed.error },
    );
  }
  return parsed.data;
}

/** Reads config.json through the caller's parser (resolveTrainConfig's schema, or a newer one). */
export async function readRunConfig<T>(dir: string, parse: (json: unknown) => T): Promise<T> {
  const path = runPaths(dir).config;
  return parse(parseRunJson(path, await readRunFile(path, `${dir} holds no run to resume`)));
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
  const lines = (await readRunFile(path, "the run's metrics")).split("\n");
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

/**
 * Resume's view of metrics.jsonl, checked against state.json before anything is changed: a torn last line (a stop
 * in the middle of an append) is dropped and reported through `say`; a line in the middle that is not JSON, fewer
 * lines than state.json records, RL lines that do not count 0..iteration-1, or lines that differ from what was
 * hashed at the checkpoint are a CosirError (`run_inconsistent`). Then keeps the checkpoint's lines (reporting
 * any written after it) and returns how many.
 */
export async function resumeMetrics(dir: string, state: RunState, say: (line: string) => void): Promise<number> {
  const path = runPaths(dir).metrics;
  const text = await readRunFile(path, "the run's metrics");
  const segments = text.split("\n");
  const last = segments.pop() ?? "";
  if (last !== "") {
    let whole = false;
    try {
      whole = MetricsLineSchema.safeParse(JSON.parse(last)).success;
    } catch {
      whole = false;
    }
    if (whole) segments.push(last);
    else say(`${path}: dropped a torn last line (${Buffer.byteLength(last)} bytes, no newline): a stop mid-write`);
  }
  const lines = segments.filter((l) => l !== "");
  const phases = lines.map((line, i) => {
    try {
      const json = JSON.parse(line) as { phase?: unknown; iteration?: unknown };
      return { phase: json.phase, iteration: json.iteration };
    } catch (error) {
      throw new CosirError("run_inconsistent", `${path}:${i + 1}: not a JSON line; the metrics were altered`, {
        cause: error,
      });
    }
  });
  if (lines.length < state.metricsLines)
    throw new CosirError(
      "run_inconsistent",
      `${path}: has ${lines.length} lines but state.json records ${state.metricsLines} at iteration ${state.iteration}; lines were lost, so the run cannot be resumed faithfully`,
    );
  const kept = lines.slice(0, state.metricsLines);
  const rl = phases.slice(0, state.metricsLines).filter((p) => p.phase === "rl");
  const wrong = rl.findIndex((p, k) => p.iteration !== k);
  if (rl.length !== state.iteration || wrong >= 0)
    throw new CosirError(
      "run_inconsistent",
      `${path}: its first ${state.metricsLines} lines hold ${rl.length} RL iterations${wrong >= 0 ? ` (line for iteration ${wrong} says ${JSON.stringify(rl[wrong]?.iteration)})` : ""} but state.json records iteration ${state.iteration}`,
    );
  const keptText = kept.map((l) => `${l}\n`).join("");
  if (sha256Of(keptText) !== state.metricsSha256)
    throw new CosirError(
      "run_inconsistent",
      `${path}: its first ${state.metricsLines} lines differ from those hashed at the checkpoint (sha256 ${state.metricsSha256.slice(0, 12)}...); the metrics were altered`,
    );
  if (lines.length > kept.length)
    say(
      `${path}: dropped ${lines.length - kept.length} line(s) written after the checkpoint at iteration ${state.iteration}`,
    );
  if (keptText !== text) await writeFileAtomic(path, keptText);
  return kept.length;
}

/**
 * Removes the temporary files that an atomic write of state.json, config.json or metrics.jsonl leaves when it is
 * killed before its rename (`.NAME.PID.HEX.tmp`); resume calls it once it has accepted the folder.
 */
export async function removeRunFileLeftovers(dir: string, say: (line: string) => void): Promise<void> {
  for (const name of (await readdir(dir)).sort()) {
    if (!/^\.(state\.json|config\.json|metrics\.jsonl)\.\d+\.[0-9a-f]+\.tmp$/.test(name)) continue;
    await rm(join(dir, name), { force: true });
    say(`${join(dir, name)}: removed (left by an interrupted write)`);
  }
}

/** SHA-256 of the text metrics.jsonl holds now (what a checkpoint's state.json records). */
export async function metricsSha256(dir: string): Promise<string> {
  return sha256Of(await readRunFile(runPaths(dir).metrics, "the run's metrics"));
}
