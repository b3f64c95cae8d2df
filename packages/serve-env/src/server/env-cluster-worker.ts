// Worker entry of startEnvCluster (a separate built file, dist/env-cluster-worker.js): waits for its options
// over IPC, serves on the shared port, reports the port, and closes gracefully when asked or signalled.
import { ClusterLedger } from "../state/cluster-ledger";
import type { ClusterMessage } from "./start-env-cluster";
import { startEnvServer, type RunningEnvServer } from "./start-env-server";

let server: RunningEnvServer | undefined;
let closing = false;

async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  await server?.close();
  process.exit(0);
}

process.on("message", (message: ClusterMessage) => {
  if (message.type === "start")
    startEnvServer(message.options, { spentLedger: new ClusterLedger() }).then(
      (s) => {
        server = s;
        process.send?.({ type: "listening", port: s.port } satisfies ClusterMessage);
      },
      (error: unknown) => {
        process.send?.({ type: "failed", message: error instanceof Error ? error.message : String(error) });
        process.exit(1);
      },
    );
  else if (message.type === "close") void close();
});
// The primary decides when to stop (Ctrl-C reaches the whole process group).
process.on("SIGINT", () => undefined);
process.on("SIGTERM", () => void close());
process.on("disconnect", () => void close());
// Messages sent before this module ran would be lost: the primary sends the options once told it is ready.
process.send?.({ type: "ready" } satisfies ClusterMessage);
