import * as tf from "@tensorflow/tfjs-core";
import { embedAtRows } from "./embed-at";
import { InvalidArgumentError } from "@cosir/bayes";
import { registerGradients } from "../register-gradients";
import { SeededRandom } from "../seeded-random";
import { causalAttention, visibleTiles } from "./causal-attention";
import { embeddingLookup } from "./embedding-lookup";
import { addPositions } from "./add-positions";
import { KvCache } from "./kv-cache";
import type { PackedPrefixTree } from "../training/pack-prefix-tree";
import { selectRows } from "./select-rows";
import { gatherRows, type PoolPast } from "./wasm-heap-kernels";
import type { PrefixCache } from "./prefix-cache";
import { linear } from "./linear";
import { transpose2d } from "./transpose-2d";
import { rmsNorm } from "./rms-norm";
import {
  type BlockAttention,
  type NormedAttention,
  type TransformerBlockWeights,
  transformerBlock,
} from "./transformer-block";
import { transformerBlockAt } from "./transformer-block-at";
import { heldHeadWeights } from "./held-head-weights";
import { lastBlockAtTargets, trainLastBlockAtTargets } from "./last-block-at-targets";
import { simdBlockEndsAvailable, simdMatMulSettings } from "./simd-batch-mat-mul";
import { transformerBlockAtRows } from "./transformer-block-at-rows";
import { treeTargetAttentionGrad } from "./tree-target-attention-grad";
import { treeTargetAttention } from "./tree-target-attention";
import {
  type AttentionKeysValues,
  cachedAttention,
  cachedAttentionFromProduct,
  cachedAttentionFromQkv,
  cachedAttentionInPlace,
  decodeCacheInPlaceAvailable,
  decodeQkvProductAvailable,
  prefillQkvProductAvailable,
} from "./cached-attention";
import { type TokenShiftTables, tokenShiftEmbedding } from "./token-shift-embedding";
import { parseTransformerConfig, type TransformerConfig, type TransformerConfigInput } from "./transformer-config";

export interface TransformerOptions {
  /** Seed of the initial weights (ignored when `weights` is given). Default 0. */
  seed?: number;
  /** Initial values by parameter name (e.g. from a checkpoint); every parameter must be present. */
  weights?: ReadonlyMap<string, Float32Array> | Readonly<Record<string, Float32Array>>;
}

/** The token-shift tables' parameter names (present only when `config.tokenShift`). */
const TOKEN_SHIFT_PREVIOUS = "token_shift.previous.weight";
const TOKEN_SHIFT_BEFORE_PREVIOUS = "token_shift.before_previous.weight";

/** Names and shapes of every parameter, in a fixed order (the checkpoint's tensor order). */
export function transformerParameterShapes(config: TransformerConfig): [string, number[]][] {
  const { vocabSize: v, width: d, layers, context, mlpRatio } = config;
  const shapes: [string, number[]][] = [
    ["tok_emb.weight", [v, d]],
    ["pos_emb.weight", [context, d]],
  ];
  if (config.tokenShift === true) shapes.push([TOKEN_SHIFT_PREVIOUS, [v, d]], [TOKEN_SHIFT_BEFORE_PREVIOUS, [v, d]]);
  for (let i = 0; i < layers; i++) {
    shapes.push(
      [`blocks.${i}.norm1.weight`, [d]],
      [`blocks.${i}.attn.q.weight`, [d, d]],
      [`blocks.${i}.attn.k.weight`, [d, d]],
      [`blocks.${i}.attn.v.weight`, [d, d]],
      [`blocks.${i}.attn.proj.weight`, [d, d]],
      [`blocks.${i}.norm2.weight`, [d]],
      [`blocks.${i}.mlp.fc1.weight`, [d, mlpRatio * d]],
      [`blocks.${i}.mlp.fc2.weight`, [mlpRatio * d, d]],
    );
  }
  shapes.push(["norm_f.weight", [d]]);
  return shapes;
}

/**
 * Decoder-only transformer (docs/design.md §4): learned token and position embeddings, pre-norm blocks
 * (RMSNorm -> Q, K, V projections -> causal attention -> projection; RMSNorm -> ReLU MLP), a final
 * RMSNorm and an output layer tied to the token embedding. Weights are tf.Variables stored [in, out]
 * so every projection is x @ W. Q, K and V are three matrices rather than one fused [in, 3 * in]:
 * on tfjs-wasm three matmuls cost the same as the fused one, while splitting its output costs more
 * than the matmul (slices copy through JavaScript there). Sequences are right-padded for training and scoring (the causal mask keeps
 * padding from reaching earlier positions); `prefill` takes left-padded prompts for sampling.
 * With `tokenShift`, each input also adds learned embeddings of the one and two tokens before it in
 * its row (the KV cache carries them between decode steps).
 */
export class Transformer {
  readonly config: TransformerConfig;
  /** Every parameter by name (see `transformerParameterShapes`). */
  readonly variables: ReadonlyMap<string, tf.Variable>;
  private readonly tokenEmbedding: tf.Variable<tf.Rank.R2>;
  private readonly positionEmbedding: tf.Variable<tf.Rank.R2>;
  private readonly tokenShift: TokenShiftTables | undefined;
  private readonly blocks: TransformerBlockWeights[];
  private readonly finalNorm: tf.Variable<tf.Rank.R1>;
  /**
   * Each block's q | k | v weights [width, 3 * width] (decode steps, prefills) and k | v weights [width, 2 * width] (a
   * prefill's last block), and the variables' data they were made of.
   */
  private readonly qkvHeld: { sources: unknown[]; weights: tf.Tensor2D }[];
  private readonly kvHeld: { sources: unknown[]; weights: tf.Tensor2D }[];
  private headHeld: { source: unknown; weights: tf.Tensor2D };
  private disposed = false;

  constructor(config: TransformerConfigInput, options: TransformerOptions = {}) {
    registerGradients();
    this.config = parseTransformerConfig(config);
    const shapes = transformerParameterShapes(this.config);
    const given =
      options.weights === undefined
        ? undefined
        : options.weights instanceof Map
          ? options.weights
          : new Map(Object.entries(options.weights));
    const rng = new SeededRandom(options.seed ?? 0);
    // Token-shift tables draw from their own stream, so every other weight is that of the same seed without token
    // shift. They start random, not at zero: from zero, the attention that must read them and the tables themselves
    // both start without gradient signal, and a copy curriculum stayed at chance (given-cell level 0.19 after 200
    // steps, against 0.81 from a random start; see the evidence issue's closing note).
    const shiftRng = new SeededRandom((options.seed ?? 0) ^ 0x5eed5);
    const residualScale = 1 / Math.sqrt(2 * this.config.layers);
    const variables = new Map<string, tf.Variable>();
    for (const [name, shape] of shapes) {
      const size = shape.reduce((a, b) => a * b, 1);
      let data: Float32Array;
      if (given !== undefined) {
        const w = given.get(name);
        if (w === undefined)
          throw new InvalidArgumentError(`weights.${name}`, undefined, `expected a Float32Array of ${size} values`);
        if (w.length !== size)
          throw new InvalidArgumentError(
            `weights.${name}`,
            `${w.length} values`,
            `expected ${size} values for shape [${shape.join(", ")}]`,
          );
        data = w;
      } else {
        data = new Float32Array(size);
        if (name.includes("norm")) data.fill(1);
        else if (name === TOKEN_SHIFT_PREVIOUS || name === TOKEN_SHIFT_BEFORE_PREVIOUS)
          for (let i = 0; i < size; i++) data[i] = shiftRng.normal() * this.config.initScale;
        else {
          const std =
            this.config.initScale * (name.endsWith("proj.weight") || name.endsWith("fc2.weight") ? residualScale : 1);
          for (let i = 0; i < size; i++) data[i] = rng.normal() * std;
        }
      }
      const init = tf.tensor(data, shape, "float32");
      variables.set(name, tf.variable(init, true, `cosir/${name}/${nextModelId}`));
      init.dispose();
    }
    nextModelId++;
    this.variables = variables;
    const get = <R extends tf.Rank>(name: string) => variables.get(name) as tf.Variable<R>;
    this.tokenEmbedding = get("tok_emb.weight");
    this.positionEmbedding = get("pos_emb.weight");
    this.tokenShift =
      this.config.tokenShift === true
        ? { previous: get(TOKEN_SHIFT_PREVIOUS), beforePrevious: get(TOKEN_SHIFT_BEFORE_PREVIOUS) }
        : undefined;
    this.blocks = Array.from({ length: this.config.layers }, (_, i) => ({
      norm1: get(`blocks.${i}.norm1.weight`),
      q: get(`blocks.${i}.attn.q.weight`),
      k: get(`blocks.${i}.attn.k.weight`),
      v: get(`blocks.${i}.attn.v.weight`),
      proj: get(`blocks.${i}.attn.proj.weight`),
      norm2: get(`blocks.${i}.norm2.weight`),
      fc1: get(`blocks.${i}.mlp.fc1.weight`),
      fc2: get(`blocks.${i}.mlp.fc2.weight`),
    }));
    this.finalNorm = get("norm_f.weight");
    // made here rather than at the first decode step, so a decode step never changes the number of live tensors
    this.qkvHeld = this.blocks.map((block) => ({
      sources: [block.q.dataId, block.k.dataId, block.v.dataId],
      weights: tf.keep(tf.concat([block.q, block.k, block.v], 1)) as tf.Tensor2D,
    }));
    this.kvHeld = this.blocks.map((block) => ({
      sources: [block.k.dataId, block.v.dataId],
      weights: tf.keep(tf.concat([block.k, block.v], 1)) as tf.Tensor2D,
    }));
    this.headHeld = { source: this.tokenEmbedding.dataId, weights: tf.keep(transpose2d(this.tokenEmbedding)) };
  }

  /** Number of trainable values. */
  parameterCount(): number {
    let n = 0;
    for (const v of this.variables.values()) n += v.size;
    return n;
  }

  /** The trainable variables in checkpoint order. */
  trainableVariables(): tf.Variable[] {
    return [...this.variables.values()];
  }

  /**
   * Logits for every position of right-padded token ids [batch, time] (positions 0..time-1),
   * flattened to [batch * time, vocab]: row b * time + t predicts token t + 1. Differentiable.
   */
  forward(tokens: tf.Tensor2D): tf.Tensor2D {
    this.assertLive();
    const [batch, time] = tokens.shape;
    if (time > this.config.context)
      throw new InvalidArgumentError(
        "tokens",
        `[${batch}, ${time}]`,
        `expected at most ${this.config.context} positions (the context)`,
      );
    return tf.tidy(() => {
      const ids2d = (tokens.dtype === "int32" ? tokens : tf.cast(tokens, "int32")) as tf.Tensor2D;
      const ids = tf.reshape(ids2d, [batch * time]) as tf.Tensor1D;
      let embedded = embeddingLookup(this.tokenEmbedding, ids);
      if (this.tokenShift !== undefined)
        embedded = tf.add(
          embedded,
          tokenShiftEmbedding(this.tokenShift, shiftRight(ids2d, 1), shiftRight(ids2d, 2)),
        ) as tf.Tensor2D;
      const x = addPositions(embedded, this.positionEmbedding, batch, time);
      const attention: BlockAttention = (q, k, v) => causalAttention(q, k, v, batch, time, this.config.heads);
      return this.head(this.blocks.reduce((h, block) => transformerBlock(h, block, this.config.normEps, attention), x));
    });
  }

  /**
   * Logits [targets, vocab] at the target columns of a packed prefix tree (`packPrefixTree`): row k predicts
   * `targetTokens[k]`. Each column attends to its ancestors only and takes its own position and token-shift ids,
   * so every packed sequence gets the logits `forward` gives it alone; the output layer runs on the target columns
   * only. Differentiable. `inference`: no gradient will be taken, so with setLastBlockAtTargets on (the default) the
   * last block runs at the target columns only (transformerBlockAt, treeTargetAttention) and RMSNorm as one kernel:
   * the same logits bit for bit.
   */
  forwardTree(packed: PackedPrefixTree, options: { inference?: boolean } = {}): tf.Tensor2D {
    this.assertLive();
    const { batch, time } = packed;
    for (const p of packed.positions)
      if (p >= this.config.context)
        throw new InvalidArgumentError("packed.positions", p, `expected positions below ${this.config.context}`);
    return tf.tidy(() => {
      const ids = tf.tensor1d(packed.ids, "int32");
      let embedded = embeddingLookup(this.tokenEmbedding, ids);
      if (this.tokenShift !== undefined)
        embedded = tf.add(
          embedded,
          tokenShiftEmbedding(
            this.tokenShift,
            tf.tensor1d(packed.previous, "int32"),
            tf.tensor1d(packed.beforePrevious, "int32"),
          ),
        ) as tf.Tensor2D;
      const x = tf.add(
        embedded,
        embeddingLookup(this.positionEmbedding, tf.tensor1d(packed.positions, "int32")),
      ) as tf.Tensor2D;
      const bias = tf.tensor3d(packed.bias, [batch, time, time]);
      const quads = Math.ceil(time / 4);
      const tiles = tf.tensor3d(visibleTiles(packed.bias, batch, time), [batch, quads, quads], "int32");
      const attention: BlockAttention = (q, k, v) =>
        causalAttention(q, k, v, batch, time, this.config.heads, bias, tiles);
      if (options.inference === true && lastBlockAtTargets()) {
        const last = this.blocks.length - 1;
        const trunk = this.blocks
          .slice(0, last)
          .reduce((h, block) => transformerBlock(h, block, this.config.normEps, attention, true), x);
        const targets = treeTargetAttention(packed, this.config.heads);
        const block = this.blocks[last] as TransformerBlockWeights;
        return this.head(transformerBlockAt(trunk, block, this.config.normEps, packed.targetRows, targets), true);
      }
      if (options.inference !== true && this.trainAtTargets(batch)) {
        const last = this.blocks.length - 1;
        const trunk = this.blocks
          .slice(0, last)
          .reduce((h, block) => transformerBlock(h, block, this.config.normEps, attention), x);
        const { columns, index } = distinctColumns(packed.targetRows);
        const block = this.blocks[last] as TransformerBlockWeights;
        const targets = treeTargetAttentionGrad(packed, this.config.heads, columns);
        const out = transformerBlockAtRows(trunk, block, this.config.normEps, columns, targets);
        return this.head(selectRows(out, index));
      }
      const hidden = this.blocks.reduce((h, block) => transformerBlock(h, block, this.config.normEps, attention), x);
      return this.head(selectRows(hidden, packed.targetRows));
    });
  }

  /**
   * Whether a train step over `batch` packed rows runs its last block at the target columns only
   * (setTrainLastBlockAtTargets): where its gradients equal every column's bit for bit, i.e. the dense layers'
   * backward products on the SIMD kernel's tiled module and attention's products batched (more than one row or head).
   */
  private trainAtTargets(batch: number): boolean {
    return (
      trainLastBlockAtTargets() &&
      batch * this.config.heads > 1 &&
      simdMatMulSettings().linearGradients &&
      simdBlockEndsAvailable()
    );
  }

  /** `forward` shaped [batch, time, vocab]. */
  logits(tokens: tf.Tensor2D): tf.Tensor3D {
    return tf.tidy(() => tf.reshape(this.forward(tokens), [tokens.shape[0], tokens.shape[1], this.config.vocabSize]));
  }

  /**
   * Runs left-padded prompts through the model and returns a KV cache positioned after them, plus
   * the logits [batch, vocab] for the next token of each row. Rows are the prompts, each at least
   * one token; padding is masked out of attention and positions restart at each row's first token.
   */
  prefill(prompts: readonly (readonly number[])[]): { cache: KvCache; logits: tf.Tensor2D } {
    this.assertLive();
    this.checkPrompts(prompts);
    const batch = prompts.length;
    const time = Math.max(...prompts.map((p) => p.length));
    const pads = prompts.map((p) => time - p.length);
    const ids = new Int32Array(batch * time);
    const positions = new Int32Array(batch * time);
    // token shift: the tokens one and two back within each row's prompt, -1 before its start
    const previous = new Int32Array(batch * time).fill(-1);
    const beforePrevious = new Int32Array(batch * time).fill(-1);
    const bias = new Float32Array(batch * time * time);
    for (let r = 0; r < batch; r++) {
      const prompt = prompts[r]!;
      const pad = pads[r]!;
      for (let c = 0; c < time; c++) {
        ids[r * time + c] = c < pad ? 0 : prompt[c - pad]!;
        positions[r * time + c] = Math.max(0, c - pad);
        previous[r * time + c] = prompt[c - pad - 1] ?? -1;
        beforePrevious[r * time + c] = prompt[c - pad - 2] ?? -1;
        for (let j = 0; j < time; j++) {
          if (j > c || j < pad) bias[(r * time + c) * time + j] = -1e9;
        }
      }
    }
    const cached: AttentionKeysValues[] = [];
    const logits = tf.tidy(() => {
      const x = this.embedAt(ids, positions, previous, beforePrevious);
      return this.head(this.runLastColumn(x, undefined, bias, batch, time, time, cached), true);
    });
    const keyValid: boolean[][] = pads.map((pad) => Array.from({ length: time }, (_, c) => c >= pad));
    const nextPositions = prompts.map((p) => p.length);
    const recentTokens = prompts.map((p): [number, number] => [p[p.length - 1]!, p[p.length - 2] ?? -1]);
    return {
      cache: new KvCache(
        cached.map((c) => c.keys),
        cached.map((c) => c.values),
        keyValid,
        nextPositions,
        recentTokens,
      ),
      logits,
    };
  }

  /**
   * `prefill` that reuses the keys and values of earlier prompts (docs/design.md §4): each prompt looks up the held
   * prompt sharing its longest prefix in `prefixes` and runs only the tokens after it (at least its last token), at
   * their own positions, attending to the held prefix; then it is held itself. Rows are laid out [left-padded held
   * prefix | left-padded new tokens], padding masked out, so the returned cache decodes exactly as `prefill`'s.
   * The same logits as `prefill` to float rounding, since a position's keys and values depend only on the tokens up
   * to it. `prefixes` must have been filled under the current weights.
   */
  prefillCached(
    prompts: readonly (readonly number[])[],
    prefixes: PrefixCache,
  ): { cache: KvCache; logits: tf.Tensor2D; reused: number } {
    this.assertLive();
    this.checkPrompts(prompts);
    prefixes.reserve(prompts.reduce((n, p) => n + p.length, 0));
    const layout = cachedPrefillLayout(prompts, prefixes);
    const { batch, pastWidth, time } = layout;
    const { width: d, heads } = this.config;
    const headWidth = d / heads;
    const cached: AttentionKeysValues[] = [];
    const fresh = { keys: [] as tf.Tensor2D[], values: [] as tf.Tensor2D[] };
    const logits = tf.tidy(() => {
      let past: KvCache | undefined;
      let pool: PoolLayers | undefined;
      if (pastWidth > 0 && prefillQkvProductAvailable()) {
        // the held prefix's rows are gathered and split into heads by each block's prefillHeads kernel
        const pools = prefixes.pools();
        pool = { keys: pools.keys, values: pools.values, rows: layout.pastRows, width: pastWidth };
      } else if (pastWidth > 0) {
        const pools = prefixes.pools();
        const split = (pool: tf.Tensor2D, perm: number[], shape: [number, number, number]) =>
          tf.reshape(
            tf.transpose(tf.reshape(gatherRows(pool, layout.pastRows), [batch, pastWidth, heads, headWidth]), perm),
            shape,
          );
        past = new KvCache(
          pools.keys.map((k) => split(k, [0, 2, 3, 1], [batch * heads, headWidth, pastWidth]) as tf.Tensor3D),
          pools.values.map((v) => split(v, [0, 2, 1, 3], [batch * heads, pastWidth, headWidth]) as tf.Tensor3D),
          [],
          [],
        );
      }
      const x = this.embedAt(layout.ids, layout.positions, layout.previous, layout.beforePrevious);
      return this.head(
        this.runLastColumn(x, past, layout.bias, batch, time, pastWidth + time, cached, fresh, pool),
        true,
      );
    });
    const start = prefixes.append(fresh.keys, fresh.values);
    prompts.forEach((prompt, r) => {
      const rows = new Int32Array(prompt.length);
      const held = layout.held[r]!;
      rows.set(layout.heldRows[r]!);
      for (let i = held; i < prompt.length; i++) rows[i] = start + r * time + (time - prompt.length + i);
      prefixes.remember(prompt, rows);
    });
    const cache = new KvCache(
      cached.map((c) => c.keys),
      cached.map((c) => c.values),
      layout.keyValid,
      prompts.map((p) => p.length),
      prompts.map((p): [number, number] => [p[p.length - 1]!, p[p.length - 2] ?? -1]),
    );
    return { cache, logits, reused: layout.held.reduce((a, b) => a + b, 0) };
  }

  /**
   * Feeds one token per row through the model using (and extending) the cache; returns the logits
   * [batch, vocab] for the following token. The cache is updated in place.
   */
  decodeStep(cache: KvCache, tokens: ArrayLike<number>): tf.Tensor2D {
    this.assertLive();
    const batch = cache.batch;
    if (tokens.length !== batch)
      throw new InvalidArgumentError("tokens", `${tokens.length} tokens`, `expected one per row (${batch})`);
    for (const p of cache.nextPositions) {
      if (p >= this.config.context)
        throw new InvalidArgumentError(
          "cache",
          `position ${p}`,
          `expected room in the context (${this.config.context})`,
        );
    }
    const length = cache.length + 1;
    // room to append in place (setDecodeCacheInPlace): one copy for the next 32 steps instead of one each step
    if (decodeCacheInPlaceAvailable()) cache.makeRoom(Math.max(length, Math.min(this.config.context, length + 31)));
    const bias = new Float32Array(batch * length);
    cache.keyValid.forEach((valid, r) => {
      valid.forEach((ok, j) => {
        if (!ok) bias[r * length + j] = -1e9;
      });
    });
    const cached: AttentionKeysValues[] = [];
    const logits = tf.tidy(() => {
      const x = this.embedAt(
        Int32Array.from(tokens),
        Int32Array.from(cache.nextPositions),
        Int32Array.from(cache.recentTokens, (recent) => recent[0]),
        Int32Array.from(cache.recentTokens, (recent) => recent[1]),
      );
      const biasT = tf.tensor4d(bias, [batch, 1, 1, length]);
      return this.head(this.runCached(x, cache, biasT, batch, 1, cached), true);
    });
    cache.replace(
      cached.map((c) => c.keys),
      cached.map((c) => c.values),
      tokens,
    );
    return logits;
  }

  /**
   * Inputs of flat token ids at their position ids (inference: gathers): token embedding, plus with
   * token shift the embeddings of the `previous` and `beforePrevious` tokens (-1: none), plus the
   * position embedding, summed in the order `forward` sums them; in one kernel where embedAtRows runs (the same values
   * bit for bit).
   */
  private embedAt(
    ids: Int32Array,
    positions: Int32Array,
    previous: Int32Array,
    beforePrevious: Int32Array,
  ): tf.Tensor2D {
    const tables = { token: this.tokenEmbedding, position: this.positionEmbedding };
    const rows = embedAtRows(this.tokenShift === undefined ? tables : { ...tables, shift: this.tokenShift }, {
      ids,
      positions,
      previous,
      beforePrevious,
    });
    if (rows !== undefined) return rows;
    let embedded = gatherRows(this.tokenEmbedding, ids);
    if (this.tokenShift !== undefined)
      embedded = tf.add(
        embedded,
        tokenShiftEmbedding(this.tokenShift, tf.tensor1d(previous, "int32"), tf.tensor1d(beforePrevious, "int32")),
      ) as tf.Tensor2D;
    return tf.add(embedded, gatherRows(this.positionEmbedding, positions)) as tf.Tensor2D;
  }

  /**
   * runCached's output at each row's last new position [batch, width], from the bias [batch, 1, time, length] as
   * plain values: with setLastBlockAtTargets on, the last block's queries and everything after them run at that
   * column only (transformerBlockAt; every keys and values as before), the same values bit for bit.
   */
  private runLastColumn(
    x: tf.Tensor2D,
    cache: KvCache | undefined,
    bias: Float32Array,
    batch: number,
    time: number,
    length: number,
    cached: AttentionKeysValues[],
    fresh?: { keys: tf.Tensor2D[]; values: tf.Tensor2D[] },
    pool?: PoolLayers,
  ): tf.Tensor2D {
    const { width: d } = this.config;
    const biasT = tf.tensor4d(bias, [batch, 1, time, length]);
    if (!lastBlockAtTargets() || time === 1) {
      const out = this.runCached(x, cache, biasT, batch, time, cached, fresh, this.blocks.length, pool);
      return tf.reshape(tf.slice(tf.reshape(out, [batch, time, d]), [0, time - 1, 0], [batch, 1, d]), [
        batch,
        d,
      ]) as tf.Tensor2D;
    }
    const last = this.blocks.length - 1;
    const rows = Int32Array.from({ length: batch }, (_, r) => r * time + time - 1);
    const lastBias = new Float32Array(batch * length);
    for (let r = 0; r < batch; r++)
      lastBias.set(bias.subarray(((r + 1) * time - 1) * length, (r + 1) * time * length), r * length);
    const lastBiasT = tf.tensor4d(lastBias, [batch, 1, 1, length]);
    const trunk = this.runCached(x, cache, biasT, batch, time, cached, fresh, last, pool);
    const block = this.blocks[last] as TransformerBlockWeights;
    if (cache === undefined && prefillQkvProductAvailable()) {
      // a prefill: its last block's k and v as one product, the queries at the read columns apart, and one kernel
      const fused: NormedAttention = {
        fromNormed: (h) =>
          this.attendProduct(tf.matMul(h, this.qkvWeights(last, false)) as tf.Tensor2D, cached, fresh, {
            past: poolLayer(pool, last),
            q: linear(gatherRows(h, rows), block.q),
            bias: lastBiasT,
            batch,
            heads: this.config.heads,
            fresh: fresh !== undefined,
          }),
      };
      return transformerBlockAt(trunk, block, this.config.normEps, rows, fused);
    }
    const past = cache === undefined ? undefined : { keys: cache.keys[last]!, values: cache.values[last]! };
    const attention: BlockAttention = (q, k, v) => {
      const { output, cache: next } = cachedAttention(q, k, v, past, lastBiasT, batch, time, this.config.heads, 1);
      cached.push({ keys: tf.keep(next.keys), values: tf.keep(next.values) });
      fresh?.keys.push(tf.keep(k));
      fresh?.values.push(tf.keep(v));
      return output;
    };
    return transformerBlockAt(trunk, block, this.config.normEps, rows, attention);
  }

  /** cachedAttentionFromProduct's output; pushes its keys and values onto `cached` (and the new ones onto `fresh`). */
  private attendProduct(
    product: tf.Tensor2D,
    cached: AttentionKeysValues[],
    fresh: { keys: tf.Tensor2D[]; values: tf.Tensor2D[] } | undefined,
    options: Parameters<typeof cachedAttentionFromProduct>[1],
  ): tf.Tensor2D {
    const { output, cache, k, v } = cachedAttentionFromProduct(product, options);
    cached.push({ keys: tf.keep(cache.keys), values: tf.keep(cache.values) });
    if (fresh !== undefined) {
      fresh.keys.push(tf.keep(k as tf.Tensor2D));
      fresh.values.push(tf.keep(v as tf.Tensor2D));
    }
    return output;
  }

  /**
   * Every block over `time` new positions per row, attending to the cache (if any) and themselves;
   * pushes each layer's extended keys and values onto `cached`, kept out of the caller's tidy scope. `blocks`: the
   * first that many blocks only.
   */
  private runCached(
    x: tf.Tensor2D,
    cache: KvCache | undefined,
    bias: tf.Tensor4D,
    batch: number,
    time: number,
    cached: AttentionKeysValues[],
    fresh?: { keys: tf.Tensor2D[]; values: tf.Tensor2D[] },
    blocks = this.blocks.length,
    pool?: PoolLayers,
  ): tf.Tensor2D {
    return this.blocks.slice(0, blocks).reduce((h, block, layer) => {
      // a prefill: q, k and v as one product, the head splits (and the held prefix's rows) as one kernel
      if (cache === undefined && prefillQkvProductAvailable()) {
        const fused: NormedAttention = {
          fromNormed: (normed) =>
            this.attendProduct(tf.matMul(normed, this.qkvWeights(layer)) as tf.Tensor2D, cached, fresh, {
              past: poolLayer(pool, layer),
              bias,
              batch,
              heads: this.config.heads,
              fresh: fresh !== undefined,
            }),
        };
        return transformerBlock(h, block, this.config.normEps, fused, true);
      }
      const past = cache === undefined ? undefined : { keys: cache.keys[layer]!, values: cache.values[layer]! };
      const attention: BlockAttention = (q, k, v) => {
        const { output, cache: next } = cachedAttention(q, k, v, past, bias, batch, time, this.config.heads);
        cached.push({ keys: tf.keep(next.keys), values: tf.keep(next.values) });
        fresh?.keys.push(tf.keep(k));
        fresh?.values.push(tf.keep(v));
        return output;
      };
      // a decode step: q, k and v as one product and one kernel (setDecodeQkvProduct), the same values bit for bit
      // a cache held with room (decodeStep's makeRoom): this step's column written in place, the same values
      if (time === 1 && past !== undefined && fresh === undefined && cache?.held === true) {
        const qkv = this.qkvWeights(layer);
        const length = cache.length;
        const fused: NormedAttention = {
          fromNormed: (normed) => {
            const product = tf.matMul(normed, qkv) as tf.Tensor2D;
            const output = cachedAttentionInPlace(product, past, length, bias, batch, this.config.heads);
            cached.push(past);
            return output;
          },
        };
        return transformerBlock(h, block, this.config.normEps, fused, true);
      }
      if (time === 1 && past !== undefined && fresh === undefined && decodeQkvProductAvailable()) {
        const qkv = this.qkvWeights(layer);
        const fused: NormedAttention = {
          fromNormed: (normed) => {
            const product = tf.matMul(normed, qkv) as tf.Tensor2D;
            const { output, cache: next } = cachedAttentionFromQkv(product, past, bias, batch, this.config.heads);
            cached.push({ keys: tf.keep(next.keys), values: tf.keep(next.values) });
            return output;
          },
        };
        return transformerBlock(h, block, this.config.normEps, fused, true);
      }
      return transformerBlock(h, block, this.config.normEps, attention, true);
    }, x);
  }

  /**
   * Block `layer`'s q, k and v weights side by side [width, 3 * width] (`withQueries` false: k and v [width, 2 *
   * width]), held until the variables change (a train step or setWeights assigns them new data; then made anew, so the
   * number of live tensors stays the same), so XNNPACK keeps its packed operator for them across calls.
   */
  private qkvWeights(layer: number, withQueries = true): tf.Tensor2D {
    const block = this.blocks[layer] as TransformerBlockWeights;
    const parts = withQueries ? [block.q, block.k, block.v] : [block.k, block.v];
    const sources = parts.map((part) => part.dataId);
    const all = withQueries ? this.qkvHeld : this.kvHeld;
    const held = all[layer] as { sources: unknown[]; weights: tf.Tensor2D };
    if (held.sources.every((id, i) => id === sources[i])) return held.weights;
    held.weights.dispose();
    const weights = tf.keep(tf.concat(parts, 1)) as tf.Tensor2D;
    all[layer] = { sources, weights };
    return weights;
  }

  /**
   * Final RMSNorm and the output layer tied to the token embedding: logits [rows, vocab]. `inference` (no gradient):
   * the embedding's transpose is the one held since the embedding last changed (headWeights), so XNNPACK keeps its
   * packed operator across calls instead of packing a fresh transpose each time; the same values bit for bit.
   */
  private head(x: tf.Tensor2D, inference = false): tf.Tensor2D {
    const weights = inference && heldHeadWeights() ? this.headWeights() : transpose2d(this.tokenEmbedding);
    return linear(rmsNorm(x, this.finalNorm, this.config.normEps, inference), weights);
  }

  /** The token embedding's transpose [width, vocab], held until the embedding changes (as qkvWeights holds). */
  private headWeights(): tf.Tensor2D {
    if (this.headHeld.source === this.tokenEmbedding.dataId) return this.headHeld.weights;
    this.headHeld.weights.dispose();
    this.headHeld = { source: this.tokenEmbedding.dataId, weights: tf.keep(transpose2d(this.tokenEmbedding)) };
    return this.headHeld.weights;
  }

  /** Current weights as plain arrays, by name (what a checkpoint stores). */
  async readWeights(): Promise<Map<string, Float32Array>> {
    this.assertLive();
    const out = new Map<string, Float32Array>();
    for (const [name, v] of this.variables) out.set(name, (await v.data()) as Float32Array);
    return out;
  }

  /** Overwrites every weight (same names and sizes as the model's). */
  setWeights(weights: ReadonlyMap<string, Float32Array>): void {
    this.assertLive();
    for (const [name, v] of this.variables) {
      const w = weights.get(name);
      if (w === undefined || w.length !== v.size)
        throw new InvalidArgumentError(
          `weights.${name}`,
          w === undefined ? undefined : `${w.length} values`,
          `expected ${v.size} values`,
        );
    }
    tf.tidy(() => {
      for (const [name, v] of this.variables) v.assign(tf.tensor(weights.get(name)!, v.shape, "float32"));
    });
  }

  /** Frees every variable; the model cannot be used afterwards. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const v of this.variables.values()) v.dispose();
    for (const held of [...this.qkvHeld, ...this.kvHeld, this.headHeld]) held.weights.dispose();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** At least one prompt, none empty, none longer than the context. */
  private checkPrompts(prompts: readonly (readonly number[])[]): void {
    if (prompts.length === 0) throw new InvalidArgumentError("prompts", prompts, "expected at least one prompt");
    prompts.forEach((p, r) => {
      if (p.length === 0) throw new InvalidArgumentError(`prompts[${r}]`, p, "expected at least one token");
    });
    const time = Math.max(...prompts.map((p) => p.length));
    if (time > this.config.context)
      throw new InvalidArgumentError(
        "prompts",
        `longest ${time} tokens`,
        `expected at most ${this.config.context} (the context)`,
      );
  }

  private assertLive(): void {
    if (this.disposed)
      throw new InvalidArgumentError("model", "disposed", "expected a live model (dispose() was called)");
  }
}

let nextModelId = 0;

/** A cached prefill's held prefix: every layer's prefix pool, and the pool rows each prompt's held columns read. */
interface PoolLayers {
  keys: readonly tf.Tensor2D[];
  values: readonly tf.Tensor2D[];
  rows: Int32Array;
  width: number;
}

/** Layer `layer`'s part of a held prefix, or undefined without one. */
function poolLayer(pool: PoolLayers | undefined, layer: number): PoolPast | undefined {
  if (pool === undefined) return undefined;
  return { keys: pool.keys[layer]!, values: pool.values[layer]!, rows: pool.rows, width: pool.width };
}

/** Token ids [batch, time] moved `by` columns right within each row, -1 in the columns vacated: [batch * time]. */
function shiftRight(ids: tf.Tensor2D, by: number): tf.Tensor1D {
  const [batch, time] = ids.shape;
  const fill = tf.fill([batch, Math.min(by, time)], -1, "int32");
  const shifted = by >= time ? fill : tf.concat([fill, tf.slice(ids, [0, 0], [batch, time - by])], 1);
  return tf.reshape(shifted, [batch * time]);
}

/**
 * Where each prompt of a cached prefill goes: `held[r]` tokens come from the prefix cache (pool rows
 * `heldRows[r]`, left-padded to `pastWidth` in `pastRows`), the rest are run, left-padded to `time`; `bias`
 * [batch, 1, time, pastWidth + time] lets each new token see its row's held prefix, its own earlier new tokens and
 * itself (a padding query sees itself only), and `keyValid` marks the real columns for the decode steps after.
 */
function cachedPrefillLayout(prompts: readonly (readonly number[])[], prefixes: PrefixCache) {
  const batch = prompts.length;
  const matches = prompts.map((p) => prefixes.longestPrefix(p));
  // at least the last token is run: its logits are the next token's
  const held = prompts.map((p, r) => Math.min(matches[r]!.length, p.length - 1));
  const heldRows = matches.map((m, r) => m.rows.subarray(0, held[r]!));
  const pastWidth = Math.max(...held);
  const time = Math.max(...prompts.map((p, r) => p.length - held[r]!));
  const width = pastWidth + time;
  const pastRows = new Int32Array(batch * pastWidth);
  const ids = new Int32Array(batch * time);
  const positions = new Int32Array(batch * time);
  const previous = new Int32Array(batch * time).fill(-1);
  const beforePrevious = new Int32Array(batch * time).fill(-1);
  const bias = new Float32Array(batch * time * width).fill(-1e9);
  const keyValid: boolean[][] = [];
  prompts.forEach((prompt, r) => {
    const h = held[r]!;
    const pad = time - (prompt.length - h);
    pastRows.set(heldRows[r]!, r * pastWidth + pastWidth - h);
    keyValid.push(Array.from({ length: width }, (_, j) => (j < pastWidth ? j >= pastWidth - h : j - pastWidth >= pad)));
    for (let c = 0; c < time; c++) {
      const at = r * time + c;
      const row = bias.subarray(at * width, (at + 1) * width);
      row[pastWidth + c] = 0;
      if (c < pad) continue;
      const i = h + c - pad;
      ids[at] = prompt[i]!;
      positions[at] = i;
      previous[at] = prompt[i - 1] ?? -1;
      beforePrevious[at] = prompt[i - 2] ?? -1;
      row.fill(0, pastWidth - h, pastWidth);
      row.fill(0, pastWidth + pad, pastWidth + c + 1);
    }
  });
  return { batch, pastWidth, time, pastRows, ids, positions, previous, beforePrevious, bias, keyValid, held, heldRows };
}

/** A packed tree's target columns once each, ascending, and where each target's column is among them. */
function distinctColumns(targetRows: Int32Array): { columns: Int32Array; index: Int32Array } {
  const columns = Int32Array.from(new Set(targetRows)).sort();
  const at = new Map<number, number>();
  columns.forEach((column, i) => at.set(column, i));
  return { columns, index: targetRows.map((column) => at.get(column) as number) };
}
