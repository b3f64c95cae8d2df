import { InvalidArgumentError } from "@cosir/bayes";
import { generateTask, validateTask, type Surface, type Task } from "@cosir/env";
import { z } from "zod";
import { checkTaskBudget, MAX_TASK_COST } from "./check-task-budget";
import { zodFieldError } from "./zod-field-error";

const surface = z.enum(["canonical", "natural", "tool"]);
const seat = z.number().int().min(0).max(15);

/** Size overrides a label or an episode request may give with `{family, seed}` (bounded so one request stays cheap). */
export const TaskSizeSchema = {
  options: z.number().int().min(2).max(26).optional(),
  attributes: z.number().int().min(1).max(10).optional(),
  agents: z.number().int().min(1).max(16).optional(),
  rounds: z.number().int().min(0).max(16).optional(),
  domain: z.string().min(1).max(64).optional(),
};

/**
 * What an engine's label (OpenRLHF `--data.label_key`, verl `reward_model.ground_truth`) carries, as a JSON string:
 * - `{"task": <Task JSON>, "surface"?, "agent"?}` (what `cosir export` writes),
 * - `{"family", "seed", ...size, "surface"?, "agent"?}`,
 * - or a bare Task JSON (`{"version": 1, "id": ...}`).
 * `agent` is the seat whose reward is returned as the scalar (default: the team's total).
 */
export const CosirLabelSchema = z.union([
  z.object({ task: z.unknown(), surface: surface.optional(), agent: seat.optional() }).strict(),
  z
    .object({
      family: z.string().min(1).max(64),
      seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      surface: surface.optional(),
      agent: seat.optional(),
      ...TaskSizeSchema,
    })
    .strict(),
]);

export interface ResolvedLabel {
  task: Task;
  surface: Surface;
  agent?: number;
  /** True when the task was generated from `{family, seed, ...size}` (work the compute budget counts). */
  generated?: boolean;
}

/**
 * Resolves a label (JSON string or already-parsed object) into a task; errors name `field` (e.g. `labels[3]`).
 * A client-supplied task must fit checkTaskBudget with `budget`.
 */
export function resolveCosirLabel(label: unknown, field = "label", budget: number = MAX_TASK_COST): ResolvedLabel {
  let value = label;
  if (typeof label === "string") {
    try {
      value = JSON.parse(label);
    } catch (error) {
      throw new InvalidArgumentError(field, label, "expected a JSON string holding a task or {family, seed}", {
        cause: error,
      });
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new InvalidArgumentError(field, label, "expected a JSON object holding a task or {family, seed}");
  const record = value as Record<string, unknown>;
  if ("version" in record && "table" in record)
    return { task: checkTaskBudget(validateTaskAt(record, field), field, budget), surface: "natural" };
  const parsed = CosirLabelSchema.safeParse(value);
  if (!parsed.success) throw zodFieldError(field, parsed.error, value);
  const l = parsed.data;
  const task =
    "family" in l
      ? generateAt(l, field)
      : checkTaskBudget(validateTaskAt(l.task, `${field}.task`), `${field}.task`, budget);
  if (l.agent !== undefined && l.agent >= task.agents)
    throw new InvalidArgumentError(`${field}.agent`, l.agent, `expected a seat below ${task.agents}`);
  return {
    task,
    surface: l.surface ?? "natural",
    ...(l.agent !== undefined ? { agent: l.agent } : {}),
    ...("family" in l ? { generated: true } : {}),
  };
}

function validateTaskAt(value: unknown, field: string): Task {
  try {
    return validateTask(value);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new InvalidArgumentError(field, undefined, `invalid task (${message})`, { cause: error });
  }
}

/** Generates `{family, seed, ...size}`; a bad family or size is an error naming the label field. */
export function generateAt(l: { family: string; seed: number } & Record<string, unknown>, field: string): Task {
  const { family, seed, options, attributes, agents, rounds, domain } = l as {
    family: string;
    seed: number;
    options?: number;
    attributes?: number;
    agents?: number;
    rounds?: number;
    domain?: string;
  };
  try {
    return generateTask({
      family,
      seed,
      ...(options !== undefined ? { options } : {}),
      ...(attributes !== undefined ? { attributes } : {}),
      ...(agents !== undefined ? { agents } : {}),
      ...(rounds !== undefined ? { rounds } : {}),
      ...(domain !== undefined ? { domain } : {}),
    });
  } catch (error) {
    if (error instanceof InvalidArgumentError)
      throw new InvalidArgumentError(`${field}.${error.field}`, error.value, error.expected, { cause: error });
    throw error;
  }
}
