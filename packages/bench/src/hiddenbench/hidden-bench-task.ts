import { readFileSync } from "node:fs";
import { InvalidConfigError } from "@cosir/bayes";
import { z } from "zod";

/** One task in the public HiddenBench JSON format (snake_case fields as published). */
export const HiddenBenchTaskSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string(),
    description: z.string(),
    shared_information: z.array(z.string()),
    hidden_information: z.array(z.string()).min(1),
    possible_answers: z.array(z.string()).min(2),
    correct_answer: z.string(),
  })
  .passthrough()
  .superRefine((t, ctx) => {
    if (!t.possible_answers.includes(t.correct_answer)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["correct_answer"],
        // the value is named once, by the error that reports this issue
        message: "expected one of possible_answers",
      });
    }
  });
export type HiddenBenchTask = z.infer<typeof HiddenBenchTaskSchema>;

/**
 * Reads HiddenBench tasks from a user-given JSON file: a list of tasks, or an object with a `tasks` list.
 * Throws an InvalidConfigError naming the task index, the field and its value on the first invalid task,
 * and one for an empty list (a run of no task has no figure).
 */
export function loadHiddenBench(path: string): HiddenBenchTask[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new InvalidConfigError(
      "hiddenBench",
      path,
      `expected a readable JSON file (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const list = Array.isArray(json) ? json : (json as { tasks?: unknown } | null)?.tasks;
  if (!Array.isArray(list))
    throw new InvalidConfigError("hiddenBench", path, "expected a JSON list of tasks (or {tasks: [...]})");
  if (list.length === 0)
    throw new InvalidConfigError("hiddenBench", path, "expected at least one task, not an empty list");
  return list.map((item, k) => {
    const r = HiddenBenchTaskSchema.safeParse(item);
    if (!r.success) {
      const issue = r.error.issues[0];
      const at = issue?.path ?? [];
      // the field's own value, named once ("got" is added by the error, never by the message)
      const value = at.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | null)?.[key], item);
      throw new InvalidConfigError(
        `hiddenBench[${k}]${at.length > 0 ? `.${at.join(".")}` : ""}`,
        value,
        (issue?.message ?? "invalid task").replace(/,? (?:got|received) .*$/i, ""),
      );
    }
    return r.data;
  });
}
