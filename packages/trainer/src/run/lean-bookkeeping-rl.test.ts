import { fileURLToPath } from "node:url";
import {
  loadCheckpoint,
  selectBackend,
  setEmbedAtKernel,
  setLeanLinear,
  setOnePassSampling,
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
 * Two demo iterations (of two tasks) from the committed base, the second with the reference pass, with dense layers'
 * lean bookkeeping (setLeanLinear), one-pass draws (setOnePassSampling) and the input rows in one kernel
 * (setEmbedAtKernel) as given; their metrics lines and the weights after them.
 */
async function twoIterations(lean: boolean, onePass: boolean, embed: boolean) {
  const previousLean = setLeanLinear(lean);
  const previousOnePass = setOnePassSampling(onePass);
  const previousEmbed = setEmbedAtKernel(embed);
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
    setLeanLinear(previousLean);
    setOnePassSampling(previousOnePass);
    setEmbedAtKernel(previousEmbed);
    policy.model.dispose();
    reference.model.dispose();
    trainer.dispose();
  }
}

function expectSame(a: Awaited<ReturnType<typeof twoIterations>>, b: Awaited<ReturnType<typeof twoIterations>>) {
  expect(a.lines[1]!.samples).toBeGreaterThan(0);
  expect(a.lines).toEqual(b.lines);
  for (const [name, w] of b.weights) expect(Array.from(a.weights.get(name)!), name).toEqual(Array.from(w));
}

describe("dense layers' lean bookkeeping, one-pass draws and the input rows in one kernel in RL (@cosir/policy)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    expectSame(await twoIterations(true, true, true), await twoIterations(false, false, false));
  }, 120_000);

  it("so does each alone (setLeanLinear; setOnePassSampling; setEmbedAtKernel)", async () => {
    const plain = await twoIterations(false, false, false);
    expectSame(await twoIterations(true, false, false), plain);
    expectSame(await twoIterations(false, true, false), plain);
    expectSame(await twoIterations(false, false, true), plain);
  }, 240_000);
});
