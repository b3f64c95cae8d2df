#!/usr/bin/env node
import { main } from "./main";
import { debugErrors, oneLineError } from "./one-line-error";
import { stdoutWriteError } from "./stdout-write-error";

// Whatever escapes a command (an error emitted on a stream, a rejected promise nobody awaited) still ends as
// one line and exit 1; the stack only with COSIR_DEBUG=1.
const fail = (error: unknown) => {
  process.stderr.write(`cosir: ${oneLineError(error, debugErrors())}\n`);
  process.exit(1);
};
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
// A write error on stdout is an error, never output silently lost: EPIPE (the reader went away, `cosir generate |
// head`), EBADF, a full disk. One line and exit 1, like any other failure.
process.stdout.on("error", (error) => {
  process.stderr.write(`cosir: ${stdoutWriteError(error)}\n`);
  process.exit(1);
});

main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
}, fail);
