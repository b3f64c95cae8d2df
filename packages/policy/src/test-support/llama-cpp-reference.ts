// Test support: llama.cpp (through the node-llama-cpp dev dependency and its prebuilt CPU binary) as the
// independent reference for the Hugging Face decoders. Loaded lazily so a machine where the binary cannot load
// skips those tests with the reason instead of failing the suite. llama.cpp is opened by openLlamaCpp, shared with
// the benchmarks.

import { openLlamaCpp } from "./open-llama-cpp";

export interface LlamaReference {
  /** Token ids llama.cpp gives `text`, special and user-defined tokens parsed. */
  tokenize(text: string): number[];
  /** Full log-softmax of the next-token distribution after each prefix `tokens[0..i]`, for each i in `at`. */
  nextLogProbs(tokens: number[], at: number[]): Promise<Float64Array[]>;
  dispose(): Promise<void>;
}

export interface LoadedReference {
  reference: LlamaReference | null;
  /** Why there is no reference (the binary or model failed to load). */
  skipReason: string | null;
}

function logSoftmax(logits: Map<number, number>, vocab: number): Float64Array {
  const out = new Float64Array(vocab).fill(Number.NEGATIVE_INFINITY);
  let max = Number.NEGATIVE_INFINITY;
  for (const v of logits.values()) if (v > max) max = v;
  let sum = 0;
  for (const v of logits.values()) sum += Math.exp(v - max);
  const lse = max + Math.log(sum);
  for (const [id, v] of logits) out[id] = v - lse;
  return out;
}

/** Loads a GGUF into llama.cpp (openLlamaCpp's settings: F32 KV cache, no flash attention, one thread). */
export async function loadLlamaReference(ggufPath: string, vocab: number, lora?: string): Promise<LoadedReference> {
  const { opened, skipReason } = await openLlamaCpp(ggufPath, lora !== undefined ? { lora } : {});
  if (opened === null) return { reference: null, skipReason };
  const { model, sequence } = opened;
  return {
    skipReason: null,
    reference: {
      tokenize: (text) => [...model.tokenize(text, true)] as number[],
      async nextLogProbs(tokens, at) {
        await sequence.clearHistory();
        const wanted = new Set(at);
        const input = tokens.map((t, i) => (wanted.has(i) ? [t, { generateNext: { logits: true } }] : t));
        const results = (await sequence.controlledEvaluate(input)) as { next: { logits: Map<number, number> } }[];
        return at.map((i) => logSoftmax(results[i]!.next.logits, vocab));
      },
      dispose: () => opened.dispose(),
    },
  };
}

/** Largest |ours - llama.cpp| over the whole next-token log-prob vector at the last position of each row. */
export async function worstLogProbError(
  ours: readonly Float64Array[] | readonly Float32Array[],
  reference: LlamaReference,
  rows: readonly number[][],
): Promise<number> {
  let worst = 0;
  for (let p = 0; p < rows.length; p++) {
    const [theirs] = await reference.nextLogProbs(rows[p]!, [rows[p]!.length - 1]);
    const mine = ours[p]!;
    for (let j = 0; j < mine.length; j++) worst = Math.max(worst, Math.abs(mine[j]! - theirs![j]!));
  }
  return worst;
}
