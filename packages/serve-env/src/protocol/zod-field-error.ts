import { InvalidArgumentError } from "@cosir/bayes";
import { describeZodError } from "@cosir/env";
import type { ZodError } from "zod";

/** Turns a zod failure on an untrusted value into an InvalidArgumentError naming the first failing field, e.g. `body.seed`. */
export function zodFieldError(root: string, error: ZodError, input: unknown): InvalidArgumentError {
  const d = describeZodError(root, error, input);
  return new InvalidArgumentError(d.field, d.value, d.message, { cause: error });
}
