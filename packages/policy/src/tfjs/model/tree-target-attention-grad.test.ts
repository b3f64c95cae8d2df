import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { packPrefixTree } from "../training/pack-prefix-tree";
import type { PromptCompletion } from "../training/pack-sequences";
import { causalAttention, visibleTiles } from "./causal-attention";
import { selectRows } from "./select-rows";
import { simdBlockEndsAvailable } from "./simd-batch-mat-mul";
import { treeTargetAttentionGrad } from "./tree-target-attention-grad";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const bits = (t: tf.Tensor) => Array.from(new Uint32Array(Float32Array.from(t.dataSync()).buffer));

describe("treeTargetAttentionGrad", () => {
  // a known case: two seats' turns over 100-odd columns a row, so targets fall in three blocks of 48 of a row
  it("equals causalAttention over the whole tree, value and the gradients of q (at the targets), k and v, bit for bit", () => {
    if (!simdBlockEndsAvailable()) return;
    const rng = new SeededRandom(11);
    const tokens = (n: number) => Array.from({ length: n }, () => 1 + Math.floor(rng.next() * 12));
    const items: PromptCompletion[] = [];
    for (let seat = 0; seat < 3; seat++) {
      let prompt = tokens(30 + 10 * seat);
      for (let turn = 0; turn < 3; turn++) {
        prompt = [...prompt, ...tokens(15)];
        items.push({ prompt, completion: tokens(4 + turn) });
      }
    }
    const packed = packPrefixTree(items, { maxColumns: 128 });
    const { batch, time } = packed;
    const heads = 2;
    const width = 8;
    const columns = Int32Array.from(new Set(packed.targetRows)).sort();
    expect(time).toBeGreaterThan(96);
    tf.tidy(() => {
      const random = (shape: [number, number]) =>
        tf.tensor2d(
          Float32Array.from({ length: shape[0] * shape[1] }, () => rng.normal()),
          shape,
        );
      const q = random([batch * time, width]);
      const k = random([batch * time, width]);
      const v = random([batch * time, width]);
      const w = random([columns.length, width]);
      const bias = tf.tensor3d(packed.bias, [batch, time, time]);
      const tiles = tf.tensor3d(
        visibleTiles(packed.bias, batch, time),
        [batch, Math.ceil(time / 4), Math.ceil(time / 4)],
        "int32",
      );
      const full = tf.grads((qi: tf.Tensor, ki: tf.Tensor, vi: tf.Tensor) =>
        tf.sum(
          tf.mul(
            selectRows(
              causalAttention(qi as tf.Tensor2D, ki as tf.Tensor2D, vi as tf.Tensor2D, batch, time, heads, bias, tiles),
              columns,
            ),
            w,
          ),
        ),
      );
      const attention = treeTargetAttentionGrad(packed, heads, columns);
      const atTargets = tf.grads((qi: tf.Tensor, ki: tf.Tensor, vi: tf.Tensor) =>
        tf.sum(tf.mul(attention(qi as tf.Tensor2D, ki as tf.Tensor2D, vi as tf.Tensor2D), w)),
      );
      const qt = tf.gather(q, tf.tensor1d(columns, "int32")) as tf.Tensor2D;
      const [dqFull, dkFull, dvFull] = full([q, k, v]) as [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D];
      const [dq, dk, dv] = atTargets([qt, k, v]);
      const value = attention(qt, k, v);
      const fullValue = selectRows(causalAttention(q, k, v, batch, time, heads, bias, tiles), columns);
      expect(bits(value)).toEqual(bits(fullValue));
      expect(bits(dq as tf.Tensor)).toEqual(bits(tf.gather(dqFull, tf.tensor1d(columns, "int32"))));
      expect(bits(dk as tf.Tensor)).toEqual(bits(dkFull));
      expect(bits(dv as tf.Tensor)).toEqual(bits(dvFull));
    });
  }, 120_000);
});
