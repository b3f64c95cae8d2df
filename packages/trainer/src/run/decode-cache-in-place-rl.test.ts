import { selectBackend, setDecodeCacheInPlace } from "@cosir/policy/tfjs";
import { beforeAll, describe, it } from "vitest";
import { expectSameIterations, twoDemoIterations } from "../test/two-demo-iterations";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/** Two demo iterations with decode steps appending to a held cache in place (setDecodeCacheInPlace) or copying it. */
function twoIterations(inPlace: boolean) {
  return twoDemoIterations(() => {
    const previous = setDecodeCacheInPlace(inPlace);
    return () => {
      setDecodeCacheInPlace(previous);
    };
  });
}

describe("decode steps appending to the cache in place in RL (@cosir/policy's setDecodeCacheInPlace)", () => {
  it("leave two demo iterations exactly as they were: the same metrics lines and the same weights bit for bit", async () => {
    expectSameIterations(await twoIterations(true), await twoIterations(false));
  }, 240_000);
});
