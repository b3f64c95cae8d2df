import type { EnvServerOptions } from "../options/env-server-options";
import { createEnvServer, type EnvServer, type EnvServerHooks } from "./create-env-server";

export interface RunningEnvServer extends EnvServer {
  /** e.g. `http://127.0.0.1:8000` */
  url: string;
  port: number;
  /**
   * Stops accepting, gives in-flight requests `drainSeconds` to finish, then cancels what is left and frees
   * the port (see EnvServer.close).
   */
  close(): Promise<void>;
}

/** Creates the service and listens (127.0.0.1 by default). */
export async function startEnvServer(
  options: EnvServerOptions = {},
  hooks: EnvServerHooks = {},
): Promise<RunningEnvServer> {
  const server = createEnvServer(options, hooks);
  await server.app.listen({ host: server.options.host, port: server.options.port });
  // A listening server starts its scoring threads before its first request arrives.
  server.scoring.warm();
  const address = server.app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : server.options.port;
  const host = server.options.host.includes(":") ? `[${server.options.host}]` : server.options.host;
  return { ...server, url: `http://${host}:${port}`, port, close: server.close };
}
