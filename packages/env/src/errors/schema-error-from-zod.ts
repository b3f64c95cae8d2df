import type { ZodError } from "zod";
import { SchemaError, type SchemaIssue } from "./schema-error";

function formatPath(root: string, path: readonly (string | number)[]): string {
  let out = root;
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out === "" ? p : `.${p}`;
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

export interface ZodErrorDescription {
  /** Path of the first failing field under `root`, e.g. `task.table[1][2]` or `body.seed`. */
  field: string;
  /** The value found there in the input (undefined when missing). */
  value: unknown;
  /** The first issue's message, noting how many more there are. */
  message: string;
  issues: SchemaIssue[];
}

/** Names the first failing field of a zod failure, its value and the message: what every error built from zod says. */
export function describeZodError(root: string, error: ZodError, input: unknown): ZodErrorDescription {
  const issues: SchemaIssue[] = error.issues.map((i) => ({ path: formatPath(root, i.path), message: i.message }));
  const first = error.issues[0];
  const path = first?.path ?? [];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more issue${issues.length > 2 ? "s" : ""})` : "";
  return {
    field: formatPath(root, path),
    value: valueAt(input, path),
    message: `${first?.message ?? "invalid"}${more}`,
    issues,
  };
}

/** Turns a zod failure into a SchemaError naming the first failing field path and its value. */
export function schemaErrorFromZod(schema: string, error: ZodError, input: unknown): SchemaError {
  const d = describeZodError(schema, error, input);
  return new SchemaError(schema, d.field, d.value, d.message, d.issues, { cause: error });
}
