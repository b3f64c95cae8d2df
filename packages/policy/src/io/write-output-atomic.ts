import { randomBytes } from "node:crypto";
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";

function kindOf(stats: import("node:fs").Stats): string {
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isDirectory()) return "a folder";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Checks that `path` can take an output file: its folder exists and is a folder, and the path holds nothing or a
 * regular file (never replaced: a symbolic link, a folder, a device, a pipe or a socket). Errors are one
 * InvalidArgumentError naming `field` and the path. Returns the absolute path.
 */
export function checkOutputPath(path: string, field = "path"): string {
  if (typeof path !== "string" || path.trim() === "")
    throw new InvalidArgumentError(field, path, "expected a file path");
  const target = resolve(path);
  let folder: import("node:fs").Stats;
  try {
    folder = statSync(dirname(target));
  } catch {
    throw new InvalidArgumentError(
      field,
      path,
      `expected a file in an existing folder (${dirname(target)} is missing)`,
    );
  }
  if (!folder.isDirectory())
    throw new InvalidArgumentError(field, path, `expected a file in a folder (${dirname(target)} is not a folder)`);
  let existing: import("node:fs").Stats | undefined;
  try {
    existing = lstatSync(target);
  } catch {
    existing = undefined;
  }
  if (existing !== undefined && !existing.isFile())
    throw new InvalidArgumentError(
      field,
      path,
      `is ${kindOf(existing)}; expected a regular file or nothing to replace`,
    );
  return target;
}

/**
 * Checks, leaving nothing behind, that `dir` could be made a folder for outputs: it is a writable folder, or the
 * nearest part of it that exists is one. Returns the absolute path.
 */
export function checkOutputFolder(dir: string, field = "dir"): string {
  if (typeof dir !== "string" || dir.trim() === "")
    throw new InvalidArgumentError(field, dir, "expected a folder path");
  const target = resolve(dir);
  let existing = target;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  const stats = statSync(existing);
  if (!stats.isDirectory())
    throw new InvalidArgumentError(
      field,
      dir,
      existing === target
        ? `is ${stats.isFile() ? "a file" : kindOf(stats)}; expected a folder`
        : `expected a folder that can be created (${existing} is a file)`,
    );
  try {
    accessSync(existing, constants.W_OK);
    // access() says yes to root everywhere, and /proc or a read-only mount refuse only when asked: a folder made
    // and removed at once is the one sure answer, given before any work rather than after it.
    rmdirSync(mkdtempSync(join(existing, ".cosir-probe-")));
  } catch (error) {
    const code = (error as { code?: string }).code ?? "error";
    throw new InvalidArgumentError(field, dir, `expected a writable folder (${existing} is not writable: ${code})`, {
      cause: error,
    });
  }
  return target;
}

/**
 * Makes sure `dir` is a folder outputs can be written into: creates it (and its parents) when missing, refuses a
 * path that holds something else, or a folder this process cannot write. Returns the absolute path.
 */
export function prepareOutputFolder(dir: string, field = "dir"): string {
  if (typeof dir !== "string" || dir.trim() === "")
    throw new InvalidArgumentError(field, dir, "expected a folder path");
  const target = resolve(dir);
  try {
    // Each missing folder made in turn, from the first that exists down: mkdirSync's own `recursive` loops for
    // ever on some paths (a folder under /proc).
    const missing: string[] = [];
    for (let p = target; !existsSync(p); p = dirname(p)) {
      missing.unshift(p);
      if (dirname(p) === p) break;
    }
    for (const p of missing) mkdirSync(p);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "error";
    const why = code === "EEXIST" || code === "ENOTDIR" ? "it, or a folder above it, is a file" : code;
    throw new InvalidArgumentError(field, dir, `expected a folder that can be created (${why})`, { cause: error });
  }
  const stats = statSync(target);
  if (!stats.isDirectory())
    throw new InvalidArgumentError(field, dir, `is ${stats.isFile() ? "a file" : kindOf(stats)}; expected a folder`);
  try {
    accessSync(target, constants.W_OK);
  } catch (error) {
    throw new InvalidArgumentError(field, dir, "expected a writable folder (EACCES)", { cause: error });
  }
  return target;
}

/** An output being written: `write` appends, `commit` renames it into place, `abort` removes the temporary file. */
export interface AtomicOutput {
  /** The absolute path it will have once committed. */
  readonly path: string;
  write(data: string | Uint8Array): void;
  commit(): void;
  abort(): void;
}

/**
 * Opens an output file for writing without touching `path` until `commit`: the bytes go to a new temporary file in
 * the same folder (created exclusively, so never through a link), which `commit` flushes and renames over `path`.
 * A reader, or a crash, sees the old file or the new one, never half of one. Checks `path` first (checkOutputPath).
 */
export function openOutputAtomic(path: string, field = "path"): AtomicOutput {
  const target = checkOutputPath(path, field);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temporary, "wx", 0o644);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "error";
    throw new InvalidArgumentError(field, path, `expected a writable folder (${code} creating a file beside it)`, {
      cause: error,
    });
  }
  const close = () => {
    if (fd !== undefined) {
      const open = fd;
      fd = undefined;
      closeSync(open);
    }
  };
  const fail = (error: unknown, doing: string): never => {
    try {
      close();
    } finally {
      rmSync(temporary, { force: true });
    }
    const code = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
    throw new InvalidArgumentError(field, path, `could not be ${doing} (${code})`, { cause: error });
  };
  return {
    path: target,
    write(data) {
      if (fd === undefined) throw new InvalidArgumentError(field, path, "is already committed or aborted");
      const bytes = typeof data === "string" ? Buffer.from(data) : data;
      try {
        let offset = 0;
        while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      } catch (error) {
        fail(error, "written");
      }
    },
    commit() {
      if (fd === undefined) throw new InvalidArgumentError(field, path, "is already committed or aborted");
      try {
        fsyncSync(fd);
        close();
        // Checked again: something may have appeared at the path while the output was written.
        checkOutputPath(target, field);
        renameSync(temporary, target);
      } catch (error) {
        if (error instanceof InvalidArgumentError) {
          rmSync(temporary, { force: true });
          throw error;
        }
        fail(error, "renamed into place");
      }
    },
    abort() {
      try {
        close();
      } finally {
        rmSync(temporary, { force: true });
      }
    },
  };
}

/**
 * Writes `data` to `path` atomically (openOutputAtomic, then commit); refuses a path that holds anything but a
 * regular file. Returns the absolute path.
 */
export function writeOutputAtomic(path: string, data: string | Uint8Array, field = "path"): string {
  const out = openOutputAtomic(path, field);
  try {
    out.write(data);
  } catch (error) {
    out.abort();
    throw error;
  }
  out.commit();
  return out.path;
}
