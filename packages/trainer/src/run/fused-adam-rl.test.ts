import { selectBackend, setFusedAdam, setGradientSumKernel } from "@cosir/policy/tfjs";
import { beforeAll, describe, it } from "vitest";
import { expectSameIterations, twoDemoIterations } from "../test/two-demo-iterations";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/**
 * Two demo iterations with an Adam step as one kernel per variable (setFusedAdam) and the parts' gradients summed by
 * one kernel each (setGradientSumKernel) as given.
 */
function twoIterations(fusedAdam: boolean, gradientSums: boolean) {
  return twoDemoIterations(() => {
    const previous = [setFusedAdam(fusedAdam), setGradientSumKernel(gradientSums)] as const;
    return () => {
      setFusedAdam(previous[0]);
      setGradientSumKernel(previous[1]);
    };
  });
}

describe("the optimizer's kernels in RL (@cosir/policy's setFusedAdam and setGradientSumKernel)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    const plain = await twoIterations(false, false);
    expectSameIterations(await twoIterations(true, true), plain);
    expectSameIterations(await twoIterations(true, false), plain);
    expectSameIterations(await twoIterations(false, true), plain);
  }, 240_000);
});
