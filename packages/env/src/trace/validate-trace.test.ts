import { describe, expect, it } from "vitest";
import { SchemaError } from "../errors/schema-error";
import { TRACE_VERSION, type Trace } from "./trace";
import { validateTrace } from "./validate-trace";

const trace: Trace = {
  version: TRACE_VERSION,
  taskId: "random-1-00000000",
  seed: 1,
  surface: "canonical",
  preChoices: [],
  messages: [{ turn: 0, round: 0, speaker: 0, text: "PASS", acts: [{ kind: "pass" }] }],
  choices: [{ agent: 0, text: "CHOOSE o1", choice: 1 }],
  teamDecision: 1,
  correct: 1,
};

describe("validateTrace", () => {
  it("accepts a trace", () => {
    expect(validateTrace(JSON.parse(JSON.stringify(trace)))).toEqual(trace);
  });

  it("names the field path", () => {
    const bad = structuredClone(trace) as unknown as { messages: { acts: unknown[] }[] };
    bad.messages[0]!.acts = [{ kind: "shout" }];
    expect(() => validateTrace(bad)).toThrow(SchemaError);
    expect(() => validateTrace(bad)).toThrow(/^trace\.messages\[0\]\.acts\[0\]\.kind/);
    expect(() => validateTrace({ ...trace, surface: "telepathy" })).toThrow(/^trace\.surface: .*"telepathy"/);
  });
});
