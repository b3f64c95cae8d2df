import { selectBackend, setSimdRmsNormRows } from "@cosir/policy/tfjs";
import { beforeAll, describe, it } from "vitest";
import { expectSameIterations, twoDemoIterations } from "../test/two-demo-iterations";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/** Two demo iterations with RMSNorm's inference rows four at a time as SIMD (setSimdRmsNormRows) or one at a time. */
function twoIterations(simd: boolean) {
  return twoDemoIterations(() => {
    const previous = setSimdRmsNormRows(simd);
    return () => {
      setSimdRmsNormRows(previous);
    };
  });
}

describe("rmsNormRows four rows at a time in RL (@cosir/policy's setSimdRmsNormRows)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    expectSameIterations(await twoIterations(true), await twoIterations(false));
  }, 240_000);
});
