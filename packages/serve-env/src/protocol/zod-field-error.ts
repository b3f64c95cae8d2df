import { InvalidArgumentError } from "@cosir/bayes";
import type { ZodError } from "zod";

function formatPath(root: string, path: readonly (string | number)[]): string {
  let out = root;
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `.${p}`;
  return out;
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** Turns a zod failure on an untrusted value into an InvalidArgumentError naming the first failing field, e.g. `body.seed`. */
export function zodFieldError(root: string, error: ZodError, input: unknown): InvalidArgumentError {
  const first = error.issues[0];
  const path = first?.path ?? [];
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more issue${error.issues.length > 2 ? "s" : ""})` : "";
  return new InvalidArgumentError(formatPath(root, path), valueAt(input, path), `${first?.message ?? "invalid"}${more}`, { cause: error });
}
