import type { IncomingMessage } from "node:http";

/**
 * After an answer sent before the request body was read (413 over the limit, 503 not admitted, 401): read
 * the rest of the body and throw it away, so a client that writes its whole body before reading (curl
 * without `Expect: 100-continue`, Python requests) gets the answer instead of a connection reset. Bounded:
 * past `maxBytes` more bytes or `maxMs`, the connection is cut. Nothing is buffered.
 */
export function discardUnreadBody(raw: IncomingMessage, maxBytes: number, maxMs: number): void {
  if (raw.complete || raw.destroyed) return;
  let read = 0;
  const cut = () => raw.socket?.destroy();
  const timer = setTimeout(cut, maxMs);
  timer.unref();
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) cut();
  };
  const stop = () => {
    clearTimeout(timer);
    raw.off("data", onData);
  };
  raw.on("data", onData);
  raw.once("end", stop);
  // The request's own 'close' comes when the answer is done, before the rest of the body: watch the socket.
  raw.socket?.once("close", stop);
  raw.resume();
}
