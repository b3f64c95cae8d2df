import { expect } from "vitest";
import { InvalidArgumentError } from "../errors/cosir-error";

/** Asserts that `fn` throws an InvalidArgumentError for `field` whose message starts with the field's name. */
export function expectField(fn: () => unknown, field: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InvalidArgumentError);
  expect((caught as InvalidArgumentError).field).toBe(field);
  expect((caught as Error).message.startsWith(`${field}:`)).toBe(true);
}
