import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";
import type { DecoderModel } from "./decoder-model";

/** One scored row: log p(tokens[i] | tokens[<i]) for i in [from, tokens.length). */
export interface ScoredRow {
  tokens: readonly number[];
  from: number;
}

/**
 * Differentiable log-probs of given tokens, flattened row by row (row 0's positions from..end, then row 1's, ...):
 * the tensor form of `sequenceLogProbs`, for losses such as PPO's ratio. Rows run as one right-padded batch and the
 * LM head runs only at the scored positions (DecoderModel.logProbsAt: log p = logit - logsumexp(logits) with a
 * hand-written gradient, the head frozen).
 */
export function tokenLogProbs(model: DecoderModel, rows: readonly ScoredRow[]): tf.Tensor1D {
  if (rows.length === 0) throw new InvalidArgumentError("rows", rows, "at least one row");
  const at: Array<readonly [number, number]> = [];
  const targets: number[] = [];
  rows.forEach((row, r) => {
    if (!Number.isInteger(row.from) || row.from < 1 || row.from >= row.tokens.length)
      throw new InvalidArgumentError(`rows[${r}].from`, row.from, `an integer in [1, ${row.tokens.length - 1}]`);
    for (let i = row.from; i < row.tokens.length; i++) {
      at.push([r, i - 1]);
      targets.push(row.tokens[i]!);
    }
  });
  const width = Math.max(...rows.map((row) => row.tokens.length));
  const tokens = rows.map((row) => [...row.tokens, ...Array<number>(width - row.tokens.length).fill(0)]);
  const valid = rows.map((row) => Array.from({ length: width }, (_, i) => i < row.tokens.length));
  return tf.tidy(() => {
    const { hidden, cache } = model.forward({ tokens, valid });
    cache.dispose();
    return model.logProbsAt(hidden, at, targets);
  });
}
