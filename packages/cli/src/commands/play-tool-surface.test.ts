import { TraceSchema } from "@cosir/env";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "../test/run-cli";

describe("cosir play --surface tool", () => {
  it("plays scripted teams through tool calls, and the traces score like any other", async () => {
    const played = await runCli([
      "play",
      "--team",
      "oracle",
      "--family",
      "hiddenProfile",
      "--seed",
      "2",
      "--n",
      "2",
      "--surface",
      "tool",
    ]);
    expect(played.code).toBe(0);
    const episodes = jsonLines(played.stdout) as {
      trace: { surface: string; messages: { text: string; parseError?: string }[] };
    }[];
    for (const { trace } of episodes) {
      expect(TraceSchema.safeParse(trace).success).toBe(true);
      expect(trace.surface).toBe("tool");
      for (const m of trace.messages) {
        expect(m.text).toContain("<tool_call>");
        expect(m.parseError).toBeUndefined();
      }
    }
    const scored = await runCli(["score"], played.stdout);
    expect(scored.code).toBe(0);
    expect(jsonLines(scored.stdout)).toHaveLength(2);
  });
});
