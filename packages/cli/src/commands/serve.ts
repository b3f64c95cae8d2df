import { resolve } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import { type RunningChatServer, startChatServer } from "@cosir/serve-env";
import type { CliCommand, CliIo } from "../cli-io";
import { intFlag, parseFlags } from "../flags";
import { listenError } from "../listen-error";

const USAGE = `usage: cosir serve (--checkpoint DIR | --model DIR [--adapter DIR] [--thinking])
                   [--port 8000] [--host 127.0.0.1] [--max-tokens 32 | 256 with --model]
                   [--max-concurrency 8] [--max-body-bytes 1048576] [--seed 0] [--log]
Serves a model over the OpenAI-compatible chat API until SIGINT or SIGTERM:
  POST /v1/chat/completions  GET /v1/models  GET /health
--checkpoint: a tfjs policy checkpoint (manifest.json). It reads canonical text: the last user message must be
  the canonical observation (ChatPolicy with surface "canonical" sends exactly that).
--model: a Hugging Face folder (Qwen3 or Gemma 3 text; cosir tiny-model writes one), with an optional PEFT LoRA
  --adapter. Messages go through the model's own chat template with the request's tools and
  chat_template_kwargs (enable_thinking; --thinking makes true the default); Qwen-style <tool_call> replies come
  back as tool_calls (finish_reason "tool_calls"), a <think> block as reasoning_content.
Binds 127.0.0.1 unless --host says otherwise.
`;

/**
 * `cosir serve`: a model behind /v1/chat/completions: @cosir/policy/tfjs's loadChatCheckpoint or
 * @cosir/policy/hf's loadHfChatModel (the model as a chat responder) composed with @cosir/serve-env's
 * startChatServer (the HTTP side).
 */
export const serveCommand: CliCommand = (argv, io) => runServe(argv, io, untilSignal());

/** The command with its stop condition given (tests pass a promise they resolve). */
export async function runServe(argv: string[], io: CliIo, stop: Promise<string>): Promise<number> {
  const { values } = parseFlags(argv, {
    checkpoint: { type: "string" },
    model: { type: "string" },
    adapter: { type: "string" },
    thinking: { type: "boolean" },
    port: { type: "string" },
    host: { type: "string" },
    "max-tokens": { type: "string" },
    "max-concurrency": { type: "string" },
    "max-body-bytes": { type: "string" },
    seed: { type: "string" },
    log: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const checkpoint = values.checkpoint;
  const model = values.model;
  if (checkpoint !== undefined && model !== undefined)
    throw new InvalidArgumentError("--model", model, "serves instead of --checkpoint: give one of them");
  if (model !== undefined && (typeof model !== "string" || model.trim() === ""))
    throw new InvalidArgumentError("--model", model, "expected a Hugging Face folder (config.json, safetensors)");
  if (values.adapter !== undefined && model === undefined)
    throw new InvalidArgumentError("--adapter", values.adapter, "needs --model (a LoRA adapter of that model)");
  if (values.thinking === true && model === undefined)
    throw new InvalidArgumentError("--thinking", true, "needs --model (a chat template with enable_thinking)");
  if (model === undefined && (typeof checkpoint !== "string" || checkpoint.trim() === ""))
    throw new InvalidArgumentError(
      "--checkpoint",
      checkpoint,
      "is required: a checkpoint directory (with manifest.json), or --model DIR for a Hugging Face folder",
    );
  const host = typeof values.host === "string" ? values.host : "127.0.0.1";
  if (host.trim() === "")
    throw new InvalidArgumentError("--host", host, "expected an interface address such as 127.0.0.1");
  const options = {
    host,
    port: intFlag(values, "port", 8000, 0, 65535),
    maxTokens: intFlag(values, "max-tokens", model !== undefined ? 256 : 32, 1, model !== undefined ? 1 << 20 : 4096),
    maxConcurrency: intFlag(values, "max-concurrency", 8, 1, 10_000),
    maxBodyBytes: intFlag(values, "max-body-bytes", 1 << 20, 1024, 256 * 1024 * 1024),
    seed: intFlag(values, "seed", 0, 0, 2 ** 31 - 1),
    ...(values.log === true ? { log: (line: string) => io.stderr.write(`${line}\n`) } : {}),
  };
  // loaded here so that other commands never pay for tfjs
  const checkpointed =
    model !== undefined
      ? await (await import("@cosir/policy/hf")).loadHfChatModel({
          ...options,
          model,
          ...(typeof values.adapter === "string" ? { adapter: values.adapter } : {}),
          enableThinking: values.thinking === true,
        })
      : await (await import("@cosir/policy/tfjs")).loadChatCheckpoint({
          ...options,
          checkpoint: resolve(checkpoint as string),
        });
  let served: RunningChatServer;
  try {
    served = await startChatServer({ ...options, respond: checkpointed.respond, modelName: checkpointed.modelName });
  } catch (error) {
    checkpointed.dispose();
    throw listenError(error, host, options.port);
  }
  io.stdout.write(
    `cosir serve: ${served.modelName} on ${served.url} (POST /chat/completions, GET /models; body limit ${options.maxBodyBytes} bytes, ${options.maxConcurrency} in flight)\n`,
  );
  const reason = await stop;
  await served.close();
  checkpointed.dispose();
  io.stdout.write(`cosir serve: ${reason}, closed\n`);
  return 0;
}

function untilSignal(): Promise<string> {
  return new Promise((resolveStop) => {
    const stop = (s: NodeJS.Signals) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolveStop(s);
    };
    const onInt = () => stop("SIGINT");
    const onTerm = () => stop("SIGTERM");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
  });
}
