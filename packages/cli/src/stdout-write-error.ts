/**
 * The one line a failed write to stdout ends with (EPIPE from a reader that went away, a full disk ...): the output
 * is incomplete, so the command failed, whatever it computed.
 */
export function stdoutWriteError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return `could not write to stdout (${typeof code === "string" ? code : "error"}); the output is incomplete`;
}
