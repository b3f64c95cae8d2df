import { selectBackend, setSimdColumnSums } from "@cosir/policy/tfjs";
import { beforeAll, describe, it } from "vitest";
import { expectSameIterations, twoDemoIterations } from "../test/two-demo-iterations";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/** Two demo iterations with the train step's column sums as SIMD WebAssembly (setSimdColumnSums) or as JavaScript. */
function twoIterations(simd: boolean) {
  return twoDemoIterations(() => {
    const previous = setSimdColumnSums(simd);
    return () => {
      setSimdColumnSums(previous);
    };
  });
}

describe("the column sums as SIMD WebAssembly in RL (@cosir/policy's setSimdColumnSums)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    expectSameIterations(await twoIterations(true), await twoIterations(false));
  }, 240_000);
});
