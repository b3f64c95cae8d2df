import { schemaErrorFromZod } from "../errors/schema-error-from-zod";
import { TaskSchema, type Task } from "./task";

/**
 * Parses a task from untrusted JSON. Throws a SchemaError (an InvalidConfigError) whose message names
 * the field path and its value, e.g. `task.table[1][2]: expected a level in 1..5, got 9`.
 */
export function validateTask(json: unknown): Task {
  const result = TaskSchema.safeParse(json);
  if (!result.success) throw schemaErrorFromZod("task", result.error, json);
  return result.data;
}
