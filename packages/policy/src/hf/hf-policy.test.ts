import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Observation } from "@cosir/env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../tfjs/backend";
import { HfPolicy, replyText } from "./hf-policy";
import type { DecoderCheckpoint } from "./load-decoder-checkpoint";
import { loadDecoderCheckpoint } from "./load-decoder-checkpoint";
import { writeTinyCheckpoint } from "./write-tiny-checkpoint";

let dir: string;
let checkpoint: DecoderCheckpoint;

beforeAll(async () => {
  await selectBackend({ log: null });
  dir = mkdtempSync(join(tmpdir(), "cosir-hf-policy-"));
  writeTinyCheckpoint(dir, { seed: 2, gguf: false });
  checkpoint = loadDecoderCheckpoint(dir);
}, 300_000);
afterAll(() => {
  checkpoint?.model.dispose();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

function observation(content: string): Observation {
  return {
    chat: [
      { role: "system", content: "You are agent 1." },
      { role: "user", content },
    ],
    tools: [{ type: "function", function: { name: "pass", description: "Pass", parameters: { type: "object" } } }],
  } as unknown as Observation;
}

describe("HfPolicy", () => {
  it("removes think blocks from the text an episode reads", () => {
    expect(replyText("<think>\nhmm\n</think>\n\n<tool_call>{}</tool_call>")).toBe("<tool_call>{}</tool_call>");
    expect(replyText("<think>never closed")).toBe("");
  });

  it("acts on a batch with the template's rendering, and its log-probs rescore the sampled tokens", async () => {
    const policy = new HfPolicy({ ...checkpoint, seed: 3, maxNewTokens: 6 });
    const observations = [observation("Your cards: red."), observation("Your cards: a much longer hand of blue.")];
    const actions = await policy.act(observations);
    expect(actions).toHaveLength(2);
    for (const a of actions) {
      expect(a.tokens!.length).toBe(a.logprobs!.length);
      expect(a.text).not.toContain("<think>");
    }
    const again = await policy.logprobs(observations.map((o, i) => ({ observation: o, action: actions[i]! })));
    for (let i = 0; i < 2; i++)
      for (let t = 0; t < again[i]!.length; t++) expect(again[i]![t]).toBeCloseTo(actions[i]!.logprobs![t]!, 3);
  });
});
