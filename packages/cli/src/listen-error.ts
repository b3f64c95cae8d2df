import { InvalidArgumentError } from "@cosir/bayes";

/**
 * A server that could not listen, as the flag at fault: `--port` when the port is taken or not allowed, `--host`
 * when the name does not resolve or the address is not on this machine. Other errors come back unchanged.
 */
export function listenError(error: unknown, host: string, port: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "EADDRINUSE":
      return new InvalidArgumentError("--port", port, `is already in use on ${host} (EADDRINUSE)`, { cause: error });
    case "EACCES":
    case "EPERM":
      return new InvalidArgumentError("--port", port, `may not be bound by this user on ${host} (${code})`, {
        cause: error,
      });
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_FAIL":
    case "EAI_NONAME":
      return new InvalidArgumentError("--host", host, `expected a resolvable host name or an address (${code})`, {
        cause: error,
      });
    case "EADDRNOTAVAIL":
    case "EINVAL":
    case "EAFNOSUPPORT":
      return new InvalidArgumentError("--host", host, `expected an address of this machine (${code})`, {
        cause: error,
      });
    default:
      return error;
  }
}
