import { InvalidArgumentError } from "@cosir/bayes";
import type { CliCommand } from "../cli-io";
import { intFlag, parseFlags } from "../flags";

const USAGE = `usage: cosir sample --model DIR --prompt TEXT [--system TEXT] [--adapter DIR] [--max-tokens 64]
                    [--temperature 1] [--top-p 1] [--seed 0] [--thinking] [--json]
Samples one reply from a Hugging Face folder (Qwen3 or Gemma 3 text; cosir tiny-model writes one), the prompt
rendered as a user message by the model's own chat template (enable_thinking false unless --thinking), through the
same code as cosir serve --model. Prints the reply text; --json prints the whole reply (reasoning, tool calls,
token log-probs, finish reason).
`;

function numberFlag(values: Record<string, unknown>, name: string, fallback: number, min: number, max: number) {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const v = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(v) || v < min || v > max)
    throw new InvalidArgumentError(`--${name}`, raw, `expected a number in [${min}, ${max}]`);
  return v;
}

/** `cosir sample --model DIR --prompt TEXT`: one reply from a Hugging Face checkpoint, from the command line. */
export const sampleCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    model: { type: "string" },
    adapter: { type: "string" },
    prompt: { type: "string" },
    system: { type: "string" },
    "max-tokens": { type: "string" },
    temperature: { type: "string" },
    "top-p": { type: "string" },
    seed: { type: "string" },
    thinking: { type: "boolean" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (typeof values.model !== "string" || values.model.trim() === "")
    throw new InvalidArgumentError(
      "--model",
      values.model,
      "is required: a Hugging Face folder (config.json, safetensors)",
    );
  if (typeof values.prompt !== "string")
    throw new InvalidArgumentError("--prompt", values.prompt, "is required: the user message to answer");
  const maxTokens = intFlag(values, "max-tokens", 64, 1, 1 << 20);
  const temperature = numberFlag(values, "temperature", 1, 0, 100);
  const topP = numberFlag(values, "top-p", 1, 1e-9, 1);
  const seed = intFlag(values, "seed", 0, 0, 2 ** 31 - 1);
  const { loadHfChatModel } = await import("@cosir/policy/hf");
  const chat = await loadHfChatModel({
    model: values.model,
    ...(typeof values.adapter === "string" ? { adapter: values.adapter } : {}),
    maxTokens,
    enableThinking: values.thinking === true,
  });
  try {
    const reply = await chat.respond({
      messages: [
        ...(typeof values.system === "string" ? [{ role: "system", content: values.system }] : []),
        { role: "user", content: values.prompt },
      ],
      temperature,
      topP,
      seed,
      maxTokens,
    });
    io.stdout.write(values.json === true ? `${JSON.stringify(reply)}\n` : `${reply.content}\n`);
  } finally {
    chat.dispose();
  }
  return 0;
};
