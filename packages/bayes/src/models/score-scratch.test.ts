import { describe, expect, it } from "vitest";
import { attributeWeights } from "./argmax-score-model";
import { scoreScratch } from "./score-scratch";

describe("scoreScratch and attributeWeights", () => {
  it("sizes the score range from the weights (sum) or the levels (min)", () => {
    const sum = scoreScratch(3, 2, 5, "sum", Int32Array.from([2, 3]));
    expect([sum.U, sum.PAD, sum.dist.length, sum.convA.length, sum.suffix.length]).toEqual([21, 4, 63, 29, 4]);
    const min = scoreScratch(3, 2, 5, "min", Int32Array.from([2, 3]));
    expect([min.U, min.dist.length]).toEqual([5, 15]);
  });

  it("defaults the weights to 1 and names a bad one", () => {
    expect(Array.from(attributeWeights(3, undefined))).toEqual([1, 1, 1]);
    expect(Array.from(attributeWeights(2, [4, 1000]))).toEqual([4, 1000]);
    expect(() => attributeWeights(2, [1])).toThrow(/^weights: /);
    expect(() => attributeWeights(2, [1, 0])).toThrow(/^weights\[1\]: /);
    expect(() => attributeWeights(2, [1.5, 1])).toThrow(/^weights\[0\]: /);
  });
});
