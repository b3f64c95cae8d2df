// Test support: llama.cpp (through the node-llama-cpp dev dependency and its prebuilt CPU binary) as the
// independent reference for the Hugging Face decoders. Loaded lazily so a machine where the binary cannot load
// skips those tests with the reason instead of failing the suite.

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

/** Loads a GGUF into llama.cpp with an F32 KV cache and no flash attention (what a 1e-4 comparison needs). */
export async function loadLlamaReference(ggufPath: string, vocab: number, lora?: string): Promise<LoadedReference> {
  let llamaCpp: typeof import("node-llama-cpp");
  try {
    llamaCpp = await import("node-llama-cpp");
  } catch (error) {
    return { reference: null, skipReason: `node-llama-cpp is not installed (${(error as Error).message})` };
  }
  try {
    const llama = await llamaCpp.getLlama({
      gpu: false,
      build: "never",
      progressLogs: false,
      logLevel: llamaCpp.LlamaLogLevel.error,
    });
    const model = await llama.loadModel({ modelPath: ggufPath });
    const context = await model.createContext({
      contextSize: 512,
      threads: 1,
      flashAttention: false,
      experimentalKvCacheKeyType: "F32",
      experimentalKvCacheValueType: "F32",
      ...(lora !== undefined ? { lora: { adapters: [{ filePath: lora, scale: 1 }] } } : {}),
    });
    const sequence = context.getSequence();
    return {
      skipReason: null,
      reference: {
        tokenize: (text) => [...model.tokenize(text, true)] as number[],
        async nextLogProbs(tokens, at) {
          await sequence.clearHistory();
          const wanted = new Set(at);
          const input = tokens.map((t, i) =>
            wanted.has(i) ? ([t, { generateNext: { logits: true } }] as const) : t,
          ) as Parameters<typeof sequence.controlledEvaluate>[0];
          const results = await sequence.controlledEvaluate(input);
          return at.map((i) => logSoftmax(results[i]!.next.logits as Map<number, number>, vocab));
        },
        async dispose() {
          await context.dispose();
          await model.dispose();
        },
      },
    };
  } catch (error) {
    return { reference: null, skipReason: `llama.cpp's prebuilt binary could not load: ${(error as Error).message}` };
  }
}
