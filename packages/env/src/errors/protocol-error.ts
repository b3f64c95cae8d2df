import { CosirError } from "@cosir/bayes";

/** The caller drove an episode wrongly (stepped after the end, observed a missing agent, ...). Never raised for untrusted text. */
export class ProtocolError extends CosirError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("protocol", message, options);
  }
}
