import { selectBackend, setFusedAdam } from "@cosir/policy/tfjs";
import { beforeAll, describe, it } from "vitest";
import { expectSameIterations, twoDemoIterations } from "../test/two-demo-iterations";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/** Two demo iterations with an Adam step as one kernel per variable (setFusedAdam) on or off. */
function twoIterations(fused: boolean) {
  return twoDemoIterations(() => {
    const previous = setFusedAdam(fused);
    return () => {
      setFusedAdam(previous);
    };
  });
}

describe("an Adam step as one kernel per variable in RL (@cosir/policy's setFusedAdam)", () => {
  it("leaves two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    expectSameIterations(await twoIterations(true), await twoIterations(false));
  }, 120_000);
});
