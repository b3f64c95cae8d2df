import { schemaErrorFromZod } from "../errors/schema-error-from-zod";
import { TraceSchema, type Trace } from "./trace";

/** Parses a trace from untrusted JSON; throws a SchemaError naming the field path and its value. */
export function validateTrace(json: unknown): Trace {
  const result = TraceSchema.safeParse(json);
  if (!result.success) throw schemaErrorFromZod("trace", result.error, json);
  return result.data;
}
