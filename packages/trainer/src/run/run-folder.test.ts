import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CosirError } from "@cosir/bayes";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { METRICS_LINE_VERSION, type MetricsLine } from "../metrics/metrics-line";
import {
  RUN_STATE_VERSION,
  appendMetricsLine,
  createRunFolder,
  readMetricsLines,
  readRunConfig,
  readRunState,
  runPaths,
  truncateMetrics,
  writeRunState,
} from "./run-folder";

const root = mkdtempSync(join(tmpdir(), "cosir-run-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const fresh = () => join(root, `run-${folders++}`);

const hex = (c: string) => c.repeat(64);
const hashes = { checkpointSha256: hex("a"), metricsSha256: hex("b"), baseSha256: hex("c"), configSha256: hex("d") };

const sft = (epoch: number): MetricsLine => ({
  version: METRICS_LINE_VERSION,
  phase: "sft",
  epoch,
  examples: 12,
  loss: 1.5,
  timing: { seconds: 0.5, tokensPerSecond: Number.POSITIVE_INFINITY },
});

describe("run folder", () => {
  it("creates config.json and an empty metrics.jsonl, and refuses a folder that holds a run", async () => {
    const dir = fresh();
    const paths = await createRunFolder(dir, { seed: 3 });
    expect(paths).toEqual(runPaths(dir));
    expect(readFileSync(paths.config, "utf8")).toBe('{\n  "seed": 3\n}\n');
    expect(readFileSync(paths.metrics, "utf8")).toBe("");
    expect(await readRunConfig(dir, (json) => json)).toEqual({ seed: 3 });
    await writeRunState(dir, { version: RUN_STATE_VERSION, iteration: 0, metricsLines: 0, ...hashes });
    await expect(createRunFolder(dir, { seed: 4 })).rejects.toThrow(/already holds a run/);
    expect(await readRunConfig(dir, (json) => json)).toEqual({ seed: 3 });
  });

  it("writes state.json atomically and reads it back, refusing a state it does not know", async () => {
    const dir = fresh();
    await createRunFolder(dir, {});
    const state = { version: RUN_STATE_VERSION, iteration: 7, metricsLines: 9, ...hashes };
    await writeRunState(dir, state);
    expect(readFileSync(runPaths(dir).state, "utf8")).toBe(`${JSON.stringify(state, null, 2)}\n`);
    expect(readdirSync(dir).filter((f) => f.includes(".tmp-"))).toEqual([]);
    expect(await readRunState(dir)).toEqual(state);
    const { configSha256: _c, ...noConfigHash } = state;
    const { baseSha256: _b, ...noBaseHash } = state;
    for (const [bad, field] of [
      [{ ...state, version: 3 }, "version"],
      [{ ...state, iteration: 1.5 }, "iteration"],
      [{ ...state, checkpointSha256: "abc" }, "checkpointSha256"],
      [noConfigHash, "configSha256"],
      [noBaseHash, "baseSha256"],
      [{}, "version"],
    ] as const) {
      writeFileSync(runPaths(dir).state, JSON.stringify(bad));
      await expect(readRunState(dir)).rejects.toThrow(CosirError);
      await expect(readRunState(dir)).rejects.toThrow(new RegExp(`state\\.json: expected \\{version: 2.*\\(${field}:`));
    }
    // A run folder from before the hashes were recorded is refused with what to do.
    writeFileSync(runPaths(dir).state, JSON.stringify({ version: 1, iteration: 7, metricsLines: 9 }));
    await expect(readRunState(dir)).rejects.toThrow(/version 1 was written before .* start it again in a new folder/);
  });

  it("truncates metrics.jsonl to a checkpoint's lines, keeping them verbatim", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          { maxLength: 8 },
        ),
        fc.nat(10),
        async (lines, keep) => {
          const dir = fresh();
          await createRunFolder(dir, {});
          writeFileSync(runPaths(dir).metrics, lines.map((l) => `${l}\n`).join(""));
          const kept = await truncateMetrics(dir, keep);
          expect(kept).toBe(Math.min(keep, lines.length));
          expect(readFileSync(runPaths(dir).metrics, "utf8")).toBe(
            lines
              .slice(0, keep)
              .map((l) => `${l}\n`)
              .join(""),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it("appends metrics lines and reads them back through the schema", async () => {
    const dir = fresh();
    await createRunFolder(dir, {});
    await appendMetricsLine(dir, sft(0));
    await appendMetricsLine(dir, sft(1));
    expect(readFileSync(runPaths(dir).metrics, "utf8").split("\n")[0]).toBe(
      '{"version":1,"phase":"sft","epoch":0,"examples":12,"loss":1.5,"timing":{"seconds":0.5,"tokensPerSecond":null}}',
    );
    const back = await readMetricsLines(dir);
    expect(back.map((l) => (l.phase === "sft" ? l.epoch : -1))).toEqual([0, 1]);
    expect(back[0]?.timing).toEqual({ seconds: 0.5, tokensPerSecond: Number.NaN });
    writeFileSync(runPaths(dir).metrics, `${JSON.stringify({ ...sft(0), version: undefined })}\n`);
    await expect(readMetricsLines(dir)).rejects.toThrow(/metrics\.jsonl:1: version/);
    writeFileSync(runPaths(dir).metrics, `${JSON.stringify(sft(0))}\n{"phase":"sft"`);
    await expect(readMetricsLines(dir)).rejects.toThrow(/metrics\.jsonl:2: expected a JSON line/);
    expect(existsSync(runPaths(dir).metrics)).toBe(true);
  });
});
