import { PassThrough } from "node:stream";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { clientErrorReply } from "./client-error-reply";
import { errorBody } from "./error-reply";

function reply(code: string | undefined): string {
  const socket = new PassThrough() as unknown as Socket & PassThrough;
  let written = "";
  socket.on("data", (c: Buffer) => (written += c.toString()));
  clientErrorReply(errorBody)(Object.assign(new RangeError("x"), code ? { code } : {}), socket);
  socket.read();
  return written;
}

describe("clientErrorReply", () => {
  it("answers node's parser refusals in the server's JSON error shape with a matching content-length", () => {
    const cases: [string | undefined, string, string][] = [
      ["HPE_HEADER_OVERFLOW", "431 Request Header Fields Too Large", "headers_too_large"],
      ["ERR_HTTP_REQUEST_TIMEOUT", "408 Request Timeout", "request_timeout"],
      ["HPE_INVALID_METHOD", "400 Bad Request", "bad_request"],
      [undefined, "400 Bad Request", "bad_request"],
    ];
    for (const [code, status, errorCode] of cases) {
      const text = reply(code);
      const [head, body] = text.split("\r\n\r\n") as [string, string];
      expect(head.startsWith(`HTTP/1.1 ${status}\r\n`)).toBe(true);
      expect(JSON.parse(body).error.code).toBe(errorCode);
      expect(head).toContain(`content-length: ${Buffer.byteLength(body)}`);
    }
    expect(reply(undefined)).toContain("request: malformed HTTP (parse error)");
  });
});
