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

/** Turns a zod failure into a SchemaError naming the first failing field path and its value. */
export function schemaErrorFromZod(schema: string, error: ZodError, input: unknown): SchemaError {
  const issues: SchemaIssue[] = error.issues.map((i) => ({ path: formatPath(schema, i.path), message: i.message }));
  const first = error.issues[0];
  const path = first?.path ?? [];
  return new SchemaError(
    schema,
    formatPath(schema, path),
    valueAt(input, path),
    `${first?.message ?? "invalid"}${issues.length > 1 ? ` (and ${issues.length - 1} more issue${issues.length > 2 ? "s" : ""})` : ""}`,
    issues,
    { cause: error },
  );
}
