import { InvalidConfigError } from "@cosir/bayes";

export interface SchemaIssue {
  /** Dotted/indexed path, e.g. `table[1][2]`. */
  path: string;
  message: string;
}

/** A JSON value (task, trace) failed its zod schema. `field` is the first issue's path; all issues are kept. */
export class SchemaError extends InvalidConfigError {
  readonly schema: string;
  readonly issues: SchemaIssue[];

  constructor(
    schema: string,
    field: string,
    value: unknown,
    expectation: string,
    issues: SchemaIssue[],
    options?: { cause?: unknown },
  ) {
    super(field, value, expectation, options);
    this.schema = schema;
    this.issues = issues;
  }
}
