import { InvalidArgumentError } from "../errors/cosir-error";
import { BudgetExceededError } from "./budget-exceeded-error";

/**
 * Cost units that take about a second on one core (3-4 ns of CPU per unit on the posterior, calibrated by
 * `pnpm --filter @cosir/bayes bench`, the posterior.cost figures): the default budget of every entry point
 * that takes untrusted input.
 */
export const DEFAULT_COMPUTE_BUDGET = 2e8;

/** Throws a BudgetExceededError when `estimate` exceeds `budget` (Infinity disables the check). */
export function checkComputeBudget(field: string, estimate: number, budget: number, what: string): void {
  if (typeof budget !== "number" || Number.isNaN(budget) || budget <= 0)
    throw new InvalidArgumentError("budget", budget, "expected a positive number of cost units (or Infinity)");
  if (!(estimate <= budget)) throw new BudgetExceededError(field, estimate, budget, what);
}
