import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinyCheckpoint } from "../../test-support/tiny-checkpoint";
import { TfjsPolicy } from "../policy/tfjs-policy";
import { checkpointChatResponder } from "./checkpoint-chat-responder";
import { ChatRequestError } from "./chat-request-error";

let root: string;
let dir: string;
let policy: TfjsPolicy;
const observation = "AGENT A0 OF 3 OPTIONS 3 ATTRIBUTES 2 LEVELS 1 5 SUM SEE o0 a1 4 o2 a0 5 HISTORY ROUND 1 OF 2 SAY";
const messages = [
  { role: "system", content: "ignored" },
  { role: "user", content: observation },
];

beforeAll(async () => {
  ({ root, dir } = await tinyCheckpoint());
  policy = await TfjsPolicy.fromCheckpoint(dir, { name: "tiny", maxTokens: 8 });
});
afterAll(async () => {
  policy.dispose();
  await rm(root, { recursive: true, force: true });
});

describe("checkpointChatResponder", () => {
  it("answers the canonical observation, reproducibly with a seed, the tokens and log-probs with it", async () => {
    const respond = checkpointChatResponder(policy);
    const a = await respond({ messages, seed: 5 });
    const b = await respond({ messages, seed: 5 });
    expect(a).toEqual(b);
    expect(a.tokens.length).toBeGreaterThan(0);
    expect(a.tokens.length).toBeLessThanOrEqual(8);
    expect(a.content).toBe(policy.tokenizer.decode(a.tokens.map((t) => policy.tokenizer.id(t.token)!)));
    expect(a.finishReason).toBe(a.tokens.at(-1)!.token === "<eos>" ? "stop" : "length");
    expect(a.promptTokens).toBe(policy.promptIds({ text: observation }).length);
    for (const t of a.tokens) expect(t.logprob).toBeLessThanOrEqual(0);
    expect((await respond({ messages, seed: 5, maxTokens: 2 })).tokens.length).toBeLessThanOrEqual(2);
  });

  it("answers requests in arrival order, the same as one at a time", async () => {
    const respond = checkpointChatResponder(policy);
    const together = await Promise.all([1, 2, 3].map((seed) => respond({ messages, seed })));
    const alone = [];
    for (const seed of [1, 2, 3]) alone.push(await respond({ messages, seed }));
    expect(together).toEqual(alone);
  });

  it("refuses text that is not canonical with a 400 ChatRequestError", async () => {
    const respond = checkpointChatResponder(policy);
    await expect(respond({ messages: [{ role: "user", content: "hello there friend" }] })).rejects.toThrow(
      ChatRequestError,
    );
  });
});
