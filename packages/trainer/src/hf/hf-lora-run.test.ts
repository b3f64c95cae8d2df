import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDecoderCheckpoint, loadLoraAdapter, sequenceLogProbs, writeTinyCheckpoint } from "@cosir/policy/hf";
import { selectBackend } from "@cosir/policy/tfjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HfLoraRun } from "./hf-lora-run";
import type { HfRlMetricsLine } from "./hf-rl-iteration";
import { resolveHfTrainConfig } from "./hf-train-config";

let root: string;
let modelDir: string;
const quiet = { progress: { stream: process.stderr, quiet: true } };

beforeAll(async () => {
  await selectBackend({ log: null });
  root = mkdtempSync(join(tmpdir(), "cosir-hf-lora-run-"));
  modelDir = join(root, "tiny-qwen3");
  writeTinyCheckpoint(modelDir, { seed: 3, gguf: false });
}, 120_000);
afterAll(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe("resolveHfTrainConfig", () => {
  it("splits lora.* and hf.* off the trainer's config, and names the field and value of bad settings", () => {
    const { config, lora, hf } = resolveHfTrainConfig({
      overrides: [{ lora: { rank: 4, targetModules: "q_proj, v_proj" } }, { hf: { toolSchemas: false } }, { seed: 9 }],
    });
    expect(lora).toMatchObject({ rank: 4, alpha: 16, dropout: 0, targetModules: ["q_proj", "v_proj"], saveEvery: 0 });
    expect(hf.toolSchemas).toBe(false);
    expect(config.seed).toBe(9);
    expect(config.task).toMatchObject({ agents: 2, options: 2, attributes: 2, rounds: 1 });
    expect(resolveHfTrainConfig({}).lora.targetModules).toHaveLength(7);
    expect(() => resolveHfTrainConfig({ overrides: [{ lora: { rank: 0 } }] })).toThrow(/lora\.rank.*0/);
    expect(() => resolveHfTrainConfig({ overrides: [{ lora: { targetModules: "qkv" } }] })).toThrow(
      /lora\.targetModules.*qkv/,
    );
    expect(() => resolveHfTrainConfig({ overrides: [{ lora: { dropout: 1 } }] })).toThrow(/lora\.dropout.*1/);
    expect(() => resolveHfTrainConfig({ overrides: [{ lora: { ranks: 4 } }] })).toThrow(/lora/);
    expect(() => resolveHfTrainConfig({ overrides: [{ hf: { toolSchemas: "no" } }] })).toThrow(/hf\.toolSchemas/);
    expect(() => resolveHfTrainConfig({ overrides: [{ rl: { credit: "act" } }] })).toThrow(/rl\.credit.*act/);
    expect(() => resolveHfTrainConfig({ overrides: [{ rl: { groupSize: 1 } }] })).toThrow(/rl\.groupSize/);
  });
});

describe("HfLoraRun", () => {
  it("refuses a missing model folder or a used --out before writing anything", async () => {
    const { config, lora, hf } = resolveHfTrainConfig({});
    const out = join(root, "never");
    await expect(HfLoraRun.start(join(root, "no-such-model"), out, config, { lora, hf }, quiet)).rejects.toThrow(
      /config\.json/,
    );
    expect(existsSync(out)).toBe(false);
    const used = join(root, "used");
    mkdirSync(used);
    writeFileSync(join(used, "notes.txt"), "mine");
    await expect(HfLoraRun.start(modelDir, used, config, { lora, hf }, quiet)).rejects.toThrow(/not empty/);
  });

  it("warm-starts and RL-trains a tiny Qwen3, writes metrics and PEFT adapters, and the adapter loads back to the same log-probs", async () => {
    const { config, lora, hf } = resolveHfTrainConfig({
      overrides: [
        {
          rl: {
            iterations: 2,
            tasksPerIteration: 1,
            groupSize: 2,
            maxNewTokens: 2,
            dropZeroAdvantage: false,
            microbatchSize: 2,
          },
          sft: { episodes: 1, batchSize: 2, learningRate: 5e-2 },
          lora: { rank: 2, targetModules: "o_proj,down_proj", saveEvery: 1 },
          hf: { toolSchemas: false },
        },
      ],
    });
    const out = join(root, "run");
    const run = await HfLoraRun.start(modelDir, out, config, { lora, hf }, quiet);
    const base = loadDecoderCheckpoint(modelDir);
    try {
      await run.train();
      const lines = readFileSync(join(out, "metrics.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => l.phase)).toEqual(["sft", "rl", "rl"]);
      // iteration 0's one minibatch is scored before its step: against the warm-started reference its KL is ~0 (the
      // float32 / float64 log-softmax gap), against the bare base it is the warm start's whole move
      expect(lines[1].kl).toBeLessThan(1e-4);
      for (const line of lines.slice(1) as HfRlMetricsLine[]) {
        expect(line.episodes).toBe(2);
        expect(Number.isFinite(line.rewards.total)).toBe(true);
        expect(line.formatValid).toBeGreaterThanOrEqual(0);
        expect(line.formatValid).toBeLessThanOrEqual(1);
        expect(line.samples).toBeGreaterThan(0);
      }
      for (const name of ["adapter-iteration-1", "adapter"])
        for (const file of ["adapter_config.json", "adapter_model.safetensors"])
          expect(existsSync(join(out, name, file)), `${name}/${file}`).toBe(true);
      const saved = JSON.parse(readFileSync(join(out, "adapter", "adapter_config.json"), "utf8"));
      expect(saved).toMatchObject({ peft_type: "LORA", r: 2, target_modules: ["o_proj", "down_proj"] });
      const probe = [[151644, 872, 198, 9707, 0, 1, 2, 3, 151645]];
      const before = sequenceLogProbs(base.model, probe)[0]!;
      const trained = sequenceLogProbs(run.model, probe)[0]!;
      loadLoraAdapter(join(out, "adapter"), base.model);
      const loaded = sequenceLogProbs(base.model, probe)[0]!;
      // the adapter moved the model, and the saved one reproduces the in-memory one
      expect(Math.max(...trained.map((v, i) => Math.abs(v - before[i]!)))).toBeGreaterThan(1e-3);
      loaded.forEach((v, i) => expect(Math.abs(v - trained[i]!)).toBeLessThan(1e-5));
    } finally {
      run.dispose();
      (base.model.adapter as { dispose?: () => void } | null)?.dispose?.();
      base.model.adapter = null;
      base.model.dispose();
    }
  }, 240_000);
});
