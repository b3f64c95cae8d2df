import { z } from "zod";

const int = z.number().int();

/**
 * The options that name a generated task apart from its seed: the family, TaskGeneratorOptions' size fields and the
 * random family's visibility, with the bounds resolveTaskGeneratorOptions enforces. A config carries them checked
 * and typed, and `generateTask({ ...options, seed })` takes them as they are. Cross-field rules (lo < hi, a
 * family's own minimums, a known domain) stay with the generator: generate one task to check them.
 */
export const TaskOptionsSchema = z
  .object({
    family: z.string().min(1),
    options: int.min(1).max(26).optional(),
    attributes: int.min(1).max(10).optional(),
    agents: int.min(1).max(16).optional(),
    rounds: int.min(0).max(64).optional(),
    domain: z.string().optional(),
    /** Inclusive integer level range; default [1, 5]. */
    levels: z.tuple([int, int]).optional(),
    /** Probability that an agent sees a given cell (the random family; default 0.5). */
    visibility: z.number().min(0).max(1).optional(),
  })
  .strict();
export type TaskOptions = z.infer<typeof TaskOptionsSchema>;
