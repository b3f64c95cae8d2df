import {
  selectBackend,
  setDecodeQkvProduct,
  setHeapKernels,
  setHeldHeadWeights,
  setHeapWasm,
  setLastBlockAtTargets,
  setRmsNormGradKernels,
  setSimdMatMul,
  setTrainLastBlockAtTargets,
} from "@cosir/policy/tfjs";
import { beforeAll, describe, it } from "vitest";
import { expectSameIterations, twoDemoIterations } from "../test/two-demo-iterations";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/** Two demo iterations with the heap kernels, the tiled SIMD module and the later exact switches as given. */
function twoIterations(
  heapKernels: boolean,
  tiled = true,
  lastBlockAtTargets = true,
  trainAtTargets = true,
  rmsNormGradKernels = true,
  decodeQkvProduct = true,
  heldHead = true,
) {
  return twoDemoIterations(() => {
    const previous = setHeapKernels(heapKernels);
    const previousNorm = setRmsNormGradKernels(rmsNormGradKernels);
    const previousQkv = setDecodeQkvProduct(decodeQkvProduct);
    const previousHead = setHeldHeadWeights(heldHead);
    const previousLastBlock = setLastBlockAtTargets(lastBlockAtTargets);
    const previousTrain = setTrainLastBlockAtTargets(trainAtTargets);
    const previousSimd = setSimdMatMul({ tiled, maskedAttention: tiled });
    const previousWasm = setHeapWasm(tiled);
    return () => {
      setHeapKernels(previous);
      setSimdMatMul(previousSimd);
      setHeapWasm(previousWasm);
      setLastBlockAtTargets(previousLastBlock);
      setTrainLastBlockAtTargets(previousTrain);
      setRmsNormGradKernels(previousNorm);
      setDecodeQkvProduct(previousQkv);
      setHeldHeadWeights(previousHead);
    };
  });
}

describe("the heap kernels and the tiled SIMD module in RL (@cosir/policy)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    const fast = await twoIterations(true);
    const plain = await twoIterations(false);
    expectSameIterations(fast, plain);
  }, 120_000);

  it("so do the SIMD matmul's tiled module, mask-aware attention and the copies and RMSNorm as WebAssembly (against the first module, no masks, JavaScript)", async () => {
    const fast = await twoIterations(true, true);
    const plain = await twoIterations(true, false);
    expectSameIterations(fast, plain);
  }, 120_000);

  it("so does the last block at the read columns only in prefills and the reference pass (setLastBlockAtTargets)", async () => {
    const fast = await twoIterations(true, true, true);
    const plain = await twoIterations(true, true, false);
    expectSameIterations(fast, plain);
  }, 120_000);

  it("so does the train step's last block at the target columns only (setTrainLastBlockAtTargets)", async () => {
    const fast = await twoIterations(true, true, true, true);
    const plain = await twoIterations(true, true, true, false);
    expectSameIterations(fast, plain);
  }, 120_000);

  it("so does RMSNorm with its gradient as one kernel each way and its gain gradient's column sums as one kernel in the train step (setRmsNormGradKernels)", async () => {
    const fast = await twoIterations(true, true, true, true, true);
    const plain = await twoIterations(true, true, true, true, false);
    expectSameIterations(fast, plain);
  }, 120_000);

  it("so do decode steps with q, k and v as one product and one kernel (setDecodeQkvProduct)", async () => {
    const fast = await twoIterations(true, true, true, true, true, true);
    const plain = await twoIterations(true, true, true, true, true, false);
    expectSameIterations(fast, plain);
  }, 120_000);

  it("so does the head's held transpose of the token embedding in the rollout and the reference pass (setHeldHeadWeights)", async () => {
    const fast = await twoIterations(true, true, true, true, true, true, true);
    const plain = await twoIterations(true, true, true, true, true, true, false);
    expectSameIterations(fast, plain);
  }, 120_000);
});
