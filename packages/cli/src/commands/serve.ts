import { resolve } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import { type RunningChatServer, startChatServer } from "@cosir/serve-env";
import type { CliCommand, CliIo } from "../cli-io";
import { intFlag, parseFlags } from "../flags";
import { listenError } from "../listen-error";

const USAGE = `usage: cosir serve --checkpoint DIR [--port 8000] [--host 127.0.0.1] [--max-tokens 32]
                   [--max-concurrency 8] [--max-body-bytes 1048576] [--seed 0] [--log]
Serves a tfjs policy checkpoint over the OpenAI-compatible chat API until SIGINT or SIGTERM:
  POST /v1/chat/completions  GET /v1/models  GET /health
The model reads canonical text: the last user message must be the canonical observation
(ChatPolicy with surface "canonical" sends exactly that). Binds 127.0.0.1 unless --host says otherwise.
`;

/**
 * `cosir serve`: a checkpoint behind /v1/chat/completions: @cosir/policy/tfjs's loadChatCheckpoint (the model as
 * a chat responder) composed with @cosir/serve-env's startChatServer (the HTTP side).
 */
export const serveCommand: CliCommand = (argv, io) => runServe(argv, io, untilSignal());

/** The command with its stop condition given (tests pass a promise they resolve). */
export async function runServe(argv: string[], io: CliIo, stop: Promise<string>): Promise<number> {
  const { values } = parseFlags(argv, {
    checkpoint: { type: "string" },
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
  if (typeof checkpoint !== "string" || checkpoint.trim() === "")
    throw new InvalidArgumentError(
      "--checkpoint",
      checkpoint,
      "is required: a checkpoint directory (with manifest.json)",
    );
  const host = typeof values.host === "string" ? values.host : "127.0.0.1";
  if (host.trim() === "")
    throw new InvalidArgumentError("--host", host, "expected an interface address such as 127.0.0.1");
  const options = {
    checkpoint: resolve(checkpoint),
    host,
    port: intFlag(values, "port", 8000, 0, 65535),
    maxTokens: intFlag(values, "max-tokens", 32, 1, 4096),
    maxConcurrency: intFlag(values, "max-concurrency", 8, 1, 10_000),
    maxBodyBytes: intFlag(values, "max-body-bytes", 1 << 20, 1024, 256 * 1024 * 1024),
    seed: intFlag(values, "seed", 0, 0, 2 ** 31 - 1),
    ...(values.log === true ? { log: (line: string) => io.stderr.write(`${line}\n`) } : {}),
  };
  // loaded here so that other commands never pay for tfjs
  const { loadChatCheckpoint } = await import("@cosir/policy/tfjs");
  const checkpointed = await loadChatCheckpoint(options);
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
