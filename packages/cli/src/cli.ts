#!/usr/bin/env node
import { main } from "./main";
import { debugErrors, oneLineError } from "./one-line-error";

// Whatever escapes a command (an error emitted on a stream, a rejected promise nobody awaited) still ends as
// one line and exit 1; the stack only with COSIR_DEBUG=1. A closed stdout (`cosir generate | head`) ends quietly.
const fail = (error: unknown) => {
  if ((error as { code?: unknown } | null)?.code === "EPIPE") process.exit(process.exitCode ?? 0);
  process.stderr.write(`cosir: ${oneLineError(error, debugErrors())}\n`);
  process.exit(1);
};
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
process.stdout.on("error", fail);

main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
}, fail);
