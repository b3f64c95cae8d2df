import { CosirError } from "@cosir/bayes";

/** The chat endpoint cannot be used at all (nothing listening, unknown host, 401/403/404): a run stops. */
export class EndpointUnreachableError extends CosirError {
  readonly url: string;

  constructor(url: string, reason: string, options?: { cause?: unknown }) {
    super("endpoint_unreachable", `endpoint ${url} is unreachable: ${reason}`, options);
    this.url = url;
  }
}
