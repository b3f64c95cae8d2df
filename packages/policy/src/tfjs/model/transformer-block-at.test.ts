import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type RandomModelConfig, randomModelConfig, randomTransformer } from "../../test-support/random-transformer";
import { selectBackend } from "../backend";
import { packPrefixTree } from "../training/pack-prefix-tree";
import type { PromptCompletion } from "../training/pack-sequences";
import { prefixTreeLogprobs } from "../training/prefix-tree-logprobs";
import { setLastBlockAtTargets } from "./last-block-at-targets";
import { PrefixCache } from "./prefix-cache";
import { treeTargetAttention } from "./tree-target-attention";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const vocab = 13;

/** `fn` with setLastBlockAtTargets set to `on`, restored after. */
function withLastBlockAtTargets<T>(on: boolean, fn: () => T): T {
  const previous = setLastBlockAtTargets(on);
  try {
    return fn();
  } finally {
    setLastBlockAtTargets(previous);
  }
}

const model = (c: RandomModelConfig) => randomTransformer(c, 128, vocab);

const token = fc.integer({ min: 1, max: vocab - 1 });

/** Seats' turns: each prompt extends its seat's header and history, so rows hold branching trees up to ~90 columns. */
const treeItems = fc
  .array(
    fc.record({
      header: fc.array(token, { minLength: 1, maxLength: 40 }),
      turns: fc.array(
        fc.record({
          history: fc.array(token, { maxLength: 20 }),
          completion: fc.array(token, { minLength: 1, maxLength: 6 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((seats) => {
    const items: PromptCompletion[] = [];
    for (const { header, turns } of seats) {
      let history: number[] = [...header];
      for (const t of turns) {
        history = [...history, ...t.history];
        items.push({ prompt: history, completion: t.completion });
      }
    }
    return items;
  });

describe("the last block at the read columns only (transformerBlockAt)", () => {
  it("a packed tree's log-probs without gradient equal the differentiable path's bit for bit, without leaking", () => {
    fc.assert(
      fc.property(randomModelConfig, treeItems, fc.integer({ min: 0, max: 40 }), (c, items, extra) => {
        const m = model(c);
        try {
          const longest = Math.max(...items.map((i) => i.prompt.length + i.completion.length));
          const packed = packPrefixTree(items, { maxColumns: Math.min(128, longest + extra) });
          const full = prefixTreeLogprobs(m, packed, { entropy: true });
          const before = tf.memory().numTensors;
          const fast = withLastBlockAtTargets(true, () =>
            prefixTreeLogprobs(m, packed, { entropy: true, inference: true }),
          );
          const off = withLastBlockAtTargets(false, () => prefixTreeLogprobs(m, packed, { inference: true }));
          expect(tf.memory().numTensors).toBe(before + 3);
          expect(Array.from(fast.logprobs.dataSync())).toEqual(Array.from(full.logprobs.dataSync()));
          expect(Array.from(fast.entropy!.dataSync())).toEqual(Array.from(full.entropy!.dataSync()));
          expect(Array.from(off.logprobs.dataSync())).toEqual(Array.from(full.logprobs.dataSync()));
          tf.dispose([full.logprobs, full.entropy!, fast.logprobs, fast.entropy!, off.logprobs]);
        } finally {
          m.dispose();
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it("prefill and cached prefill give the same logits and keys and values bit for bit, and so do the decode steps after", () => {
    fc.assert(
      fc.property(
        randomModelConfig,
        fc.array(fc.array(token, { minLength: 1, maxLength: 70 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(token, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 5 }),
        (c, prompts, continuations) => {
          const m = model(c);
          // second prompts extend the first (a seat's next turn) and some end on a held token only
          const next = prompts.map((p, r) => [...p, ...(continuations[r % continuations.length] ?? [])]);
          const run = (on: boolean) =>
            withLastBlockAtTargets(on, () => {
              const out: number[][] = [];
              const read = (cache: { keys: tf.Tensor[]; values: tf.Tensor[] }, logits: tf.Tensor) => {
                out.push(Array.from(logits.dataSync()));
                for (const t of [...cache.keys, ...cache.values]) out.push(Array.from(t.dataSync()));
                logits.dispose();
              };
              const plain = m.prefill(prompts);
              read(plain.cache, plain.logits);
              const step = m.decodeStep(
                plain.cache,
                prompts.map((p) => p[0]!),
              );
              read(plain.cache, step);
              plain.cache.dispose();
              const prefixes = new PrefixCache();
              for (const batch of [prompts, next, prompts]) {
                const cached = m.prefillCached(batch, prefixes);
                read(cached.cache, cached.logits);
                cached.cache.dispose();
              }
              prefixes.dispose();
              return out;
            });
          try {
            const before = tf.memory().numTensors;
            const fast = run(true);
            expect(tf.memory().numTensors).toBe(before);
            const previous = run(false);
            expect(fast.length).toBe(previous.length);
            fast.forEach((values, i) => expect(values, `output ${i}`).toEqual(previous[i]));
          } finally {
            m.dispose();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe("treeTargetAttention", () => {
  it("is each target's softmax attention over its ancestors (a float64 oracle, 1e-5)", () => {
    fc.assert(
      fc.property(
        treeItems,
        fc.constantFrom(1, 2, 4),
        fc.constantFrom(2, 8),
        fc.integer({ min: 0, max: 1000 }),
        (items, heads, headWidth, seed) => {
          const packed = packPrefixTree(items, { maxColumns: 128 });
          const width = heads * headWidth;
          const n = packed.batch * packed.time;
          let state = seed + 1;
          const random = () => {
            state = (state * 1103515245 + 12345) % 2147483648;
            return state / 2147483648 - 0.5;
          };
          const values = (rows: number) => Float32Array.from({ length: rows * width }, () => random() * 4);
          const q = values(packed.targetRows.length);
          const k = values(n);
          const v = values(n);
          const out = tf.tidy(() =>
            treeTargetAttention(packed, heads)(
              tf.tensor2d(q, [packed.targetRows.length, width]),
              tf.tensor2d(k, [n, width]),
              tf.tensor2d(v, [n, width]),
            ).dataSync(),
          );
          const { time } = packed;
          packed.targetRows.forEach((column, t) => {
            const row = Math.floor(column / time);
            // ancestors: the columns of this row whose bias is 0 for this query
            const visible: number[] = [];
            for (let j = 0; j < time; j++)
              if ((packed.bias[column * time + j] as number) === 0) visible.push(row * time + j);
            for (let h = 0; h < heads; h++) {
              const at = (x: Float32Array, r: number, d: number) => x[r * width + h * headWidth + d] as number;
              const scores = visible.map((j) => {
                let s = 0;
                for (let d = 0; d < headWidth; d++) s += at(q, t, d) * at(k, j, d);
                return s / Math.sqrt(headWidth);
              });
              const max = Math.max(...scores);
              const weights = scores.map((s) => Math.exp(s - max));
              const total = weights.reduce((a, b) => a + b, 0);
              for (let d = 0; d < headWidth; d++) {
                const expected = visible.reduce((s, j, i) => s + ((weights[i] as number) / total) * at(v, j, d), 0);
                expect(Math.abs((out[t * width + h * headWidth + d] as number) - expected)).toBeLessThan(1e-5);
              }
            }
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});
