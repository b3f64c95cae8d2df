import { describe, expect, it } from "vitest";
import type { HiddenBenchTask } from "./hidden-bench-task";
import { scriptedHiddenBenchServer } from "./scripted-hidden-bench-server";

const task: HiddenBenchTask = {
  id: "t",
  name: "t",
  description: "Pick a site.",
  shared_information: [],
  hidden_information: ["Alpha floods."],
  possible_answers: ["Alpha", "Charlie"],
  correct_answer: "Charlie",
};

describe("scriptedHiddenBenchServer", () => {
  it("rejects an empty task list", () => {
    expect(() => scriptedHiddenBenchServer({ tasks: [] })).toThrow(/^tasks:/);
  });

  it("serves chat completions under its /v1 URL, logs them, and closes", async () => {
    const server = await scriptedHiddenBenchServer({ tasks: [task], behaviour: "withholder" });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const r = await fetch(`${server.url}/chat/completions`, {
        method: "POST",
        body: JSON.stringify({ messages: [{ role: "system", content: "Pick a site. Alpha floods." }] }),
      });
      expect(r.status).toBe(200);
      expect(server.log.map((c) => c.reply)).toEqual(["We should weigh Alpha, Charlie carefully before deciding."]);
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/chat/completions`, { method: "POST" })).rejects.toThrow();
  });
});
