import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinyCheckpoint } from "../../test-support/tiny-checkpoint";
import { loadChatCheckpoint } from "./load-chat-checkpoint";

let root: string;
let dir: string;
const messages = [
  { role: "user", content: "AGENT A0 OF 3 OPTIONS 3 ATTRIBUTES 2 LEVELS 1 5 SUM SEE o0 a1 4 HISTORY ROUND 1 OF 2 SAY" },
];

beforeAll(async () => {
  ({ root, dir } = await tinyCheckpoint());
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("loadChatCheckpoint", () => {
  it("names the model after the checkpoint directory and frees it on dispose", async () => {
    const loaded = await loadChatCheckpoint({ checkpoint: dir, maxTokens: 4 });
    expect(loaded.modelName).toBe("tiny");
    expect(loaded.policy.maxTokens).toBe(4);
    expect((await loaded.respond({ messages, seed: 1 })).tokens.length).toBeLessThanOrEqual(4);
    loaded.dispose();
    const named = await loadChatCheckpoint({ checkpoint: dir, modelName: "named" });
    expect(named.modelName).toBe("named");
    named.dispose();
  });

  it("names a directory that is not a checkpoint", async () => {
    await expect(loadChatCheckpoint({ checkpoint: root })).rejects.toThrow(/manifest\.json: not found/);
  });
});
