import * as tf from "@tensorflow/tfjs-core";
import type { KvCache } from "../tfjs/model/kv-cache";
import { floatBits } from "./tree-step-bits";

/**
 * Every layer's keys and values in the cache's first `length` columns (rows) as bit patterns: what a decode step
 * reads, whether the cache is held with room to grow (setDecodeCacheInPlace) or not.
 */
export function heldCacheBits(cache: KvCache): number[][] {
  const length = cache.length;
  return tf.tidy(() => [
    ...cache.keys.map((k) => floatBits(tf.slice(k, [0, 0, 0], [-1, -1, length]))),
    ...cache.values.map((v) => floatBits(tf.slice(v, [0, 0, 0], [-1, length, -1]))),
  ]);
}
