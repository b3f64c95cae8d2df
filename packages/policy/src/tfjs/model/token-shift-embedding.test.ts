import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { tokenShiftEmbedding } from "./token-shift-embedding";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const tableArb = (vocab: number, width: number) =>
  fc.array(fc.float({ min: -2, max: 2, noNaN: true }), { minLength: vocab * width, maxLength: vocab * width });

describe("tokenShiftEmbedding", () => {
  it("sums the rows of both tables at their ids (-1 adds nothing), and each table's gradient sums dy over the rows that read it", () => {
    fc.assert(
      fc.property(
        fc
          .record({
            vocab: fc.integer({ min: 2, max: 6 }),
            width: fc.integer({ min: 1, max: 4 }),
            n: fc.integer({ min: 1, max: 7 }),
          })
          .chain(({ vocab, width, n }) =>
            fc.record({
              vocab: fc.constant(vocab),
              width: fc.constant(width),
              previous: tableArb(vocab, width),
              beforePrevious: tableArb(vocab, width),
              previousIds: fc.array(fc.integer({ min: -1, max: vocab - 1 }), { minLength: n, maxLength: n }),
              beforePreviousIds: fc.array(fc.integer({ min: -1, max: vocab - 1 }), { minLength: n, maxLength: n }),
              dy: fc.array(fc.float({ min: -2, max: 2, noNaN: true }), { minLength: n * width, maxLength: n * width }),
            }),
          ),
        ({ vocab, width, previous, beforePrevious, previousIds, beforePreviousIds, dy }) => {
          const before = tf.memory().numTensors;
          const n = previousIds.length;
          const row = (table: number[], id: number, j: number) => (id < 0 ? 0 : table[id * width + j]!);
          const [value, gradients] = tf.tidy(() => {
            const tables = {
              previous: tf.tensor2d(previous, [vocab, width]),
              beforePrevious: tf.tensor2d(beforePrevious, [vocab, width]),
            };
            const ids = [tf.tensor1d(previousIds, "int32"), tf.tensor1d(beforePreviousIds, "int32")] as const;
            const out = tokenShiftEmbedding(tables, ...ids).arraySync();
            const grads = tf
              .grads((p, b) =>
                tf.sum(
                  tf.mul(
                    tokenShiftEmbedding({ previous: p as tf.Tensor2D, beforePrevious: b as tf.Tensor2D }, ...ids),
                    tf.tensor2d(dy, [n, width]),
                  ),
                ),
              )([tables.previous, tables.beforePrevious])
              .map((g) => g.arraySync() as number[][]);
            return [out, grads] as const;
          });
          expect(tf.memory().numTensors).toBe(before);
          for (let i = 0; i < n; i++)
            for (let j = 0; j < width; j++)
              expect(value[i]![j]!).toBeCloseTo(
                row(previous, previousIds[i]!, j) + row(beforePrevious, beforePreviousIds[i]!, j),
                5,
              );
          [previousIds, beforePreviousIds].forEach((ids, t) => {
            for (let v = 0; v < vocab; v++)
              for (let j = 0; j < width; j++) {
                const expected = ids.reduce((s, id, i) => s + (id === v ? dy[i * width + j]! : 0), 0);
                expect(gradients[t]![v]![j]!).toBeCloseTo(expected, 4);
              }
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});
