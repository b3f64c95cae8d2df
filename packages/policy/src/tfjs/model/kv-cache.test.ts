import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import type { KvCache } from "./kv-cache";
import { Transformer } from "./transformer";

// Model-based test of the KV cache as sampling drives it (prefill, then decode steps): the model is each row's
// plain token list. After every step the cache's bookkeeping (length, positions, last two tokens, tensor
// shapes) must follow from those lists, the step's logits must equal a no-cache forward over the whole row,
// and the number of live tensors must not grow.

const tiny = { vocabSize: 9, width: 8, layers: 2, heads: 2, context: 8, initScale: 0.5 };

beforeAll(async () => {
  await selectBackend({ log: null });
});

interface Model {
  rows: number[][];
  /** Longest prompt: the cache's width before any decode step (shorter prompts are left-padded). */
  promptWidth: number;
  steps: number;
}

interface Real {
  transformer: Transformer;
  cache: KvCache;
  /** Live tensors with the cache in place (weights + cache); every step must come back to it. */
  tensors: number;
}

/** log-softmax of a no-cache forward over `row`, at its last position. */
function forwardLast(transformer: Transformer, row: number[]): number[] {
  return tf.tidy(() => {
    const logits = transformer.logits(tf.tensor2d([row], undefined, "int32"));
    return (tf.logSoftmax(logits).arraySync() as number[][][])[0]![row.length - 1]!;
  });
}

function expectCacheFollows(m: Model, r: Real): void {
  const { cache } = r;
  const heads = tiny.heads;
  const headWidth = tiny.width / heads;
  const length = m.promptWidth + m.steps;
  expect(cache.batch).toBe(m.rows.length);
  expect(cache.length).toBe(length);
  expect(cache.nextPositions).toEqual(m.rows.map((row) => row.length));
  expect(cache.recentTokens).toEqual(m.rows.map((row) => [row.at(-1), row.at(-2) ?? -1]));
  expect(cache.keyValid).toEqual(
    m.rows.map((row) => Array.from({ length }, (_, c) => c >= m.promptWidth - (row.length - m.steps))),
  );
  // at least `length` columns; a cache held with room (setDecodeCacheInPlace) has more, zero past the held ones
  const capacity = cache.keys[0]?.shape[2] as number;
  expect(capacity).toBeGreaterThanOrEqual(length);
  expect(cache.keys.map((k) => k.shape)).toEqual(Array(tiny.layers).fill([m.rows.length * heads, headWidth, capacity]));
  expect(cache.values.map((v) => v.shape)).toEqual(
    Array(tiny.layers).fill([m.rows.length * heads, capacity, headWidth]),
  );
  tf.tidy(() => {
    const room = [
      ...cache.keys.map((k) => tf.slice(k, [0, 0, length], [-1, -1, -1])),
      ...cache.values.map((v) => tf.slice(v, [0, length, 0], [-1, -1, -1])),
    ];
    for (const t of room) expect(Array.from(t.dataSync()).every((x) => x === 0)).toBe(true);
  });
  expect(tf.memory().numTensors).toBe(r.tensors);
}

class Decode implements fc.Command<Model, Real> {
  constructor(readonly tokens: number[]) {}
  check = (m: Readonly<Model>) => Math.max(...m.rows.map((row) => row.length)) < tiny.context;
  run(m: Model, r: Real): void {
    const tokens = m.rows.map((_, i) => this.tokens[i % this.tokens.length]!);
    const logits = r.transformer.decodeStep(r.cache, tokens);
    const logprobs = tf.tidy(() => tf.logSoftmax(logits).arraySync() as number[][]);
    logits.dispose();
    m.rows.forEach((row, i) => row.push(tokens[i]!));
    m.steps++;
    m.rows.forEach((row, i) => {
      const reference = forwardLast(r.transformer, row);
      const diff = Math.max(...reference.map((v, j) => Math.abs(v - logprobs[i]![j]!)));
      expect(diff, `row ${i}`).toBeLessThan(1e-4);
    });
    expectCacheFollows(m, r);
  }
  toString = () => `decode([${this.tokens}])`;
}

/** A step the cache cannot take (a wrong token count, or no room left): refused, nothing changed or leaked. */
class Refused implements fc.Command<Model, Real> {
  constructor(readonly extra: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const full = Math.max(...m.rows.map((row) => row.length)) >= tiny.context;
    const tokens = Array(full ? m.rows.length : m.rows.length + this.extra).fill(1);
    expect(() => r.transformer.decodeStep(r.cache, tokens)).toThrow(full ? /^cache: / : /^tokens: /);
    expectCacheFollows(m, r);
  }
  toString = () => `refused(+${this.extra})`;
}

const token = fc.nat(tiny.vocabSize - 1);

describe("KvCache (model-based)", () => {
  it("follows each row's tokens step by step, agrees with a no-cache forward, and never leaks a tensor", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(token, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.commands(
          [
            fc.array(token, { minLength: 1, maxLength: 3 }).map((t) => new Decode(t)),
            fc.constantFrom(1, 2).map((k) => new Refused(k)),
          ],
          { maxCommands: 8 },
        ),
        (prompts, tokenShift, cmds) => {
          const baseline = tf.memory().numTensors;
          const transformer = new Transformer({ ...tiny, tokenShift }, { seed: 11 });
          const withWeights = tf.memory().numTensors;
          const { cache, logits } = transformer.prefill(prompts);
          logits.dispose();
          const model: Model = {
            rows: prompts.map((p) => [...p]),
            promptWidth: Math.max(...prompts.map((p) => p.length)),
            steps: 0,
          };
          const real: Real = { transformer, cache, tensors: tf.memory().numTensors };
          expect(real.tensors - withWeights).toBe(2 * tiny.layers);
          try {
            expectCacheFollows(model, real);
            fc.modelRun(() => ({ model, real }), cmds);
          } finally {
            cache.dispose();
            expect(tf.memory().numTensors).toBe(withWeights);
            transformer.dispose();
          }
          expect(tf.memory().numTensors).toBe(baseline);
        },
      ),
      { numRuns: 20 },
    );
  });
});
