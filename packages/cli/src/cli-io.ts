import type { Readable, Writable } from "node:stream";

/** Streams a command reads and writes; tests pass in-memory ones. */
export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** A `cosir` sub-command: parses its own argv, returns the exit code. */
export type CliCommand = (argv: string[], io: CliIo) => Promise<number>;
