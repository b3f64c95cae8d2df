import type { Socket } from "node:net";

/** The JSON body a server answers with: `(code, message, field?)` in the server's own error shape. */
export type ClientErrorBody = (code: string, message: string, field?: string) => unknown;

/**
 * Node's HTTP parser refused the request before fastify saw it (431 headers too large, 408 too slow, 400
 * malformed): answer on the socket in the server's JSON error shape rather than node's empty reply.
 */
export function clientErrorReply(bodyOf: ClientErrorBody): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (!socket.writable) return;
    const [status, reason, code, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", "headers_too_large", "headers: larger than the server accepts"]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "Request Timeout", "request_timeout", "request: not received in time"]
          : [400, "Bad Request", "bad_request", `request: malformed HTTP (${error.code ?? "parse error"})`];
    const body = JSON.stringify(bodyOf(code, message));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
}
