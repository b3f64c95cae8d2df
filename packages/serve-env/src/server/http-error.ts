import { CosirError } from "@cosir/bayes";

/** An error the service answers with a given status (404 unknown episode, 409 out of turn, 503 full, ...). */
export class HttpError extends CosirError {
  readonly status: number;
  readonly field?: string;

  constructor(status: number, code: string, message: string, field?: string) {
    super(code, message);
    this.status = status;
    if (field !== undefined) this.field = field;
  }
}
