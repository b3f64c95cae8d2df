import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HfChatMessage } from "./hf-tokenizer";
import { HfTokenizer } from "./hf-tokenizer";
import { renderTurnSamples, rewardedTurnSequences } from "./message-token-spans";
import { bundledQwen3TokenizerDir } from "./write-tiny-checkpoint";

const qwen3 = HfTokenizer.fromFolder(bundledQwen3TokenizerDir());
const tools = [{ type: "function", function: { name: "ask", parameters: { type: "object", properties: {} } } }];

const conversation: HfChatMessage[] = [
  { role: "system", content: "You are agent A." },
  { role: "user", content: "Your cards: red, blue." },
  {
    role: "assistant",
    content: "",
    tool_calls: [{ type: "function", function: { name: "ask", arguments: { q: "B?" } } }],
  },
  { role: "tool", content: "B holds green." },
  { role: "assistant", content: "<think>\nB has green.\n</think>\n\nI choose option 2." },
];

describe("per-message rewards on Qwen3's rendering", () => {
  it("puts each reply's reward on exactly the tokens the model writes, checked against the template", () => {
    const samples = renderTurnSamples(qwen3, conversation, { tools });
    expect(samples.map((s) => s.message)).toEqual([2, 4]);
    const reply = (k: number) => qwen3.decode(samples[k]!.ids.slice(samples[k]!.start, samples[k]!.end));
    const prompt = (k: number) => qwen3.decode(samples[k]!.ids.slice(0, samples[k]!.start));
    // the template's own rendering of each reply and of the prompt it follows
    // (a reply without reasoning, rendered as the last turn, carries the empty think block thinking mode writes)
    expect(reply(0)).toBe(
      '<think>\n\n</think>\n\n<tool_call>\n{"name": "ask", "arguments": {"q": "B?"}}\n</tool_call><|im_end|>',
    );
    expect(reply(1)).toBe("<think>\nB has green.\n</think>\n\nI choose option 2.<|im_end|>");
    expect(prompt(1)).toBe(qwen3.renderChat(conversation.slice(0, 4), { tools }));
    expect(
      prompt(1).endsWith("<tool_response>\nB holds green.\n</tool_response><|im_end|>\n<|im_start|>assistant\n"),
    ).toBe(true);
    const sequences = rewardedTurnSequences(samples, [undefined, undefined, 0.5, undefined, -1.25]);
    sequences.forEach((seq, k) => {
      const s = samples[k]!;
      const reward = k === 0 ? 0.5 : -1.25;
      expect(seq.weights.map((w, t) => (w !== 0) === (t >= s.start && t < s.end))).not.toContain(false);
      expect(seq.weights.filter((w) => w === reward).length).toBe(s.end - s.start);
    });
  });

  it("with enable_thinking=false the empty think block is prompt, not reply", () => {
    const [sample] = renderTurnSamples(
      qwen3,
      [
        { role: "user", content: "hi" },
        { role: "assistant", content: "yo" },
      ],
      {
        enableThinking: false,
      },
    );
    expect(qwen3.decode(sample!.ids.slice(sample!.start, sample!.end))).toBe("yo<|im_end|>");
  });

  it("every reply span holds the reply and ends on the end-of-turn token, for any plain conversation", () => {
    const turn = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes("<") && s.trim() !== "");
    const end = qwen3.tokenId("<|im_end|>");
    fc.assert(
      fc.property(fc.array(turn, { minLength: 2, maxLength: 6 }), (texts) => {
        const messages: HfChatMessage[] = texts.map((content, i) => ({
          role: i % 2 === 0 ? "user" : "assistant",
          content,
        }));
        for (const s of renderTurnSamples(qwen3, messages)) {
          expect(s.end).toBeGreaterThan(s.start);
          expect(s.ids[s.end - 1]).toBe(end);
          expect(qwen3.decode(s.ids.slice(s.start, s.end))).toContain(messages[s.message]!.content.trim());
          expect(qwen3.decode(s.ids.slice(0, s.start)).endsWith("<|im_start|>assistant\n")).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });
});
