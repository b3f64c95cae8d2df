import { CollaborationEnv, randomTask, TraceProtocolError } from "@cosir/env";
import { describe, expect, it } from "vitest";
import { behaviourMetrics } from "./behaviour-metrics";

describe("behaviourMetrics({untrusted: true})", () => {
  const task = randomTask({ seed: 5, options: 3, attributes: 2, agents: 3, rounds: 2 });
  const env = new CollaborationEnv(task, { surface: "canonical" });
  while (!env.done) env.step(env.phase === "discuss" ? "ASK o0 a1" : "CHOOSE o1");
  const trace = env.trace();

  it("measures a trace the protocol produced exactly as the trusted path does", () => {
    expect(behaviourMetrics(task, trace, { untrusted: true })).toEqual(behaviourMetrics(task, trace));
  });

  it("refuses forged asks and ghost votes instead of measuring them", () => {
    const asks = { ...trace, messages: [...trace.messages, ...trace.messages] };
    expect(() => behaviourMetrics(task, asks, { untrusted: true })).toThrow(TraceProtocolError);
    const ghosts = { ...trace, choices: [...trace.choices, { agent: 3, text: "CHOOSE o0", choice: 0 }] };
    expect(() => behaviourMetrics(task, ghosts, { untrusted: true })).toThrow(/^trace\.choices\.length: /);
  });
});
