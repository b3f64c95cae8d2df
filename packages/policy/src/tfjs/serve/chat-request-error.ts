import { CosirError } from "@cosir/bayes";

/**
 * A chat request the checkpoint will not answer: `status` 400 and the `param` it names. The chat server
 * (@cosir/serve-env's createChatServer) answers any CosirError with a numeric `status` that way.
 */
export class ChatRequestError extends CosirError {
  readonly status = 400;
  readonly param: string;

  constructor(param: string, message: string) {
    super("invalid_request", message);
    this.param = param;
  }
}
