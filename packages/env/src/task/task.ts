import { z } from "zod";

/** Version of the Task JSON; bumped on any incompatible change. */
export const TASK_VERSION = 1 as const;

const int = z.number().int();

export const DomainSchema = z.object({
  /** Vocabulary name, e.g. "restaurants". */
  name: z.string().min(1),
  /** What one option is called, singular ("restaurant"). */
  optionNoun: z.string().min(1),
  /** Display names of the options (length = options). */
  options: z.array(z.string().min(1)),
  /** Display names of the attributes (length = attributes). */
  attributes: z.array(z.string().min(1)),
});
export type Domain = z.infer<typeof DomainSchema>;

export const DecisionSchema = z.discriminatedUnion("kind", [
  /** The answer is the option (table row) with the unique maximum score under `aggregate`. */
  z.object({ kind: z.literal("argmax") }),
  /** The answer is the candidate equal to the weighted sum of all cells of the single-row table. */
  z.object({ kind: z.literal("total"), candidates: z.array(int).min(2) }),
]);
export type Decision = z.infer<typeof DecisionSchema>;

/**
 * A task (docs/design.md §2): the structure, the true table, the team and who sees what.
 * Cells are indexed row-major: cell = option * attributes + attribute.
 */
export const TaskSchema = z
  .object({
    version: z.literal(TASK_VERSION),
    id: z.string().min(1),
    family: z.string().min(1),
    seed: int,
    options: int.min(1).max(64),
    attributes: int.min(1).max(64),
    levels: z.tuple([int, int]),
    aggregate: z.enum(["sum", "min"]),
    weights: z.array(int.min(1).max(1000)),
    prior: z.array(z.number().finite().nonnegative()),
    decision: DecisionSchema,
    /** True table r(o, a), options x attributes. */
    table: z.array(z.array(int)),
    /** Index of the correct answer (option for argmax, candidate for total). */
    correct: int.min(0),
    agents: int.min(1).max(16),
    /** For each agent, the sorted cell indices it sees. */
    visibility: z.array(z.array(int.min(0))),
    /** Channel noise eps for teammates' claims (docs/design.md §1). */
    noise: z.number().min(0).max(0.5),
    /** Discussion rounds; each agent speaks once per round. */
    rounds: int.min(0).max(64),
    /** Whether agents make a private choice before the discussion. */
    preDiscussionChoice: z.boolean(),
    /** Whether the attribute weights are told to the agents (weighted-decision families). */
    weightsAnnounced: z.boolean(),
    domain: DomainSchema,
  })
  .superRefine((t, ctx) => {
    const [lo, hi] = t.levels;
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    if (hi <= lo) issue(["levels"], `expected lo < hi, got [${lo}, ${hi}]`);
    if (t.weights.length !== t.attributes)
      issue(["weights"], `expected ${t.attributes} weights, got ${t.weights.length}`);
    if (t.prior.length !== hi - lo + 1) issue(["prior"], `expected ${hi - lo + 1} numbers, got ${t.prior.length}`);
    if (t.table.length !== t.options) issue(["table"], `expected ${t.options} rows, got ${t.table.length}`);
    t.table.forEach((row, o) => {
      if (row.length !== t.attributes) issue(["table", o], `expected ${t.attributes} levels, got ${row.length}`);
      row.forEach((v, a) => {
        if (v < lo || v > hi) issue(["table", o, a], `expected a level in ${lo}..${hi}, got ${v}`);
      });
    });
    const answers = t.decision.kind === "argmax" ? t.options : t.decision.candidates.length;
    if (t.correct >= answers) issue(["correct"], `expected an answer index below ${answers}, got ${t.correct}`);
    if (t.visibility.length !== t.agents)
      issue(["visibility"], `expected ${t.agents} agents, got ${t.visibility.length}`);
    t.visibility.forEach((cells, i) =>
      cells.forEach((c, j) => {
        if (c >= t.options * t.attributes)
          issue(["visibility", i, j], `expected a cell below ${t.options * t.attributes}, got ${c}`);
      }),
    );
    if (t.domain.options.length !== t.options)
      issue(["domain", "options"], `expected ${t.options} names, got ${t.domain.options.length}`);
    if (t.domain.attributes.length !== t.attributes)
      issue(["domain", "attributes"], `expected ${t.attributes} names, got ${t.domain.attributes.length}`);
  });
export type Task = z.infer<typeof TaskSchema>;

/** What every agent may know about a task: everything but the table, the answer and others' visibility. */
export type PublicTask = Omit<Task, "table" | "correct" | "visibility">;
