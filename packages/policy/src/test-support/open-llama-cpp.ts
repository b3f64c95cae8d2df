// The one place that opens llama.cpp (node-llama-cpp's prebuilt CPU binary, a dev dependency) on a GGUF: the
// comparison tests (through llama-cpp-reference) and the benchmarks (bench/hf-decoder*.mjs, from the built
// dist/test-support/open-llama-cpp.js) share these settings, so a figure and a 1e-4 comparison see one llama.cpp.
// Loaded lazily: a machine where the binary cannot load gets the reason instead of an exception.

/** What a comparison or a figure needs from llama.cpp (typed loosely so dist needs no node-llama-cpp types). */
export interface OpenedLlamaCpp {
  // biome-ignore lint/suspicious/noExplicitAny: node-llama-cpp's own classes, kept out of our public types
  llama: any;
  // biome-ignore lint/suspicious/noExplicitAny: LlamaModel
  model: any;
  // biome-ignore lint/suspicious/noExplicitAny: LlamaContext
  context: any;
  // biome-ignore lint/suspicious/noExplicitAny: LlamaContextSequence
  sequence: any;
  dispose(): Promise<void>;
}

export interface OpenLlamaCppOptions {
  /** A GGUF LoRA adapter applied at scale 1. */
  lora?: string;
  /** Context length (default 512). */
  contextSize?: number;
  /** CPU threads (default 1, as our tfjs-wasm runs). */
  threads?: number;
}

/**
 * Opens a GGUF in llama.cpp with an F32 KV cache and flash attention off (what a 1e-4 comparison needs, and the
 * same for the figures), one sequence. Returns `{ opened }` or `{ skipReason }` saying why it could not.
 */
export async function openLlamaCpp(
  ggufPath: string,
  options: OpenLlamaCppOptions = {},
): Promise<{ opened: OpenedLlamaCpp; skipReason: null } | { opened: null; skipReason: string }> {
  let llamaCpp: typeof import("node-llama-cpp");
  try {
    llamaCpp = await import("node-llama-cpp");
  } catch (error) {
    return { opened: null, skipReason: `node-llama-cpp is not installed (${(error as Error).message})` };
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
      contextSize: options.contextSize ?? 512,
      threads: options.threads ?? 1,
      flashAttention: false,
      experimentalKvCacheKeyType: "F32",
      experimentalKvCacheValueType: "F32",
      ...(options.lora !== undefined ? { lora: { adapters: [{ filePath: options.lora, scale: 1 }] } } : {}),
    });
    return {
      skipReason: null,
      opened: {
        llama,
        model,
        context,
        sequence: context.getSequence(),
        async dispose() {
          await context.dispose();
          await model.dispose();
        },
      },
    };
  } catch (error) {
    return { opened: null, skipReason: `llama.cpp's prebuilt binary could not load: ${(error as Error).message}` };
  }
}
