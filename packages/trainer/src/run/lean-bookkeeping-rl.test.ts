import { selectBackend, setEmbedAtKernel, setLeanLinear, setOnePassSampling } from "@cosir/policy/tfjs";
import { beforeAll, describe, it } from "vitest";
import { expectSameIterations, twoDemoIterations } from "../test/two-demo-iterations";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/**
 * Two demo iterations with dense layers' lean bookkeeping (setLeanLinear), one-pass draws (setOnePassSampling) and
 * the input rows in one kernel (setEmbedAtKernel) as given.
 */
function twoIterations(lean: boolean, onePass: boolean, embed: boolean) {
  return twoDemoIterations(() => {
    const previous = [setLeanLinear(lean), setOnePassSampling(onePass), setEmbedAtKernel(embed)] as const;
    return () => {
      setLeanLinear(previous[0]);
      setOnePassSampling(previous[1]);
      setEmbedAtKernel(previous[2]);
    };
  });
}

describe("dense layers' lean bookkeeping, one-pass draws and the input rows in one kernel in RL (@cosir/policy)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    expectSameIterations(await twoIterations(true, true, true), await twoIterations(false, false, false));
  }, 120_000);

  it("so does each alone (setLeanLinear; setOnePassSampling; setEmbedAtKernel)", async () => {
    const plain = await twoIterations(false, false, false);
    expectSameIterations(await twoIterations(true, false, false), plain);
    expectSameIterations(await twoIterations(false, true, false), plain);
    expectSameIterations(await twoIterations(false, false, true), plain);
  }, 240_000);
});
