import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { InvalidArgumentError } from "@cosir/bayes";
import { scriptedHiddenBenchHandler } from "./scripted-hidden-bench-handler";
import type {
  ScriptedHiddenBenchCall,
  ScriptedHiddenBenchServer,
  ScriptedHiddenBenchServerOptions,
} from "./scripted-hidden-bench-types";

/**
 * A local OpenAI-compatible chat server on 127.0.0.1 that plays HiddenBench agents with a known
 * behaviour and logs every call, so tests and measurements can recount a report's figures from what
 * the server itself answered. It recognises the task by its description and the facts an agent holds
 * by their text in the system message, so it works under either protocol (matchScriptedTask); the
 * replies are scriptedHiddenBenchReply's, the request handling scriptedHiddenBenchHandler's.
 */
export function scriptedHiddenBenchServer(opts: ScriptedHiddenBenchServerOptions): Promise<ScriptedHiddenBenchServer> {
  if (!Array.isArray(opts?.tasks) || opts.tasks.length === 0)
    throw new InvalidArgumentError("tasks", opts?.tasks, "expected a non-empty list of HiddenBench tasks");
  const log: ScriptedHiddenBenchCall[] = [];
  const server = createServer(scriptedHiddenBenchHandler(opts, log));
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        log,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}
