import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SeededRandom } from "../seeded-random";
import { chooseToken, type SamplingOptions, setOnePassSampling } from "./choose-token";

afterEach(() => {
  vi.restoreAllMocks();
});

/** chooseToken with setOnePassSampling(on): its answer and the generator's next draw (how far it advanced). */
function draw(
  on: boolean,
  logits: Float32Array,
  offset: number,
  vocab: number,
  seed: number,
  options: SamplingOptions,
  allowed?: (token: number) => boolean,
) {
  const previous = setOnePassSampling(on);
  try {
    const rng = new SeededRandom(seed);
    const { token, logprob } = chooseToken(logits, offset, vocab, rng, options, new Float64Array(vocab), allowed);
    return { token, logprob, after: rng.next() };
  } finally {
    setOnePassSampling(previous);
  }
}

/** A logit: mostly normal-sized, sometimes large, -Infinity, or a repeat of a nearby value (ties). */
const logit = fc.oneof(
  { weight: 8, arbitrary: fc.float({ min: -8, max: 8, noNaN: true }) },
  { weight: 1, arbitrary: fc.float({ min: -80, max: 80, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(Number.NEGATIVE_INFINITY) },
  { weight: 1, arbitrary: fc.constant(0) },
);

describe("chooseToken at temperature 1 in one pass (setOnePassSampling)", () => {
  it("gives the two-pass draw's token, log-prob and generator state bit for bit", () => {
    fc.assert(
      fc.property(
        fc.array(logit, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 3 }),
        fc.option(fc.array(fc.boolean(), { minLength: 40, maxLength: 40 })),
        fc.record({
          temperature: fc.constantFrom(1, 1, 1, 0, 0.7, 2),
          topK: fc.integer({ min: 0, max: 45 }),
          topP: fc.constantFrom(1, 1, 0.9, 0.5, 0.01),
        }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (values, offset, bans, options, seed) => {
          const logits = new Float32Array(offset + values.length);
          logits.set(values, offset);
          const allowed = bans === null ? undefined : (t: number) => !(bans[t] as boolean);
          const on = draw(true, logits, offset, values.length, seed, options, allowed);
          const off = draw(false, logits, offset, values.length, seed, options, allowed);
          expect(on.token).toBe(off.token);
          expect(Object.is(on.logprob, off.logprob), `${on.logprob} vs ${off.logprob}`).toBe(true);
          expect(on.after).toBe(off.after);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("computes each exp once where the largest logit is allowed, in two passes where it is banned", () => {
    const logits = Float32Array.from([0.5, 2, -1, 1]);
    const exp = vi.spyOn(Math, "exp");
    draw(true, logits, 0, 4, 1, {});
    expect(exp).toHaveBeenCalledTimes(4);
    exp.mockClear();
    draw(false, logits, 0, 4, 1, {});
    expect(exp).toHaveBeenCalledTimes(8);
    exp.mockClear();
    // token 1 (the largest) banned: the weights' maximum differs from the normaliser's, so both passes run (the
    // second skips the banned token)
    draw(true, logits, 0, 4, 1, {}, (t) => t !== 1);
    expect(exp).toHaveBeenCalledTimes(7);
  });

  it("a known case: logits ln 1, ln 3 with u = the generator's first draw", () => {
    const logits = Float32Array.from([0, Math.log(3)]);
    const u = new SeededRandom(5).next();
    const { token, logprob } = draw(true, logits, 0, 2, 5, {});
    // weights 1 and 3 (the largest logit subtracted: 1/3 and 1): token 0 where u * 4 / 3 < 1 / 3, i.e. u < 1 / 4
    expect(token).toBe(u < 0.25 ? 0 : 1);
    expect(logprob).toBeCloseTo(token === 0 ? Math.log(0.25) : Math.log(0.75), 6);
  });
});
