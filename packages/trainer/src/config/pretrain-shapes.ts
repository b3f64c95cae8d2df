import { z } from "zod";

const int = z.number().int();
const probability = z.number().min(0).max(1);
/** An inclusive integer range [lo, hi] with lo <= hi inside [min, max]. */
const range = (min: number, max: number) =>
  z
    .tuple([int.min(min).max(max), int.min(min).max(max)])
    .refine(([lo, hi]) => lo <= hi, "expected [lo, hi] with lo <= hi");

/**
 * The shapes a pretraining over shapes draws its `random` tasks from (shapeTask): each task draws every size from
 * its range, one level range from `levels`, the min aggregate with probability `minRate`, announced weights (1..5,
 * not all equal) with probability `weightsRate`, a private choice before the discussion with probability
 * `preDiscussionChoiceRate`, and a visibility uniformly in `visibility`; with probability `longRate` every size and
 * the visibility take the top of their ranges instead; with probability `totalRate` a sum task asks for its total instead. Only the `random` family: the held-out
 * families judge what the base learnt and are never drawn from. Defaults cover every held-out family's default size.
 */
export const PretrainShapesSchema = z
  .object({
    options: range(2, 26).default([2, 6]),
    attributes: range(2, 10).default([2, 8]),
    agents: range(1, 16).default([1, 5]),
    /**
     * Rounds of discussion; 0 is a choice with no discussion (each agent chooses on what it holds; with one agent,
     * the whole table: the state the soloFullInformation preservation check plays), never a pre-discussion choice.
     */
    rounds: range(0, 8).default([1, 3]),
    /** Level ranges drawn with equal odds; 0 is a level in several (the 0/1 availability and clue tables). */
    levels: z
      .array(
        z
          .tuple([int.min(-100).max(100), int.min(-100).max(100)])
          .refine(([lo, hi]) => lo < hi && hi - lo <= 9, "expected [lo, hi] with lo < hi and at most 10 levels"),
      )
      .min(1)
      .default([
        [1, 5],
        [0, 5],
        [0, 1],
        [1, 3],
      ]),
    minRate: probability.default(0.25),
    weightsRate: probability.default(0.25),
    preDiscussionChoiceRate: probability.default(0.5),
    visibility: z
      .tuple([probability, probability])
      .refine(([lo, hi]) => lo <= hi, "expected [lo, hi] with lo <= hi")
      .default([0.1, 0.5]),
    /**
     * Probability that a task takes the top of every size range and of visibility: the long prompts (bigTeam's reach
     * 250 tokens) that uniform draws almost never make, so the late position embeddings get trained too.
     */
    longRate: probability.default(0.15),
    /**
     * Probability that a task asks for a total instead of the best option (arithmetic's decision): which of
     * `candidates` values is the (weighted) sum of every cell. Only with the sum aggregate and levels from 0 up; the
     * table shrinks (options, then attributes, then the weights) until every candidate is a number word (at most 100),
     * and a task that cannot shrink that far stays an argmax. Drawn after everything else, so the other tasks are the
     * ones the same seed drew before this field existed.
     */
    totalRate: probability.default(0.15),
    /** How many candidates a total decision lists, drawn uniformly from this range (at most the totals reachable). */
    candidates: range(2, 8).default([3, 5]),
  })
  .strict();
export type PretrainShapes = z.infer<typeof PretrainShapesSchema>;
export type PretrainShapesInput = z.input<typeof PretrainShapesSchema>;
