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
 * the visibility take the top of their ranges instead. Only the `random` family: the held-out
 * families judge what the base learnt and are never drawn from. Defaults cover every held-out family's default size.
 */
export const PretrainShapesSchema = z
  .object({
    options: range(2, 26).default([2, 6]),
    attributes: range(2, 10).default([2, 8]),
    agents: range(1, 16).default([1, 5]),
    rounds: range(1, 8).default([1, 3]),
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
  })
  .strict();
export type PretrainShapes = z.infer<typeof PretrainShapesSchema>;
export type PretrainShapesInput = z.input<typeof PretrainShapesSchema>;
