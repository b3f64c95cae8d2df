import { CosirError } from "../errors/cosir-error";

/**
 * An input whose estimated work exceeds the caller's compute budget (docs/design.md §7.1), refused before
 * any of that work is done. Names the input (`field`), the estimate and the budget, in cost units.
 */
export class BudgetExceededError extends CosirError {
  readonly field: string;
  readonly estimate: number;
  readonly budget: number;

  constructor(field: string, estimate: number, budget: number, what: string, options?: { cause?: unknown }) {
    super(
      "over_budget",
      `${field}: ${what} is estimated at ${formatCost(estimate)} cost units, over the budget of ${formatCost(budget)} (docs/design.md §7.1)`,
      options,
    );
    this.field = field;
    this.estimate = estimate;
    this.budget = budget;
  }
}

function formatCost(units: number): string {
  return Number.isFinite(units) ? units.toExponential(2) : String(units);
}
