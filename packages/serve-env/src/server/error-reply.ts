import { BudgetExceededError, CosirError, InvalidArgumentError } from "@cosir/bayes";
import { TraceProtocolError } from "@cosir/env";
import { HttpError } from "./http-error";

/** The `{error: {code, message, field?}}` body of every failure the service answers. */
export interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { error: { code, message, ...(field !== undefined ? { field } : {}) } };
}

/**
 * Status and body of a typed error: HttpError its own status, a BudgetExceededError 413 (the work the body
 * asks for is over the budget), a TraceProtocolError 422 (a trace the protocol could not have produced), any
 * other CosirError 400; each names its field when it has one. Undefined for an untyped error.
 */
export function errorReply(error: unknown): { status: number; body: ErrorBody } | undefined {
  if (!(error instanceof CosirError)) return undefined;
  const field = (error as { field?: unknown }).field;
  const named = typeof field === "string" ? field : undefined;
  if (error instanceof HttpError)
    return { status: error.status, body: errorBody(error.code, error.message, error.field) };
  if (error instanceof BudgetExceededError) return { status: 413, body: errorBody(error.code, error.message, named) };
  if (error instanceof TraceProtocolError) return { status: 422, body: errorBody(error.code, error.message, named) };
  if (error.code === "over_budget") return { status: 413, body: errorBody(error.code, error.message, named) };
  if (error.code === "trace_protocol") return { status: 422, body: errorBody(error.code, error.message, named) };
  if (error instanceof InvalidArgumentError)
    return { status: 400, body: errorBody(error.code, error.message, error.field) };
  return { status: 400, body: errorBody(error.code, error.message, named) };
}
