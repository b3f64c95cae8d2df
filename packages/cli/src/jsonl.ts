import { CosirError } from "@cosir/bayes";
import { stdoutWriteError } from "./stdout-write-error";
import type { Readable, Writable } from "node:stream";

/** Longest stdin line a command reads (16 MiB): a longer one is reported as that line's error, never held whole. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** A line of a stream: its 1-based number and text, or (`text` null) the byte length of a line over the limit. */
export type StreamLine = [number, string] | [number, null, number];

/**
 * Lines of a stream, in order, without loading it whole; blank lines skipped; a trailing "\r" dropped. A line
 * longer than `maxLineBytes` is not kept: it is skipped to its end and yielded as [n, null, bytes], so one huge
 * line costs bounded memory and gives one error.
 */
export async function* readLines(input: Readable, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<StreamLine> {
  let parts: Buffer[] = [];
  let length = 0;
  let skipped = 0;
  let n = 0;
  function* finish(): Generator<StreamLine> {
    n++;
    if (skipped > 0) {
      const bytes = skipped + length;
      parts = [];
      length = 0;
      skipped = 0;
      yield [n, null, bytes];
      return;
    }
    let text = Buffer.concat(parts, length).toString("utf8");
    parts = [];
    length = 0;
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (text.trim() !== "") yield [n, text];
  }
  for await (const chunk of input) {
    let buf: Buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    for (;;) {
      const nl = buf.indexOf(10);
      const piece = nl < 0 ? buf : buf.subarray(0, nl);
      if (skipped > 0 || length + piece.length > maxLineBytes) {
        skipped += length + piece.length;
        parts = [];
        length = 0;
      } else if (piece.length > 0) {
        parts.push(Buffer.from(piece));
        length += piece.length;
      }
      if (nl < 0) break;
      yield* finish();
      buf = buf.subarray(nl + 1);
    }
  }
  if (length > 0 || skipped > 0) yield* finish();
}

/** The error text of a line over the limit. */
export function lineTooLong(bytes: number, maxLineBytes = MAX_LINE_BYTES): string {
  return `line of ${bytes} bytes is longer than the ${maxLineBytes}-byte limit; skipped`;
}

/**
 * Writes one line, awaiting drain so large outputs stay bounded in memory. A stream that fails or closes first (EPIPE,
 * a destroyed stream) rejects with a one-line CosirError, never a promise that waits for ever.
 */
export async function writeLine(out: Writable, value: unknown): Promise<void> {
  const text = `${typeof value === "string" ? value : JSON.stringify(value)}\n`;
  const failed = (error: unknown) =>
    new CosirError("stdout_write_failed", stdoutWriteError(error), error === undefined ? undefined : { cause: error });
  if (out.destroyed) throw failed(out.errored ?? { code: "closed" });
  if (out.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: unknown) => {
      out.off("drain", onDrain).off("error", onError).off("close", onClose);
      if (error === undefined) resolve();
      else reject(failed(error));
    };
    const onDrain = () => settle();
    const onError = (error: unknown) => settle(error);
    const onClose = () => settle(out.errored ?? { code: "closed" });
    out.on("drain", onDrain).on("error", onError).on("close", onClose);
  });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
