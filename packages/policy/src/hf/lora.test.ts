import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../tfjs/backend";
import { SeededRandom } from "../tfjs/seeded-random";
import { sequenceLogProbs } from "./decoder-log-probs";
import type { DecoderModel } from "./decoder-model";
import { microDecoder, microQwen3Config } from "../test-support/micro-decoder";
import { LoraAdapter, mergeLora, parseLoraSettings } from "./lora-adapter";
import { loadLoraAdapter, saveLoraAdapter } from "./lora-peft";
import { LoraTrainer, weightedNegativeLogLikelihood } from "./lora-trainer";

const rows = [
  [1, 5, 9, 2, 7],
  [3, 3, 8],
];
let dir: string;

const micro = (): DecoderModel => microDecoder(microQwen3Config, 4);

/** Gives every B a random value so the adapter changes the model. */
function perturb(adapter: LoraAdapter, seed: number): void {
  const random = new SeededRandom(seed);
  for (const pair of adapter.pairs.values())
    pair.b.assign(
      tf.tensor2d(
        Float32Array.from({ length: pair.b.size }, () => 0.3 * random.normal()),
        pair.b.shape as [number, number],
      ),
    );
}

beforeAll(async () => {
  await selectBackend({ log: null });
  dir = mkdtempSync(join(tmpdir(), "cosir-lora-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("LoRA", () => {
  it("names the field of bad settings", () => {
    expect(() => parseLoraSettings({ r: 0 })).toThrow(/lora\.r.*0/);
    expect(() => parseLoraSettings({ target_modules: ["qkv"] })).toThrow(/target_modules\.0.*"qkv"/);
    expect(parseLoraSettings({}).target_modules).toEqual(["q_proj", "k_proj", "v_proj", "o_proj"]);
  });

  it("starts as the identity, and save -> load and merge reproduce the adapted model", async () => {
    const model = micro();
    const base = sequenceLogProbs(model, rows);
    const adapter = LoraAdapter.create(
      model,
      parseLoraSettings({ r: 4, lora_alpha: 8, target_modules: ["q_proj", "v_proj", "o_proj", "down_proj"] }),
      1,
    );
    expect(sequenceLogProbs(model, rows)).toEqual(base);
    perturb(adapter, 2);
    const adapted = sequenceLogProbs(model, rows);
    expect(Math.abs(adapted[0]![0]! - base[0]![0]!)).toBeGreaterThan(1e-3);
    await saveLoraAdapter(dir, adapter, "micro");
    const config = JSON.parse(readFileSync(join(dir, "adapter_config.json"), "utf8"));
    expect(config).toMatchObject({ peft_type: "LORA", r: 4, lora_alpha: 8, task_type: "CAUSAL_LM" });
    const reloaded = micro();
    loadLoraAdapter(dir, reloaded);
    const again = sequenceLogProbs(reloaded, rows);
    const merged = mergeLora(model, adapter);
    const folded = sequenceLogProbs(merged, rows);
    for (let r = 0; r < rows.length; r++)
      for (let i = 0; i < adapted[r]!.length; i++) {
        expect(again[r]![i]).toBeCloseTo(adapted[r]![i]!, 6);
        expect(folded[r]![i]).toBeCloseTo(adapted[r]![i]!, 4);
      }
    for (const m of [model, reloaded, merged]) m.dispose();
  });

  it("refuses an adapter whose shapes do not fit the model, naming the tensor", async () => {
    const model = micro();
    const adapter = LoraAdapter.create(model, parseLoraSettings({ r: 2 }));
    await saveLoraAdapter(dir, adapter);
    const config = JSON.parse(readFileSync(join(dir, "adapter_config.json"), "utf8"));
    writeFileSync(join(dir, "adapter_config.json"), JSON.stringify({ ...config, r: 3 }));
    expect(() => loadLoraAdapter(dir, micro())).toThrow(/adapter_model\.safetensors.*layers\.0\.self_attn\.q_proj/);
    writeFileSync(join(dir, "adapter_config.json"), JSON.stringify({ ...config, peft_type: "IA3" }));
    expect(() => loadLoraAdapter(dir, micro())).toThrow(/adapter_config\.json.*peft_type/);
  });

  it("its loss is -sum w log p / sum |w| with log p from sequenceLogProbs (the oracle; the one-hot pick was 0 on wasm)", () => {
    const model = micro();
    const batch = [
      { tokens: rows[0]!, weights: [0, 1, -0.5, 2, 1] },
      { tokens: rows[1]!, weights: [0, 0, 1.5] },
    ];
    const lp = sequenceLogProbs(model, rows);
    let sum = 0;
    let norm = 0;
    batch.forEach((s, r) =>
      s.weights.forEach((w, i) => {
        if (i === 0) return;
        sum += w * lp[r]![i - 1]!;
        norm += Math.abs(w);
      }),
    );
    const t = weightedNegativeLogLikelihood(model, batch);
    expect(t.dataSync()[0]!).toBeCloseTo(-sum / norm, 4);
    t.dispose();
    model.dispose();
  });

  it("has gradients that match finite differences (through attention, RoPE, q/k norm and the head)", () => {
    const model = micro();
    const adapter = LoraAdapter.create(
      model,
      parseLoraSettings({ r: 2, target_modules: ["q_proj", "k_proj", "up_proj"] }),
      3,
    );
    perturb(adapter, 5);
    const batch = [
      { tokens: rows[0]!, weights: [0, 1, -0.5, 2, 1] },
      { tokens: rows[1]!, weights: [0, 0, 1.5] },
    ];
    const loss = () => weightedNegativeLogLikelihood(model, batch).dataSync()[0]!;
    const variables = [...adapter.variables().values()];
    const { grads } = tf.variableGrads(() => weightedNegativeLogLikelihood(model, batch), variables);
    const random = new SeededRandom(8);
    for (const v of variables.filter((_, k) => k % 2 === 0 || k === 1)) {
      const values = v.dataSync().slice();
      const g = grads[v.name]!.dataSync();
      const i = random.int(values.length);
      const h = 1e-2;
      const shifted = (d: number) => {
        const copy = values.slice();
        copy[i] = values[i]! + d;
        v.assign(tf.tensor(copy, v.shape));
        return loss();
      };
      const numeric = (shifted(h) - shifted(-h)) / (2 * h);
      v.assign(tf.tensor(values, v.shape));
      expect(Math.abs(numeric - g[i]!)).toBeLessThan(2e-3 + 2e-2 * Math.abs(numeric));
    }
    model.dispose();
  });

  it("raises the weighted log-likelihood when trained (dropout on), leaving the base weights alone", () => {
    const model = micro();
    const before = model.weights.layers[0]!.q.dataSync().slice();
    const adapter = LoraAdapter.create(model, parseLoraSettings({ r: 4, lora_dropout: 0.1 }), 6);
    const trainer = new LoraTrainer(model, adapter, { learningRate: 3e-2 });
    const batch = [{ tokens: rows[0]!, weights: [0, 1, 1, 1, 1] }];
    const first = trainer.step(batch);
    let last = first;
    for (let k = 0; k < 15; k++) last = trainer.step(batch);
    expect(last).toBeLessThan(first - 0.5);
    expect(model.weights.layers[0]!.q.dataSync()).toEqual(before);
    model.dispose();
  });

  it("snapshots a frozen copy that keeps the adapter's log-probs while the adapter trains on, and frees its tensors", () => {
    const model = micro();
    const adapter = LoraAdapter.create(model, parseLoraSettings({ r: 2 }), 9);
    perturb(adapter, 4);
    const before = sequenceLogProbs(model, rows);
    const count = tf.memory().numTensors;
    const frozen = adapter.snapshot();
    const trainer = new LoraTrainer(model, adapter, { learningRate: 5e-2 });
    for (let k = 0; k < 3; k++) trainer.step([{ tokens: rows[0]!, weights: [0, 1, 1, 1, 1] }]);
    const moved = sequenceLogProbs(model, rows);
    model.adapter = frozen;
    const kept = sequenceLogProbs(model, rows);
    expect(Math.max(...moved[0]!.map((v, i) => Math.abs(v - before[0]![i]!)))).toBeGreaterThan(1e-3);
    kept.forEach((row, r) => row.forEach((v, i) => expect(v).toBe(before[r]![i]!)));
    expect([...frozen.variables().values()].every((v) => !v.trainable)).toBe(true);
    frozen.dispose();
    trainer.optimizer.dispose();
    expect(tf.memory().numTensors).toBe(count);
    adapter.dispose();
    model.dispose();
  });
});
