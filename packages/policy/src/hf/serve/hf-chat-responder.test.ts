import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tf from "@tensorflow/tfjs-core";
import { selectBackend } from "../../tfjs/backend";
import { ChatRequestError } from "../../tfjs/serve/chat-request-error";
import type { HfChatMessage } from "../hf-tokenizer";
import { HfTokenizer } from "../hf-tokenizer";
import type { DecoderCheckpoint } from "../load-decoder-checkpoint";
import { loadDecoderCheckpoint } from "../load-decoder-checkpoint";
import { writeTinyCheckpoint } from "../write-tiny-checkpoint";
import { hfChatResponder } from "./hf-chat-responder";

let dir: string;
let checkpoint: DecoderCheckpoint;

beforeAll(async () => {
  await selectBackend({ log: null });
  dir = mkdtempSync(join(tmpdir(), "cosir-hf-chat-"));
  writeTinyCheckpoint(dir, { seed: 4, gguf: false });
  checkpoint = loadDecoderCheckpoint(dir);
}, 300_000);
afterAll(() => {
  checkpoint?.model.dispose();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

const share = { type: "function", function: { name: "share", parameters: { type: "object", properties: {} } } };
const user = [{ role: "user", content: "Which option?" }];

describe("hfChatResponder", { timeout: 120_000 }, () => {
  it("renders with the checkpoint's template (tools, enable_thinking), samples reproducibly, reads the reply", async () => {
    const { model, tokenizer } = checkpoint;
    const respond = hfChatResponder(model, tokenizer, { maxTokens: 6 });
    const before = tf.memory().numTensors;
    const a = await respond({ messages: user, seed: 3, temperature: 0.8, maxTokens: 50 });
    expect(tf.memory().numTensors).toBe(before);
    const b = await respond({ messages: user, seed: 3, temperature: 0.8 });
    expect(a).toEqual(b);
    expect(a.tokens.length).toBeLessThanOrEqual(6); // capped to the server's limit
    expect(a.finishReason).toBe(a.tokens.length < 6 ? "stop" : "length");
    const rendered = (options: object) =>
      tokenizer.encode(tokenizer.renderChat(user as HfChatMessage[], { enableThinking: false, ...options })).length;
    expect(a.promptTokens).toBe(rendered({}));
    const withTools = await respond({ messages: user, tools: [share], maxTokens: 1 });
    expect(withTools.promptTokens).toBe(rendered({ tools: [share] }));
    expect(withTools.promptTokens).toBeGreaterThan(a.promptTokens + 20);
    const thinking = await respond({ messages: user, chatTemplateKwargs: { enable_thinking: true }, maxTokens: 1 });
    expect(thinking.promptTokens).toBe(rendered({ enableThinking: true }));
    expect(thinking.promptTokens).not.toBe(a.promptTokens);
    // tool_choice "none": the model is not shown the tools
    expect((await respond({ messages: user, tools: [share], toolChoice: "none", maxTokens: 1 })).promptTokens).toBe(
      a.promptTokens,
    );
  });

  it("returns a Qwen-style <tool_call> reply as tool calls with finish_reason tool_calls", async () => {
    const { model, tokenizer } = checkpoint;
    const written = tokenizer.encode(
      '<think>\nshare it\n</think>\n\n<tool_call>\n{"name": "share", "arguments": {"cell": "a1"}}\n</tool_call><|im_end|>',
    );
    const sample = () => ({ tokens: [written], logProbs: [written.map(() => -1)], stopped: [true] });
    const respond = hfChatResponder(model, tokenizer, { sample });
    const reply = await respond({ messages: user, tools: [share] });
    expect(reply).toMatchObject({
      content: "",
      reasoningContent: "share it",
      finishReason: "tool_calls",
      toolCalls: [{ name: "share", arguments: '{"cell":"a1"}' }],
    });
    expect(reply.toolCalls![0]!.id).toMatch(/^call_[0-9a-f]{24}$/);
    // without tools on offer the same text is plain content
    const plain = await respond({ messages: user });
    expect(plain.finishReason).toBe("stop");
    expect(plain.content).toMatch(/^<tool_call>/);
  });

  it("refuses what the template or the context cannot take with a 400 naming messages", async () => {
    const { model, tokenizer } = checkpoint;
    const respond = hfChatResponder(model, tokenizer, { maxTokens: 4 });
    const badRole = await respond({ messages: [...user, { role: "robot", content: "hi" }] }).catch((e) => e);
    expect(badRole).toBeInstanceOf(ChatRequestError);
    expect([badRole.status, badRole.param]).toEqual([400, "messages[1].role"]);
    // a template that raises (here: calls a function it does not have) is the request's fault, not a 500
    const broken = new HfTokenizer(tokenizer.tokenizerJson, tokenizer.tokenizerConfig, "{{ raise_exception('no') }}");
    const refused = await hfChatResponder(model, broken)({ messages: user }).catch((e) => e);
    expect(refused).toBeInstanceOf(ChatRequestError);
    expect([refused.status, refused.param]).toEqual([400, "messages"]);
    expect(refused.message).toMatch(/^the chat template refused the messages: /);
    const long = { role: "user", content: "word ".repeat(model.config.maxPositionEmbeddings) };
    const tooLong = await respond({ messages: [long] }).catch((e) => e);
    expect(tooLong).toBeInstanceOf(ChatRequestError);
    expect(tooLong.message).toMatch(/context of 4096/);
    // the queue goes on after a refusal
    expect((await respond({ messages: user, maxTokens: 1 })).tokens).toHaveLength(1);
  });
});
