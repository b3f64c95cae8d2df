import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";

/** Lines of a stream, in order, without loading it whole; blank lines skipped. Yields [lineNumber, text]. */
export async function* readLines(input: Readable): AsyncGenerator<[number, string]> {
  const rl = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    n++;
    if (line.trim() === "") continue;
    yield [n, line];
  }
}

/** Writes one line, awaiting drain so large outputs stay bounded in memory. */
export async function writeLine(out: Writable, value: unknown): Promise<void> {
  const text = `${typeof value === "string" ? value : JSON.stringify(value)}\n`;
  if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", resolve));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
