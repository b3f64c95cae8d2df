/**
 * Base of every error thrown by @cosir packages. `code` is stable and machine-readable;
 * subclasses carry the structured fields that explain what was wrong.
 */
export class CosirError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
  }
}

/** A value given by the caller is outside what the function accepts. Names the field and the value. */
export class InvalidArgumentError extends CosirError {
  readonly field: string;
  readonly value: unknown;
  /** What was expected, as given (the message is `field: expected, got value`): callers re-wrap it without parsing. */
  readonly expected: string;

  constructor(field: string, value: unknown, expectation: string, options?: { cause?: unknown }) {
    super("invalid_argument", `${field}: ${expectation}, got ${describeValue(value)}`, options);
    this.field = field;
    this.value = value;
    this.expected = expectation;
  }
}

/** A configuration object or file failed validation. */
export class InvalidConfigError extends CosirError {
  readonly field: string;
  readonly value: unknown;
  /** What was expected, as given (the message is `field: expected, got value`): callers re-wrap it without parsing. */
  readonly expected: string;

  constructor(field: string, value: unknown, expectation: string, options?: { cause?: unknown }) {
    super("invalid_config", `${field}: ${expectation}, got ${describeValue(value)}`, options);
    this.field = field;
    this.value = value;
    this.expected = expectation;
  }
}

export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined)
    return String(value);
  try {
    const text = JSON.stringify(value);
    return text.length > 120 ? `${text.slice(0, 117)}...` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}
