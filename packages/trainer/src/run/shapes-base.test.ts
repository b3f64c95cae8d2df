import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { heldOutFamilies } from "@cosir/bench";
import { runEpisodes } from "@cosir/env";
import { loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { beforeAll, describe, expect, it } from "vitest";
import { TrainConfigSchema, resolveTrainConfig } from "../config/train-config";
import { samplingPolicy, trainerTokenizer } from "./policy-model";

const dir = fileURLToPath(new URL("../../../../models/shapes-base/", import.meta.url));
const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/**
 * models/shapes-base: the shapes preset's base as pretrained in session 35 (not at issue 24's bar; committed so RL
 * over shapes can start from it without a 70-minute pretraining). Its base.json vouches for the weights and the log
 * by hash, was made by today's `shapes` preset, and the checkpoint plays every held-out family without an unknown word.
 */
describe("the committed shapes base", () => {
  const manifest = JSON.parse(readFileSync(`${dir}base.json`, "utf8"));

  it("matches its manifest's hashes, and the preset that made it is today's shapes preset", () => {
    expect(sha256(`${dir}checkpoint/model.safetensors`)).toBe(manifest.sha256.weights);
    expect(sha256(`${dir}pretrain-log.jsonl`)).toBe(manifest.sha256.log);
    expect(manifest.command).toMatch(/^cosir pretrain --preset shapes --out /);
    const preset = resolveTrainConfig({ preset: "shapes" });
    // The manifest predates `pretrain.mix.ask` (session 42): read through today's schema, a key it lacks takes its
    // default (0, which replays the pretraining as it ran); every key it does have must be today's value.
    expect(TrainConfigSchema.shape.pretrain.parse(manifest.config.pretrain)).toEqual(preset.pretrain);
    expect(manifest.config.model).toEqual(preset.model);
    expect(manifest.config.sft).toEqual(preset.sft);
    expect(manifest.steps).toBe(preset.pretrain.copySteps + preset.pretrain.steps);
    // `cosir demo --preset shapes` starts from this checkpoint (a path from the repository root, as the demo's)
    expect(preset.base).toBe("models/shapes-base/checkpoint");
    expect(fileURLToPath(new URL(`../../../../${preset.base}/model.safetensors`, import.meta.url))).toBe(
      `${dir}checkpoint/model.safetensors`,
    );
  });

  it("loads with the trainer's vocabulary and context 320, and plays each held-out family with known words", async () => {
    const { model, tokenizer } = await loadCheckpoint(`${dir}checkpoint`);
    try {
      expect(tokenizer.words).toEqual(trainerTokenizer().words);
      expect(model.config.context).toBe(320);
      const policy = samplingPolicy({ model, tokenizer }, { temperature: 0, maxNewTokens: 24, seed: 1 });
      for (const generate of Object.values(heldOutFamilies)) {
        const task = generate({ seed: 123 });
        const [trace] = await runEpisodes([task], policy, { surface: "canonical" });
        for (const m of trace?.messages ?? []) expect(tokenizer.encode(m.text).length).toBeGreaterThan(0);
        expect(trace?.choices).toHaveLength(task.agents);
      }
      expect([...tokenizer.unknownWords.keys()]).toEqual([]);
    } finally {
      model.dispose();
    }
  }, 120_000);
});
