import { CosirError } from "@cosir/bayes";

/**
 * One attempt at a chat completion failed. `retryable` says whether another attempt may succeed (timeouts,
 * network errors, 408/409/425/429/5xx, unreadable replies); `retryAfterMs` is the server's Retry-After.
 */
export class ChatAttemptError extends CosirError {
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, retryable: boolean, retryAfterMs?: number) {
    super(retryable ? "chat_retryable" : "chat_request_failed", message);
    this.retryable = retryable;
    this.retryAfterMs = retryAfterMs;
  }
}
