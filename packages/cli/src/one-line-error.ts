import { CosirError } from "@cosir/bayes";

/** What the operating system said, in words a user acts on (the errno code stays beside it). */
const ERRNO_WORDS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "is a folder",
  ENOTDIR: "a part of the path is not a folder",
  EEXIST: "already exists",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EMFILE: "too many open files",
  EADDRINUSE: "address already in use",
  EADDRNOTAVAIL: "address not available on this machine",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name lookup failed",
  ECONNREFUSED: "connection refused",
  EXDEV: "cannot rename across devices",
  ENAMETOOLONG: "name too long",
  ELOOP: "too many symbolic links",
  ERR_STRING_TOO_LONG: "input too large to hold as one string",
};

interface SystemErrorLike {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
  dest?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
}

/** The first line of a message, without trailing whitespace. */
function firstLine(text: string): string {
  return (text.split("\n")[0] ?? "").trimEnd();
}

/**
 * One line for any error a command throws: a CosirError as `Name: message`, an operating-system error as
 * what it did, to which file or address, and why (`cannot open /x/y: EACCES (permission denied)`), anything
 * else as its message. With `debug` (COSIR_DEBUG=1) the stack and the cause chain follow on later lines.
 */
export function oneLineError(error: unknown, debug = false): string {
  const line = describe(error);
  if (!debug) return line;
  const parts = [line];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    parts.push(depth === 0 ? (current.stack ?? "") : `caused by: ${current.stack ?? current.message}`);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join("\n");
}

function describe(error: unknown): string {
  if (error instanceof CosirError) return `${error.name}: ${firstLine(error.message)}`;
  if (error instanceof Error) {
    const sys = error as SystemErrorLike;
    if (typeof sys.code === "string") {
      const words = ERRNO_WORDS[sys.code];
      const why = words !== undefined ? `${sys.code} (${words})` : sys.code;
      const target =
        typeof sys.path === "string"
          ? `${sys.path}${typeof sys.dest === "string" ? ` -> ${sys.dest}` : ""}`
          : typeof sys.hostname === "string"
            ? sys.hostname
            : typeof sys.address === "string"
              ? `${sys.address}${typeof sys.port === "number" ? `:${sys.port}` : ""}`
              : undefined;
      if (target !== undefined && typeof sys.syscall === "string") return `cannot ${sys.syscall} ${target}: ${why}`;
      if (target !== undefined) return `${target}: ${why}`;
      return `${firstLine(error.message.replace(/^[A-Z_]+: /, ""))} (${sys.code})`;
    }
    if (error instanceof RangeError && /Invalid string length|Array buffer allocation failed/.test(error.message))
      return `out of memory building the output (${error.message}); ask for less`;
    return `${error.name}: ${firstLine(error.message)}`;
  }
  return firstLine(String(error));
}

/** True when COSIR_DEBUG asks for stack traces. */
export function debugErrors(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.COSIR_DEBUG;
  return v !== undefined && v !== "" && v !== "0" && v.toLowerCase() !== "false";
}
