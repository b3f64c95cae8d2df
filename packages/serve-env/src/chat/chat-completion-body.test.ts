import { describe, expect, it } from "vitest";
import { chatCompletionBody } from "./chat-completion-body";

const reply = {
  content: "a b",
  finishReason: "stop" as const,
  tokens: [
    { token: "a", logprob: -1 },
    { token: "b", logprob: -2 },
  ],
  promptTokens: 5,
};

describe("chatCompletionBody", () => {
  it("wraps a reply as OpenAI's chat.completion, logprobs only when asked", () => {
    const body = chatCompletionBody("m", { messages: [] }, reply, 1_700_000_000_999);
    expect(body.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
    expect(JSON.stringify({ ...body, id: "X" })).toBe(
      '{"id":"X","object":"chat.completion","created":1700000000,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"a b"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}',
    );
    const withLogprobs = chatCompletionBody("m", { messages: [], logprobs: true }, reply);
    expect(withLogprobs.choices[0]!.logprobs).toEqual({
      content: [
        { token: "a", logprob: -1, bytes: null, top_logprobs: [] },
        { token: "b", logprob: -2, bytes: null, top_logprobs: [] },
      ],
    });
    expect(chatCompletionBody("m", { messages: [] }, reply).id).not.toBe(body.id);
  });

  it("returns tool calls as OpenAI's message.tool_calls, content null when nothing else was said", () => {
    const body = chatCompletionBody(
      "m",
      { messages: [] },
      {
        ...reply,
        content: "",
        finishReason: "tool_calls",
        toolCalls: [{ id: "call_1", name: "share", arguments: '{"cell":2}' }],
        reasoningContent: "hm",
      },
    );
    expect(body.choices[0]).toEqual({
      index: 0,
      message: {
        role: "assistant",
        content: null,
        reasoning_content: "hm",
        tool_calls: [{ id: "call_1", type: "function", function: { name: "share", arguments: '{"cell":2}' } }],
      },
      finish_reason: "tool_calls",
    });
  });
});
