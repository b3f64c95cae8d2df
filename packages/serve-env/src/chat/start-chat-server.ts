import { InvalidArgumentError } from "@cosir/bayes";
import { type ChatServer, type ChatServerOptions, createChatServer } from "./create-chat-server";

export interface StartChatServerOptions extends ChatServerOptions {
  /** TCP port; 0 picks a free one (see the returned `port`). Default 8000. */
  port?: number;
  /** Interface to listen on. Default "127.0.0.1" (this machine only). */
  host?: string;
}

export interface RunningChatServer extends ChatServer {
  /** Base URL for OpenAI-compatible clients, e.g. http://127.0.0.1:8000/v1. */
  url: string;
  port: number;
  /** Stops listening and ends open connections (the responder's model is the caller's to free). */
  close(): Promise<void>;
}

/** Creates the chat server and listens (127.0.0.1:8000 by default). */
export async function startChatServer(options: StartChatServerOptions): Promise<RunningChatServer> {
  const port = options.port ?? 8000;
  const host = options.host ?? "127.0.0.1";
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError("port", port, "expected an integer in 0..65535");
  const server = createChatServer(options);
  await server.app.listen({ host, port });
  const address = server.app.server.address();
  const bound = typeof address === "object" && address !== null ? address.port : port;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return { ...server, url: `http://${shownHost}:${bound}/v1`, port: bound, close: () => server.app.close() };
}
