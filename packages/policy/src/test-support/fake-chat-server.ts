import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A node:http server on 127.0.0.1 answering every request with `handler` (tests of the chat client). */
export async function fakeChatServer(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ url: string; hits: () => number; bodies: string[]; close: () => Promise<void> }> {
  let hits = 0;
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    hits++;
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      bodies.push(body);
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    hits: () => hits,
    bodies,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A `/chat/completions` reply body with `content`. */
export const chatReplyBody = (content: string | null, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content, ...extra }, finish_reason: "stop" }] });
