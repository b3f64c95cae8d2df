import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { Transformer } from "../model/transformer";
import { longestItem, packPrefixTree, packPrefixTreeParts, unpackPrefixTree } from "./pack-prefix-tree";
import { packSequences, type PromptCompletion, unpackCompletions } from "./pack-sequences";
import { prefixTreeLogprobs } from "./prefix-tree-logprobs";
import { tokenLogprobs } from "./token-logprobs";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const vocab = 9;

/** The oracle: each item alone, through the right-padded path every other caller uses. */
function unpackedLogprobs(model: Transformer, items: readonly PromptCompletion[]): number[][] {
  const packed = packSequences(items, { padToken: 0 });
  const values = tf.tidy(() => tokenLogprobs(model, packed.tokens).logprobs.dataSync());
  tf.dispose([packed.tokens, packed.mask]);
  return unpackCompletions(packed, values);
}

function treeLogprobs(model: Transformer, items: readonly PromptCompletion[], maxColumns: number): number[][] {
  const packed = packPrefixTree(items, { maxColumns });
  const values = tf.tidy(() => prefixTreeLogprobs(model, packed).logprobs.dataSync());
  return unpackPrefixTree(packed, values);
}

/** Turns of one seat: each prompt extends the previous prompt's first part (a shared header and history). */
const seatTurns = fc
  .record({
    header: fc.array(fc.integer({ min: 1, max: vocab - 1 }), { minLength: 1, maxLength: 5 }),
    turns: fc.array(
      fc.record({
        history: fc.array(fc.integer({ min: 1, max: vocab - 1 }), { maxLength: 4 }),
        cue: fc.array(fc.integer({ min: 1, max: vocab - 1 }), { minLength: 1, maxLength: 2 }),
        completion: fc.array(fc.integer({ min: 1, max: vocab - 1 }), { maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ header, turns }) => {
    const items: PromptCompletion[] = [];
    let history: number[] = [];
    for (const t of turns) {
      history = [...history, ...t.history];
      items.push({ prompt: [...header, ...history, ...t.cue], completion: t.completion });
    }
    return items;
  });

describe("packPrefixTree", () => {
  it("stores each shared prefix once and maps every completion token to the column that predicts it", () => {
    const items = [
      { prompt: [1, 2, 3], completion: [4, 5] },
      { prompt: [1, 2, 6], completion: [7] },
      { prompt: [1, 2, 3], completion: [4, 8] },
    ];
    const packed = packPrefixTree(items, { maxColumns: 16 });
    expect(packed.batch).toBe(1);
    // 1 2 3 4 5 | 6 7 | 8
    expect(Array.from(packed.ids.slice(0, packed.usedColumns))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.from(packed.positions.slice(0, 8))).toEqual([0, 1, 2, 3, 4, 2, 3, 4]);
    expect(Array.from(packed.targetRows)).toEqual([2, 3, 5, 2, 3]);
    expect(Array.from(packed.targetTokens)).toEqual([4, 5, 7, 4, 8]);
    expect(Array.from(packed.previous.slice(0, 8))).toEqual([-1, 1, 2, 3, 4, 2, 6, 4]);
    // column 7 (token 8) sees 1 2 3 4 and itself, not 5, 6 or 7
    const row7 = Array.from(packed.bias.slice(7 * packed.time, 7 * packed.time + 8)).map((b) => (b === 0 ? 1 : 0));
    expect(row7).toEqual([1, 1, 1, 1, 0, 0, 0, 1]);
  });

  it("opens a new row when a sequence does not fit, and refuses one longer than a row", () => {
    const packed = packPrefixTree(
      [
        { prompt: [1, 2, 3], completion: [4] },
        { prompt: [5, 6], completion: [7] },
      ],
      { maxColumns: 5 },
    );
    expect(packed.batch).toBe(2);
    expect(() => packPrefixTree([{ prompt: [1, 2, 3], completion: [4, 5, 6] }], { maxColumns: 5 })).toThrow(
      /items\[0\]/,
    );
    expect(() => packPrefixTree([{ prompt: [], completion: [4] }], { maxColumns: 5 })).toThrow(/prompt/);
  });

  it("gives every completion token the log-prob of its sequence run alone (to 1e-5), with and without token shift", () => {
    for (const tokenShift of [false, true]) {
      const model = new Transformer(
        { vocabSize: vocab, width: 8, layers: 2, heads: 2, context: 24, initScale: 0.5, tokenShift },
        { seed: 3 },
      );
      fc.assert(
        fc.property(
          fc.array(seatTurns, { minLength: 1, maxLength: 3 }),
          fc.integer({ min: 24, max: 60 }),
          (seats, cap) => {
            const items = seats.flat();
            const tree = treeLogprobs(model, items, cap);
            const plain = unpackedLogprobs(model, items);
            tree.forEach((row, k) => {
              expect(row.length).toBe(plain[k]!.length);
              row.forEach((lp, j) => expect(Math.abs(lp - plain[k]![j]!)).toBeLessThan(1e-5));
            });
          },
        ),
        { numRuns: 25 },
      );
      model.dispose();
    }
  });

  it("gives the same gradient as the unpacked path (one row holding several sequences, repeated targets included)", () => {
    const model = new Transformer(
      { vocabSize: vocab, width: 8, layers: 2, heads: 2, context: 24, initScale: 0.5, tokenShift: true },
      { seed: 5 },
    );
    const items = [
      { prompt: [1, 2, 3], completion: [4, 5] },
      { prompt: [1, 2, 3], completion: [4, 8] },
      { prompt: [1, 2, 3, 6], completion: [3] },
      { prompt: [2, 2], completion: [1, 1, 1] },
    ];
    const weights = [0.5, -1, 2, 0.25];
    const vars = model.trainableVariables();
    const tree = packPrefixTree(items, { maxColumns: 32 });
    expect(tree.batch).toBe(2);
    const perTarget = tf.tensor1d(items.flatMap((it, k) => it.completion.map(() => weights[k]!)));
    const mine = tf.variableGrads(
      () => tf.sum(tf.mul(prefixTreeLogprobs(model, tree).logprobs, perTarget)) as tf.Scalar,
      vars,
    );
    const packed = packSequences(items, { padToken: 0 });
    const perColumn = tf.tensor2d(
      (() => {
        const out = new Float32Array(packed.batch * (packed.time - 1));
        items.forEach((it, b) => {
          for (let j = 0; j < it.completion.length; j++)
            out[b * (packed.time - 1) + packed.completionStart[b]! + j] = weights[b]!;
        });
        return out;
      })(),
      [packed.batch, packed.time - 1],
    );
    const oracle = tf.variableGrads(
      () => tf.sum(tf.mul(tokenLogprobs(model, packed.tokens).logprobs, perColumn)) as tf.Scalar,
      vars,
    );
    expect(Math.abs(mine.value.dataSync()[0]! - oracle.value.dataSync()[0]!)).toBeLessThan(1e-5);
    for (const name of Object.keys(oracle.grads)) {
      const diff = tf.tidy(() => tf.max(tf.abs(tf.sub(mine.grads[name]!, oracle.grads[name]!))).dataSync()[0]!);
      expect(diff, name).toBeLessThan(1e-5);
    }
    tf.dispose([perTarget, perColumn, packed.tokens, packed.mask, mine.value, oracle.value]);
    tf.dispose(Object.values(mine.grads));
    tf.dispose(Object.values(oracle.grads));
    model.dispose();
  });
});

describe("packPrefixTreeParts", () => {
  it("puts every item in exactly one part of whole rows, shortest rows first, each part holding its items' log-probs", () => {
    const model = new Transformer(
      { vocabSize: vocab, width: 8, layers: 1, heads: 2, context: 24, initScale: 0.5, tokenShift: true },
      { seed: 7 },
    );
    fc.assert(
      fc.property(fc.array(seatTurns, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 5 }), (seats, per) => {
        const items = seats.flat();
        const parts = packPrefixTreeParts(items, { maxColumns: longestItem(items), itemsPerPart: per });
        const seen = parts.flatMap((p) => p.items).sort((a, b) => a - b);
        expect(seen).toEqual(items.map((_, k) => k));
        parts.slice(0, -1).forEach((p) => expect(p.items.length).toBeGreaterThanOrEqual(per));
        const plain = unpackedLogprobs(model, items);
        for (const { items: at, tree } of parts) {
          expect(tree.time).toBeLessThanOrEqual(longestItem(items));
          const values = tf.tidy(() => prefixTreeLogprobs(model, tree).logprobs.dataSync());
          unpackPrefixTree(tree, values).forEach((row, j) =>
            row.forEach((lp, t) => expect(Math.abs(lp - plain[at[j]!]![t]!)).toBeLessThan(1e-5)),
          );
        }
      }),
      { numRuns: 20 },
    );
    expect(() => packPrefixTreeParts([], { maxColumns: 4, itemsPerPart: 0 })).toThrow(/itemsPerPart/);
    expect(packPrefixTreeParts([], { maxColumns: 4, itemsPerPart: 2 })).toEqual([]);
    model.dispose();
  });
});
