import { CosirError } from "@cosir/bayes";

/** Thrown inside a task run when the deadline or the caller's signal stopped the run; never leaves it. */
export class RunStoppedError extends CosirError {
  constructor() {
    super("run_stopped", "the HiddenBench run was stopped (deadline or signal)");
  }
}
