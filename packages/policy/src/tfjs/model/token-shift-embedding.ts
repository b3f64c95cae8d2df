import * as tf from "@tensorflow/tfjs-core";
import { embeddingLookup } from "./embedding-lookup";

/** The two tables of a token-shift model, each [vocab, width]. */
export interface TokenShiftTables {
  /** Embedding of the token one position back. */
  previous: tf.Tensor2D;
  /** Embedding of the token two positions back. */
  beforePrevious: tf.Tensor2D;
}

/**
 * Token-shift input of each position: previous[previousIds] + beforePrevious[beforePreviousIds]
 * [n, width], where id -1 (no such token: the start of a row) adds nothing, since its one-hot row is
 * all zeros. Both lookups go through `embeddingLookup`'s one-hot matmul, so training needs no
 * UnsortedSegmentSum (which tfjs-wasm lacks), and all three paths of the Transformer use this one
 * function, which keeps their numbers equal.
 */
export function tokenShiftEmbedding(
  tables: TokenShiftTables,
  previousIds: tf.Tensor1D,
  beforePreviousIds: tf.Tensor1D,
): tf.Tensor2D {
  return tf.add(
    embeddingLookup(tables.previous, previousIds),
    embeddingLookup(tables.beforePrevious, beforePreviousIds),
  ) as tf.Tensor2D;
}
