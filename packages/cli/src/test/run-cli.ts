import { PassThrough, Readable } from "node:stream";
import { main } from "../main";

/** Runs the CLI in-process with string stdin; returns exit code and captured output. */
export async function runCli(argv: string[], stdin = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks: string[] = [];
  const errs: string[] = [];
  out.on("data", (c: Buffer) => chunks.push(c.toString()));
  err.on("data", (c: Buffer) => errs.push(c.toString()));
  const code = await main(argv, { stdin: Readable.from([stdin]), stdout: out, stderr: err });
  return { code, stdout: chunks.join(""), stderr: errs.join("") };
}

export function jsonLines(text: string): unknown[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as unknown);
}
