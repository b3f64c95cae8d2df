import { fileURLToPath } from "node:url";
import {
  loadCheckpoint,
  selectBackend,
  setDecodeQkvProduct,
  setHeapKernels,
  setHeldHeadWeights,
  setHeapWasm,
  setLastBlockAtTargets,
  setRmsNormGradKernels,
  setSimdMatMul,
  setTrainLastBlockAtTargets,
  Transformer,
  TransformerTrainer,
} from "@cosir/policy/tfjs";
import { beforeAll, describe, expect, it } from "vitest";
import { armConfig } from "../config/arm-config";
import { resolveTrainConfig } from "../config/train-config";
import { rlIteration } from "./rl-iteration";

const committedBase = fileURLToPath(new URL("../../../../models/demo-base/checkpoint", import.meta.url));

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/**
 * Two demo iterations (of two tasks) from the committed base, the second with the reference pass; their metrics
 * lines and the weights after them.
 */
async function twoIterations(
  heapKernels: boolean,
  tiled = true,
  lastBlockAtTargets = true,
  trainAtTargets = true,
  rmsNormGradKernels = true,
  decodeQkvProduct = true,
  heldHead = true,
) {
  const previous = setHeapKernels(heapKernels);
  const previousNorm = setRmsNormGradKernels(rmsNormGradKernels);
  const previousQkv = setDecodeQkvProduct(decodeQkvProduct);
  const previousHead = setHeldHeadWeights(heldHead);
  const previousLastBlock = setLastBlockAtTargets(lastBlockAtTargets);
  const previousTrain = setTrainLastBlockAtTargets(trainAtTargets);
  const previousSimd = setSimdMatMul({ tiled, maskedAttention: tiled });
  const previousWasm = setHeapWasm(tiled);
  const base = await loadCheckpoint(committedBase);
  const weights = await base.model.readWeights();
  base.model.dispose();
  const config = armConfig(
    resolveTrainConfig({ preset: "demo", overrides: [{ rl: { tasksPerIteration: 2 } }] }),
    "cosir",
  );
  const policy = { model: new Transformer(base.model.config, { weights }), tokenizer: base.tokenizer };
  const reference = { model: new Transformer(base.model.config, { weights }), tokenizer: base.tokenizer };
  const trainer = new TransformerTrainer(policy.model, {
    learningRate: config.rl.learningRate,
    clipNorm: config.rl.clipNorm,
  });
  try {
    const lines = [];
    for (let iteration = 0; iteration < 2; iteration++) {
      const { timing: _timing, ...line } = await rlIteration({ config, policy, reference, trainer }, iteration);
      lines.push(line);
    }
    return { lines, weights: await policy.model.readWeights() };
  } finally {
    setHeapKernels(previous);
    setSimdMatMul(previousSimd);
    setHeapWasm(previousWasm);
    setLastBlockAtTargets(previousLastBlock);
    setTrainLastBlockAtTargets(previousTrain);
    setRmsNormGradKernels(previousNorm);
    setDecodeQkvProduct(previousQkv);
    setHeldHeadWeights(previousHead);
    policy.model.dispose();
    reference.model.dispose();
    trainer.dispose();
  }
}

describe("the heap kernels and the tiled SIMD module in RL (@cosir/policy)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    const fast = await twoIterations(true);
    const plain = await twoIterations(false);
    expect(fast.lines[1]!.samples).toBeGreaterThan(0);
    expect(fast.lines).toEqual(plain.lines);
    for (const [name, w] of plain.weights) expect(Array.from(fast.weights.get(name)!), name).toEqual(Array.from(w));
  }, 120_000);

  it("so do the SIMD matmul's tiled module, mask-aware attention and the copies and RMSNorm as WebAssembly (against the first module, no masks, JavaScript)", async () => {
    const fast = await twoIterations(true, true);
    const plain = await twoIterations(true, false);
    expect(fast.lines[1]!.samples).toBeGreaterThan(0);
    expect(fast.lines).toEqual(plain.lines);
    for (const [name, w] of plain.weights) expect(Array.from(fast.weights.get(name)!), name).toEqual(Array.from(w));
  }, 120_000);

  it("so does the last block at the read columns only in prefills and the reference pass (setLastBlockAtTargets)", async () => {
    const fast = await twoIterations(true, true, true);
    const plain = await twoIterations(true, true, false);
    expect(fast.lines[1]!.samples).toBeGreaterThan(0);
    expect(fast.lines).toEqual(plain.lines);
    for (const [name, w] of plain.weights) expect(Array.from(fast.weights.get(name)!), name).toEqual(Array.from(w));
  }, 120_000);

  it("so does the train step's last block at the target columns only (setTrainLastBlockAtTargets)", async () => {
    const fast = await twoIterations(true, true, true, true);
    const plain = await twoIterations(true, true, true, false);
    expect(fast.lines[1]!.samples).toBeGreaterThan(0);
    expect(fast.lines).toEqual(plain.lines);
    for (const [name, w] of plain.weights) expect(Array.from(fast.weights.get(name)!), name).toEqual(Array.from(w));
  }, 120_000);

  it("so does RMSNorm with its gradient as one kernel each way and its gain gradient's column sums as one kernel in the train step (setRmsNormGradKernels)", async () => {
    const fast = await twoIterations(true, true, true, true, true);
    const plain = await twoIterations(true, true, true, true, false);
    expect(fast.lines[1]!.samples).toBeGreaterThan(0);
    expect(fast.lines).toEqual(plain.lines);
    for (const [name, w] of plain.weights) expect(Array.from(fast.weights.get(name)!), name).toEqual(Array.from(w));
  }, 120_000);

  it("so do decode steps with q, k and v as one product and one kernel (setDecodeQkvProduct)", async () => {
    const fast = await twoIterations(true, true, true, true, true, true);
    const plain = await twoIterations(true, true, true, true, true, false);
    expect(fast.lines[1]!.samples).toBeGreaterThan(0);
    expect(fast.lines).toEqual(plain.lines);
    for (const [name, w] of plain.weights) expect(Array.from(fast.weights.get(name)!), name).toEqual(Array.from(w));
  }, 120_000);

  it("so does the head's held transpose of the token embedding in the rollout and the reference pass (setHeldHeadWeights)", async () => {
    const fast = await twoIterations(true, true, true, true, true, true, true);
    const plain = await twoIterations(true, true, true, true, true, true, false);
    expect(fast.lines[1]!.samples).toBeGreaterThan(0);
    expect(fast.lines).toEqual(plain.lines);
    for (const [name, w] of plain.weights) expect(Array.from(fast.weights.get(name)!), name).toEqual(Array.from(w));
  }, 120_000);
});
