import { InvalidArgumentError } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { debugErrors, oneLineError } from "./one-line-error";

const errno = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe("oneLineError", () => {
  it("says what the system refused, on which file or address, and why", () => {
    expect(oneLineError(errno("x", { code: "EACCES", syscall: "open", path: "/etc/shadow" }))).toBe(
      "cannot open /etc/shadow: EACCES (permission denied)",
    );
    expect(oneLineError(errno("x", { code: "EXDEV", syscall: "rename", path: "/a", dest: "/b" }))).toBe(
      "cannot rename /a -> /b: EXDEV (cannot rename across devices)",
    );
    expect(oneLineError(errno("x", { code: "EADDRINUSE", syscall: "listen", address: "127.0.0.1", port: 80 }))).toBe(
      "cannot listen 127.0.0.1:80: EADDRINUSE (address already in use)",
    );
    expect(
      oneLineError(errno("getaddrinfo ENOTFOUND h", { code: "ENOTFOUND", syscall: "getaddrinfo", hostname: "h" })),
    ).toBe("cannot getaddrinfo h: ENOTFOUND (host name not found)");
    expect(oneLineError(new InvalidArgumentError("--n", 0, "expected 1..9"))).toBe(
      "InvalidArgumentError: --n: expected 1..9, got 0",
    );
    expect(oneLineError(new RangeError("Invalid string length"))).toMatch(/^out of memory building the output/);
    expect(oneLineError("plain")).toBe("plain");
  });

  it("is one line whatever the error says, and carries the stack only in debug mode", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("Error", "TypeError", "errno", "cosir", "string"), (message, kind) => {
        const error =
          kind === "errno"
            ? errno(message, { code: "EIO" })
            : kind === "cosir"
              ? new InvalidArgumentError("field", message, message)
              : kind === "TypeError"
                ? new TypeError(message)
                : kind === "string"
                  ? message
                  : new Error(message);
        const line = oneLineError(error);
        expect(line).not.toMatch(/\n/);
        if (error instanceof Error) expect(oneLineError(error, true)).toContain(error.stack?.split("\n")[1] ?? "");
      }),
    );
    expect(debugErrors({ COSIR_DEBUG: "1" })).toBe(true);
    expect(debugErrors({ COSIR_DEBUG: "0" })).toBe(false);
    expect(debugErrors({})).toBe(false);
  });
});
