import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";
import { canonicalObservation } from "./canonical-observation";
import { ChatRequestError } from "./chat-request-error";

const tokenizer = CanonicalTokenizer.fromVocabulary();
const observation = "AGENT A0 OF 3 OPTIONS 3 ATTRIBUTES 2 LEVELS 1 5 SUM SEE o0 a1 4 o2 a0 5 HISTORY ROUND 1 OF 2 SAY";
const refusal = (messages: { role: string; content: string }[]): ChatRequestError => {
  try {
    canonicalObservation(messages, tokenizer);
  } catch (error) {
    if (error instanceof ChatRequestError) return error;
    throw error;
  }
  throw new RangeError("accepted");
};

describe("canonicalObservation", () => {
  it("is the content of the last user message; other roles and earlier messages are ignored", () => {
    const messages = [
      { role: "system", content: "ignored" },
      { role: "user", content: "AGENT A1" },
      { role: "user", content: observation },
      { role: "assistant", content: "SAY" },
    ];
    expect(canonicalObservation(messages, tokenizer)).toBe(observation);
  });

  it("refuses a request without a user message, naming messages", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ role: fc.constantFrom("system", "assistant", "tool"), content: fc.string() })),
        (messages) => {
          const error = refusal(messages);
          expect([error.status, error.param]).toEqual([400, "messages"]);
          expect(error.message).toBe(
            'messages: expected a message with role "user" holding the canonical observation text',
          );
        },
      ),
    );
  });

  it("refuses text mostly outside the vocabulary, naming the message and counting the unknown words", () => {
    const error = refusal([{ role: "user", content: "What is the price of the second restaurant?" }]);
    expect(error.param).toBe("messages[0].content");
    expect(error.message).toMatch(
      /^messages\[0\]\.content: expected canonical observation text .*; 8 of 8 words are outside/,
    );
    expect(
      refusal([
        { role: "assistant", content: "x" },
        { role: "user", content: "" },
      ]).message,
    ).toMatch(/0 of 0 words/);
  });

  it("accepts text with at least half its words known", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 10 }), (known, unknown) => {
        const text = [...Array(known).fill("AGENT"), ...Array(unknown).fill("zebra")].join(" ");
        const accepted = known * 2 >= known + unknown;
        if (accepted) expect(canonicalObservation([{ role: "user", content: text }], tokenizer)).toBe(text);
        else expect(() => canonicalObservation([{ role: "user", content: text }], tokenizer)).toThrow(ChatRequestError);
      }),
    );
  });
});
