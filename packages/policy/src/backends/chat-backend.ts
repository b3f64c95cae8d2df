import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import { ChatPolicy } from "../chat/chat-policy";
import { chatCompletionsUrl } from "../chat/chat-completions-url";
import { endpointClientOptions } from "../chat/endpoint-client-options";
import { endpointClient } from "../chat/endpoint-client";
import type { PolicyBackend, PolicySpec } from "./policy-backend";

/**
 * Checks that a chat endpoint answers at all (any HTTP status will do) before episodes are spent on it: an
 * unreachable one would otherwise give a table of 0% and exit 0. One line naming the --policies entry.
 */
export async function probeChatEndpoint(spec: PolicySpec, timeoutMs = 5000): Promise<void> {
  const url = chatCompletionsUrl(spec.url ?? "");
  try {
    const response = await fetch(url.replace(/\/chat\/completions$/, "/models"), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string; message?: string } };
    const why =
      e.name === "TimeoutError"
        ? `no answer in ${timeoutMs} ms`
        : (e.cause?.code ?? e.cause?.message ?? e.name ?? "error");
    throw new InvalidArgumentError(
      "--policies",
      `${spec.name}=chat:${spec.target}@${spec.url}`,
      `expected a reachable chat endpoint (${why} at ${url})`,
      { cause: error },
    );
  }
}

/**
 * `name=chat:MODEL@URL`: an OpenAI-compatible endpoint on the natural surface, through ChatPolicy over an
 * `endpointClient` (greedy unless --temperature; an unreachable endpoint stops the run). `finish` fails a run
 * whose every call failed.
 */
export const chatBackend: PolicyBackend = {
  syntax: "name=chat:MODEL@URL",
  usage: "name=chat:MODEL@URL (OpenAI-compatible endpoint, natural surface)",
  parse(arg) {
    const at = arg.lastIndexOf("@");
    return at <= 0 || at === arg.length - 1 ? undefined : { target: arg.slice(0, at), url: arg.slice(at + 1) };
  },
  describe: (spec) => `${spec.target}${spec.url !== undefined ? ` @ ${spec.url}` : ""}`,
  probe: (spec) => probeChatEndpoint(spec),
  async create(spec, { seed, endpoint: o }) {
    const client = endpointClient(endpointClientOptions(spec.url as string, spec.target, seed, o));
    return {
      policy: new ChatPolicy({ name: spec.name, client }),
      surface: "natural",
      finish() {
        if (client.calls > 0 && client.stats.failures === client.calls)
          throw new CosirError(
            "all_calls_failed",
            `every one of the ${client.calls} calls to ${spec.url} failed; the last: ${client.lastError.replace(/\s+/g, " ")}`,
          );
      },
    };
  },
};
