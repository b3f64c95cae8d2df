import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQwenToolCalls } from "./qwen-tool-calls";

const block = (json: string) => `<tool_call>\n${json}\n</tool_call>`;

describe("parseQwenToolCalls", () => {
  it("reads reasoning, calls and the text around them (known answers)", () => {
    expect(
      parseQwenToolCalls(
        `<think>\nI should share.\n</think>\n\nSharing.\n${block('{"name": "share", "arguments": {"cell": "a1"}}')}\n${block('{"name": "pass"}')}`,
      ),
    ).toEqual({
      content: "Sharing.",
      reasoning: "I should share.",
      toolCalls: [
        { name: "share", arguments: '{"cell":"a1"}' },
        { name: "pass", arguments: "{}" },
      ],
    });
    // a think block cut off by the token limit is still reasoning
    expect(parseQwenToolCalls("<think>half a tho")).toEqual({ content: "", reasoning: "half a tho", toolCalls: [] });
  });

  it("leaves malformed blocks in the content as written, and reads no calls when tools were not offered", () => {
    for (const bad of ["{nope", '{"arguments": {}}', '{"name": 3}', '{"name": "f", "arguments": [1]}', '"f"'])
      expect(parseQwenToolCalls(`x ${block(bad)}`)).toEqual({ content: `x ${block(bad)}`, toolCalls: [] });
    const text = block('{"name": "f", "arguments": {}}');
    expect(parseQwenToolCalls(text, false)).toEqual({ content: text, toolCalls: [] });
    expect(parseQwenToolCalls("<tool_call>unclosed")).toEqual({ content: "<tool_call>unclosed", toolCalls: [] });
  });

  it("round-trips any call the way Qwen3's template writes it, and accepts any text", () => {
    const name = fc.string({ minLength: 1 });
    const args = fc.dictionary(fc.string(), fc.jsonValue());
    fc.assert(
      fc.property(fc.array(fc.tuple(name, args), { maxLength: 4 }), fc.string(), (calls, prose) => {
        const clean = prose.replace(/<\/?(tool_call|think)>/g, "");
        const text = `${clean}${calls.map(([n, a]) => block(JSON.stringify({ name: n, arguments: a }))).join("\n")}`;
        const parsed = parseQwenToolCalls(text);
        expect(parsed.toolCalls).toEqual(calls.map(([n, a]) => ({ name: n, arguments: JSON.stringify(a) })));
        // the simpler oracle: JSON.parse of each argument string gives back the object
        parsed.toolCalls.forEach((c, i) =>
          expect(JSON.parse(c.arguments)).toEqual(JSON.parse(JSON.stringify(calls[i]![1]))),
        );
        expect(parsed.content).toBe(clean.replace(/^\s*<think>[\s\S]*$/, "").trim());
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseQwenToolCalls(text);
        expect(typeof parsed.content).toBe("string");
      }),
    );
  });
});
