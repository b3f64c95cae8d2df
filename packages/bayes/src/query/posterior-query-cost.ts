import { posteriorCost } from "../budget/posterior-cost";
import type { PosteriorQuery } from "./posterior-query";

/**
 * Estimated work of answering a validated posterior query (docs/design.md §7.1): one posterior, plus for
 * each `ask` cell the posterior again under each of its L levels (expected information gain).
 */
export function posteriorQueryCost(query: PosteriorQuery): number {
  const { options, attributes, levels, aggregate, weights } = query.task;
  const one = posteriorCost({
    kind: "argmax",
    options,
    attributes,
    levels,
    aggregate,
    ...(weights !== undefined ? { weights } : {}),
  });
  const L = levels[1] - levels[0] + 1;
  return one * (1 + (query.ask?.length ?? 0) * (L + 1));
}
