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
        message: `expected one of possible_answers, got ${JSON.stringify(t.correct_answer)}`,
      });
    }
  });
export type HiddenBenchTask = z.infer<typeof HiddenBenchTaskSchema>;

/**
 * Reads HiddenBench tasks from a user-given JSON file: a list of tasks, or an object with a `tasks` list.
 * Throws an InvalidConfigError naming the task index and field on the first invalid task.
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
  return list.map((item, k) => {
    const r = HiddenBenchTaskSchema.safeParse(item);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new InvalidConfigError(
        `hiddenBench[${k}].${issue?.path.join(".") ?? ""}`,
        item,
        issue?.message ?? "invalid task",
      );
    }
    return r.data;
  });
}
