import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";

/** A prompt whose keys and values are held: its tokens and the pool row of each of its positions. */
interface PrefixEntry {
  tokens: readonly number[];
  rows: Int32Array;
  lastUse: number;
}

/**
 * Keys and values of prompts already prefilled, kept across sampling calls so that a prompt that starts like an
 * earlier one (a seat's next turn: the same header and history, more messages, a new cue) prefills only what
 * follows their longest common prefix. Keys and values of a position depend only on the tokens up to it and the
 * weights, so any held prompt with the same prefix serves, whoever it came from. Per layer, one pool of per-position
 * key and value rows [positions, width] (the projections before the head split); a prompt is the list of its
 * positions' pool rows. Valid for one set of weights: `clear()` after the weights change. Owned tensors: `dispose()`.
 */
export class PrefixCache {
  private keys: tf.Tensor2D[] = [];
  private values: tf.Tensor2D[] = [];
  private entries: PrefixEntry[] = [];
  private clock = 0;

  /**
   * @param capacity prompts held at most (least recently used dropped first); the pool is rebuilt empty when it
   *   holds more than `maxPositions` positions (old prompts' rows are not reclaimed one by one).
   */
  constructor(
    readonly capacity = 256,
    readonly maxPositions = 65_536,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new InvalidArgumentError("capacity", capacity, "expected a positive integer");
    if (!Number.isInteger(maxPositions) || maxPositions < 1)
      throw new InvalidArgumentError("maxPositions", maxPositions, "expected a positive integer");
  }

  /** Positions held in the pool. */
  get size(): number {
    return this.keys[0]?.shape[0] ?? 0;
  }

  /** Prompts held. */
  get prompts(): number {
    return this.entries.length;
  }

  /** The held prompt sharing the longest prefix with `tokens`: how many tokens it shares and their pool rows. */
  longestPrefix(tokens: readonly number[]): { length: number; rows: Int32Array } {
    let best: PrefixEntry | undefined;
    let bestLength = 0;
    for (const entry of this.entries) {
      const limit = Math.min(entry.tokens.length, tokens.length);
      let n = 0;
      while (n < limit && entry.tokens[n] === tokens[n]) n++;
      if (n > bestLength) {
        best = entry;
        bestLength = n;
      }
    }
    if (best === undefined) return { length: 0, rows: new Int32Array(0) };
    best.lastUse = ++this.clock;
    return { length: bestLength, rows: best.rows.subarray(0, bestLength) };
  }

  /** Per-layer pool tensors (empty before the first `append`). Not to be disposed by the caller. */
  pools(): { keys: readonly tf.Tensor2D[]; values: readonly tf.Tensor2D[] } {
    return { keys: this.keys, values: this.values };
  }

  /**
   * Makes room for `positions` new ones before a prefill looks its prompts up: when the pool would grow past
   * `maxPositions`, it is rebuilt empty (rows held by earlier prompts are not reclaimed one by one).
   */
  reserve(positions: number): void {
    if (this.size + positions > this.maxPositions) this.clear();
  }

  /**
   * Appends new positions' per-layer keys and values [n, width] (taken over: the cache disposes them) and returns
   * the pool row of the first.
   */
  append(keys: readonly tf.Tensor2D[], values: readonly tf.Tensor2D[]): number {
    const start = this.size;
    if (this.keys.length === 0) {
      this.keys = [...keys];
      this.values = [...values];
      return start;
    }
    const grow = (pool: tf.Tensor2D[], rows: readonly tf.Tensor2D[]) =>
      pool.map((old, layer) => {
        const next = tf.concat([old, rows[layer] as tf.Tensor2D], 0) as tf.Tensor2D;
        old.dispose();
        (rows[layer] as tf.Tensor2D).dispose();
        return next;
      });
    this.keys = grow(this.keys, keys);
    this.values = grow(this.values, values);
    return start;
  }

  /** Holds a prompt whose positions sit at `rows` of the pool. */
  remember(tokens: readonly number[], rows: Int32Array): void {
    if (rows.length !== tokens.length)
      throw new InvalidArgumentError("rows", rows.length, `expected one pool row per token (${tokens.length})`);
    this.entries.push({ tokens: [...tokens], rows, lastUse: ++this.clock });
    if (this.entries.length > this.capacity) {
      this.entries.sort((a, b) => b.lastUse - a.lastUse);
      this.entries.length = this.capacity;
    }
  }

  /** Forgets every prompt and frees the pool (after a weight change, or to release memory). */
  clear(): void {
    for (const t of [...this.keys, ...this.values]) t.dispose();
    this.keys = [];
    this.values = [];
    this.entries = [];
  }

  dispose(): void {
    this.clear();
  }
}
