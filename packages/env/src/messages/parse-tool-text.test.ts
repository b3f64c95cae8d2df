import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomTask } from "../generators/random-task";
import { taskAndActsArbitrary } from "../test-support/arbitraries";
import { parseToolCalls } from "./parse-tool-calls";
import { parseToolText } from "./parse-tool-text";
import { renderToolCalls } from "./render-tool-calls";
import { renderToolText } from "./render-tool-text";
import { toolCallsToText } from "./tool-calls-to-text";
import { toolDefinitions } from "./tool-definitions";

const task = randomTask({ seed: 1, options: 3, attributes: 4, agents: 3 });
const call = (name: string, args: unknown): string =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

describe("tool surface", () => {
  it("round-trips every valid act list as Hermes text and as API tool_calls, in every domain", () => {
    fc.assert(
      fc.property(taskAndActsArbitrary, ({ task: t, acts }) => {
        expect(parseToolText(renderToolText(acts, t), t)).toEqual({ acts });
        // over JSON, as a server returns them
        const calls = JSON.parse(JSON.stringify(renderToolCalls(acts, t))) as unknown;
        expect(parseToolCalls(calls, t)).toEqual({ acts });
      }),
    );
  });

  it("writes the documented forms", () => {
    expect(renderToolText([{ kind: "share", option: 1, attribute: 0, level: 4 }], task)).toBe(
      '<tool_call>\n{"name":"share","arguments":{"option":"Restaurant B","attribute":"food quality","level":4}}\n</tool_call>',
    );
    expect(renderToolCalls([{ kind: "ask", option: 0, attribute: 1, to: 2 }], task)).toEqual([
      {
        id: "call_0",
        type: "function",
        function: { name: "ask", arguments: '{"option":"Restaurant A","attribute":"service","to":3}' },
      },
    ]);
    expect(renderToolCalls([], task)[0]?.function).toEqual({ name: "pass", arguments: "{}" });
  });

  it("offers share, ask, propose and pass with JSON schemas naming the task's words, and choose for the choice", () => {
    const tools = toolDefinitions(task);
    expect(tools.map((t) => t.function.name)).toEqual(["share", "ask", "propose", "pass"]);
    for (const t of tools) expect(t.type).toBe("function");
    const share = tools[0]?.function.parameters as { properties: Record<string, Record<string, unknown>> };
    expect(share.properties.option?.enum).toEqual(["Restaurant A", "Restaurant B", "Restaurant C"]);
    expect(share.properties.level).toMatchObject({ type: "integer", minimum: task.levels[0], maximum: task.levels[1] });
    const choose = toolDefinitions(task, "choice");
    expect(choose.map((t) => t.function.name)).toEqual(["choose"]);
    expect(JSON.parse(JSON.stringify(tools))).toEqual(tools);
  });

  it("reads lenient arguments: names in any case, integer strings, 'Agent 2', Qwen-style blocks with fences", () => {
    const text = [
      "Let me share what I know.",
      call("SHARE", { option: "restaurant  b", attribute: "Food Quality", level: "4" }),
      '<tool_call>\n```json\n{"name": "ask", "parameters": {"option": "Restaurant A", "attribute": "service", "to": "Agent 2"}}\n```\n</tool_call>',
      '<tool_call>[{"name":"propose","arguments":"{\\"option\\":\\"Restaurant C\\"}"},{"name":"pass"}]</tool_call>',
    ].join("\n");
    expect(parseToolText(text, task)).toEqual({
      acts: [
        { kind: "share", option: 1, attribute: 0, level: 4 },
        { kind: "ask", option: 0, attribute: 1, to: 1 },
        { kind: "propose", option: 2 },
        { kind: "pass" },
      ],
      unparsed: ["Let me share what I know."],
    });
  });

  it.each([
    [call("share", { option: "Restaurant B", attribute: "food quality", level: 9 }), /share.level: 9 out of range/],
    [call("share", { option: "Restaurant Q", attribute: "food quality", level: 2 }), /unknown name "Restaurant Q"/],
    [call("share", { option: "Restaurant B", attribute: "food quality", level: 2.5 }), /expected an integer/],
    [call("ask", { option: "Restaurant B", attribute: "service", to: 7 }), /agent 7 out of range/],
    [call("propose", {}), /propose.option: expected a name, got nothing/],
    [call("dance", {}), /unknown tool "dance"/],
    [call("choose", { option: "Restaurant A" }), /choose/],
    ["<tool_call>{not json</tool_call>", /not JSON/],
    ['<tool_call>{"name":"share","arguments":"{oops"}</tool_call>', /arguments are not JSON/],
    ['<tool_call>{"name":"share","arguments":[1,2]}</tool_call>', /arguments must be an object/],
    ["<tool_call>42</tool_call>", /must be an object/],
  ])("reports an invalid call as not understood (PASS when it is the only one): %s", (text, error) => {
    const alone = parseToolText(text, task);
    expect(alone.acts).toEqual([{ kind: "pass" }]);
    expect(alone.error).toMatch(error);
    expect(alone.unparsed?.some((u) => error.test(u))).toBe(true);
    const withValid = parseToolText(`${text}${call("propose", { option: "Restaurant A" })}`, task);
    expect(withValid.acts).toEqual([{ kind: "propose", option: 0 }]);
    expect(withValid.error).toBeUndefined();
    expect(withValid.unparsed?.some((u) => error.test(u))).toBe(true);
  });

  it("reads text without tool calls as the natural surface", () => {
    expect(parseToolText("Restaurant B has food quality 4 and service 2.", task).acts).toEqual([
      { kind: "share", option: 1, attribute: 0, level: 4 },
      { kind: "share", option: 1, attribute: 1, level: 2 },
    ]);
  });

  it("never throws on arbitrary tool_calls values or text around tool-call tags", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = parseToolCalls(value, task);
        expect(result.acts.length).toBeGreaterThan(0);
        expect(typeof toolCallsToText(value)).toBe("string");
      }),
    );
    const piece = fc.constantFrom(
      "<tool_call>",
      "</tool_call>",
      "{",
      "}",
      '"name"',
      ":",
      '"share"',
      "```",
      "[",
      "]",
      " ",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 30 }), (pieces) => {
        const result = parseToolText(pieces.join(""), task);
        if (result.error !== undefined) expect(result.acts).toEqual([{ kind: "pass" }]);
      }),
    );
  });
});
