import { InvalidArgumentError } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REWARD_NEGATIVE_RGB, REWARD_NEUTRAL_RGB, REWARD_POSITIVE_RGB, rewardColor, rewardTone } from "./reward-color";

const rgb = (css: string): [number, number, number] => {
  const m = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(css);
  expect(m).not.toBeNull();
  return [Number(m![1]), Number(m![2]), Number(m![3])];
};
const css = (c: readonly number[]): string => `rgb(${c.join(", ")})`;
const reward = fc.oneof(
  fc.double({ noNaN: true, min: -5, max: 5 }),
  fc.constantFrom(0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-9, -1e-9),
);
const scale = fc.double({ min: 1e-6, max: 1e6, noNaN: true });

describe("rewardColor", () => {
  it("is neutral grey at zero, for NaN and inside the band; full green or red at and beyond the scale", () => {
    expect(rewardColor(0, 1)).toBe(css(REWARD_NEUTRAL_RGB));
    expect(rewardColor(Number.NaN, 1)).toBe(css(REWARD_NEUTRAL_RGB));
    expect(rewardColor(0.009, 1)).toBe(css(REWARD_NEUTRAL_RGB));
    expect(rewardColor(1, 1)).toBe(css(REWARD_POSITIVE_RGB));
    expect(rewardColor(7, 2)).toBe(css(REWARD_POSITIVE_RGB));
    expect(rewardColor(Number.POSITIVE_INFINITY, 2)).toBe(css(REWARD_POSITIVE_RGB));
    expect(rewardColor(-1, 1)).toBe(css(REWARD_NEGATIVE_RGB));
    expect(rewardColor(Number.NEGATIVE_INFINITY, 3)).toBe(css(REWARD_NEGATIVE_RGB));
  });

  it("rejects a scale that is not finite and positive", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => rewardColor(0.5, bad)).toThrow(InvalidArgumentError);
  });

  it("tone is in [-1, 1], has the reward's sign, and is monotone in the reward", () => {
    fc.assert(
      fc.property(reward, reward, scale, (a, b, s) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const tl = rewardTone(lo, s);
        const th = rewardTone(hi, s);
        expect(tl).toBeLessThanOrEqual(th);
        expect(Math.abs(tl)).toBeLessThanOrEqual(1);
        if (tl !== 0) expect(Math.sign(tl)).toBe(Math.sign(lo));
      }),
    );
  });

  it("colour moves monotonically from grey towards green (r >= 0) or red (r <= 0) as |reward| grows", () => {
    fc.assert(
      fc.property(reward, reward, scale, (a, b, s) => {
        if (Math.sign(a) * Math.sign(b) < 0) return;
        const [near, far] = Math.abs(a) <= Math.abs(b) ? [a, b] : [b, a];
        const end = far > 0 || near > 0 ? REWARD_POSITIVE_RGB : REWARD_NEGATIVE_RGB;
        const cn = rgb(rewardColor(near, s));
        const cf = rgb(rewardColor(far, s));
        for (let i = 0; i < 3; i++) {
          const towards = Math.sign((end[i] as number) - (REWARD_NEUTRAL_RGB[i] as number));
          // Each channel of the farther reward is at least as far along the way from grey to the end colour.
          expect(towards * ((cf[i] as number) - (cn[i] as number))).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("is greener than red for positive tones and redder than green for negative ones", () => {
    fc.assert(
      fc.property(reward, scale, (r, s) => {
        const [red, green] = rgb(rewardColor(r, s));
        const tone = rewardTone(r, s);
        if (tone > 0) expect(green).toBeGreaterThan(red);
        else if (tone < 0) expect(red).toBeGreaterThan(green);
        else expect(red).toBe(green);
      }),
    );
  });
});
