import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseBody } from "./parse-body";

const Schema = z.object({ n: z.number().int() }).strict();

describe("parseBody", () => {
  it("refuses anything but a JSON object, naming the body", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant(undefined),
          fc.constant(null),
          fc.jsonValue().filter((v) => typeof v !== "object"),
          fc.array(fc.jsonValue()),
        ),
        (body) => {
          expect(() => parseBody(Schema, body)).toThrow(/^body: expected a JSON object, got /);
        },
      ),
    );
  });

  it("answers the parsed object, or an error naming the failing field", () => {
    fc.assert(
      fc.property(fc.integer(), (n) => {
        expect(parseBody(Schema, { n })).toEqual({ n });
      }),
    );
    let error: unknown;
    try {
      parseBody(Schema, { n: 1.5 });
    } catch (e) {
      error = e;
    }
    expect((error as { field: string }).field).toBe("body.n");
  });
});
