import { CosirError } from "@cosir/bayes";

/** A checkpoint directory or file that cannot be read back: names the file and what is wrong. */
export class CheckpointError extends CosirError {
  /** The file (or directory) at fault. */
  readonly path: string;

  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super("checkpoint_invalid", `${path}: ${problem}`, options);
    this.path = path;
  }
}
