import { selectBackend, setSavedTensorViews } from "@cosir/policy/tfjs";
import { beforeAll, describe, it } from "vitest";
import { expectSameIterations, twoDemoIterations } from "../test/two-demo-iterations";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/** Two demo iterations with the train step's saved tensors as views (setSavedTensorViews) or as copies. */
function twoIterations(views: boolean) {
  return twoDemoIterations(() => {
    const previous = setSavedTensorViews(views);
    return () => {
      setSavedTensorViews(previous);
    };
  });
}

describe("saved tensors as views in RL (@cosir/policy's setSavedTensorViews)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    expectSameIterations(await twoIterations(true), await twoIterations(false));
  }, 240_000);
});
