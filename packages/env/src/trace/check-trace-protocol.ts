import { TraceProtocolError } from "../errors/trace-protocol-error";
import type { Task } from "../task/task";
import { findTraceViolation } from "./find-trace-violation";
import type { Trace } from "./trace";

/**
 * Returns the trace when the protocol (docs/design.md §2) could have produced it for the task; throws a
 * TraceProtocolError naming the first violation (field path and value) otherwise. See findTraceViolation.
 */
export function checkTraceProtocol(task: Task, trace: Trace, field = "trace"): Trace {
  const violation = findTraceViolation(task, trace, field);
  if (violation !== null) throw new TraceProtocolError(violation.field, violation.value, violation.expectation);
  return trace;
}
