import { InvalidArgumentError } from "@cosir/bayes";
import type { ZodType, ZodTypeDef } from "zod";
import { zodFieldError } from "../protocol/zod-field-error";

/** A request body read with its wire schema: a JSON object or a 400 naming the field that failed. */
export function parseBody<T>(schema: ZodType<T, ZodTypeDef, unknown>, body: unknown): T {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body))
    throw new InvalidArgumentError("body", body, "expected a JSON object");
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw zodFieldError("body", parsed.error, body);
  return parsed.data;
}
