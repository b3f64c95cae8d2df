import { CosirError, describeValue } from "@cosir/bayes";

/**
 * A trace the protocol (docs/design.md §2) could not have produced for its task: the first violation,
 * named by its field path (`trace.messages[3].speaker`) and the value found there.
 */
export class TraceProtocolError extends CosirError {
  readonly field: string;
  readonly value: unknown;

  constructor(field: string, value: unknown, expectation: string, options?: { cause?: unknown }) {
    super("trace_protocol", `${field}: ${expectation}, got ${describeValue(value)}`, options);
    this.field = field;
    this.value = value;
  }
}
