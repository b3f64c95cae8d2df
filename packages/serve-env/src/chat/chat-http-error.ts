import { CosirError } from "@cosir/bayes";

/** OpenAI's error `type` for a status: 429 `rate_limit_error`, 5xx `server_error`, else `invalid_request_error`. */
export function chatErrorType(status: number): string {
  return status === 429 ? "rate_limit_error" : status >= 500 ? "server_error" : "invalid_request_error";
}

/**
 * A refusal of the chat server, answered with `status` as OpenAI's `{error: {message, type, param, code}}`.
 * A responder may throw any CosirError with a numeric `status` and an optional `param` to the same effect.
 */
export class ChatHttpError extends CosirError {
  readonly status: number;
  readonly param: string | null;
  readonly type: string;

  constructor(status: number, message: string, param: string | null = null) {
    super("http_error", message);
    this.status = status;
    this.param = param;
    this.type = chatErrorType(status);
  }
}
