import { toolCallsToText } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChatAttemptError } from "./chat-attempt-error";
import { chatReplyText } from "./chat-reply-text";

const body = (message: unknown) => JSON.stringify({ choices: [{ message }] });

describe("chatReplyText", () => {
  it("round trip: any content string comes back as sent", () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (content, tools) => {
        expect(chatReplyText(body({ content }), tools)).toBe(content);
      }),
    );
  });

  it("tool calls follow non-blank content, replace blank or missing content, and are ignored when not read", () => {
    const calls = [{ type: "function", function: { name: "choose", arguments: '{"option":"A"}' } }];
    const text = toolCallsToText(calls);
    expect(chatReplyText(body({ content: "Fine.", tool_calls: calls }), true)).toBe(`Fine.\n${text}`);
    expect(chatReplyText(body({ content: "  ", tool_calls: calls }), true)).toBe(text);
    expect(chatReplyText(body({ content: null, tool_calls: calls }), true)).toBe(text);
    expect(() => chatReplyText(body({ content: null, tool_calls: calls }), false)).toThrow(/no choices/);
  });

  it("an unreadable body is a retryable ChatAttemptError naming what was wrong", () => {
    for (const [raw, message] of [
      ["<html>", 'reply is not JSON: "<html>"'],
      ["null", "reply has no choices[0].message.content string"],
      ['{"choices":[{"message":{"content":3}}]}', "reply has no choices[0].message.content string"],
    ] as const) {
      let caught: unknown;
      try {
        chatReplyText(raw, true);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ChatAttemptError);
      expect((caught as ChatAttemptError).retryable).toBe(true);
      expect((caught as Error).message).toBe(message);
    }
  });
});
