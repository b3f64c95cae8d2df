import { CollaborationEnv, randomTask } from "@cosir/env";
import { scoreEpisode } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "../test/run-cli";

describe("cosir score on forged traces", () => {
  const task = randomTask({ seed: 9, options: 3, attributes: 2, agents: 3, rounds: 2 });
  const env = new CollaborationEnv(task, { surface: "canonical" });
  while (!env.done) env.step(env.phase === "discuss" ? "ASK o0 a0" : "CHOOSE o1");
  const trace = env.trace();

  it("scores the genuine trace and refuses 1,000 ASKs and ghost votes with the violation named", async () => {
    const asks = {
      ...trace,
      messages: Array.from({ length: 1000 }, (_, t) => ({
        turn: t,
        round: Math.floor(t / 3),
        speaker: t % 3,
        text: "ASK o0 a0",
        acts: [{ kind: "ask", option: 0, attribute: 0 }],
      })),
    };
    const ghosts = { ...trace, choices: [...trace.choices, { agent: 5, text: "CHOOSE o0", choice: 0 }] };
    const stdin = [trace, asks, ghosts].map((t) => JSON.stringify({ task, trace: t })).join("\n");
    const out = await runCli(["score"], `${stdin}\n`);
    expect(out.code).toBe(1);
    const [genuine, forgedAsks, forgedVotes] = jsonLines(out.stdout) as Record<string, unknown>[];
    expect(genuine).toEqual(JSON.parse(JSON.stringify(scoreEpisode(task, trace))));
    expect(forgedAsks).toEqual({
      error: "line 2: trace.messages.length: expected at most 6 messages (2 rounds x 3 agents), got 1000",
    });
    expect(forgedVotes?.error).toMatch(/^line 3: trace\.choices\.length: expected at most 3 final choices/);
  });
});
