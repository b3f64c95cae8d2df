import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseChatRequest } from "./chat-completion-request";
import { ChatHttpError } from "./chat-http-error";

const user = [{ role: "user", content: "hi" }];
const refusal = (body: string): ChatHttpError => {
  try {
    parseChatRequest(body);
  } catch (error) {
    if (error instanceof ChatHttpError) return error;
    throw error;
  }
  throw new RangeError(`accepted ${body}`);
};

describe("parseChatRequest", () => {
  it("reads messages (text parts joined) and the sampling fields under their own names", () => {
    const request = parseChatRequest(
      JSON.stringify({
        model: "m",
        messages: [
          { role: "user", content: [{ type: "text", text: "a" }, { type: "image" }, { type: "text", text: "b" }] },
        ],
        temperature: 0.5,
        top_p: 0,
        max_tokens: 9,
        max_completion_tokens: 3,
        seed: -4,
        logprobs: true,
        n: 1,
        stream: false,
      }),
    );
    expect(request).toEqual({
      messages: [{ role: "user", content: "ab" }],
      temperature: 0.5,
      topP: 1e-9,
      maxTokens: 3,
      seed: -4,
      logprobs: true,
    });
    expect(parseChatRequest(JSON.stringify({ messages: user, logprobs: null, seed: null }))).toEqual({
      messages: user,
    });
  });

  it("refuses with 400 naming the field", () => {
    const cases: [string, string, string | null][] = [
      ["{ nope", "body is not valid JSON: Expected property name or '}' in JSON at position 2", null],
      ["", "body is not valid JSON: Unexpected end of JSON input", null],
      ["[]", "body: expected a JSON object", null],
      ["{}", "messages: expected a non-empty array of {role, content}", "messages"],
      ['{"messages": [null]}', "messages[0]: expected an object with role and content", "messages[0]"],
      ['{"messages": [{"role": 1}]}', "messages[0].role: expected a string", "messages[0].role"],
      [
        '{"messages": [{"role": "user", "content": 3}]}',
        "messages[0].content: expected a string",
        "messages[0].content",
      ],
    ];
    for (const [body, message, param] of cases) {
      const error = refusal(body);
      expect([error.status, error.message, error.param]).toEqual([400, message, param]);
    }
    const withUser = (extra: object) => JSON.stringify({ messages: user, ...extra });
    expect(refusal(withUser({ stream: true })).param).toBe("stream");
    expect(refusal(withUser({ n: 2 })).message).toBe("n: expected an integer in [1, 1], got 2");
    expect(refusal(withUser({ model: 3 })).param).toBe("model");
    expect(refusal(withUser({ logprobs: "yes" })).param).toBe("logprobs");
    expect(refusal(withUser({ temperature: "1" })).message).toBe('temperature: expected a number in [0, 100], got "1"');
    expect(refusal(withUser({ seed: 1.5 })).param).toBe("seed");
  });

  it("answers any text with a request or a 400 ChatHttpError, never another error", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) =>
            JSON.stringify({
              messages: user,
              ...(typeof v === "object" && v !== null && !Array.isArray(v) ? v : { x: v }),
            }),
          ),
        ),
        (body) => {
          try {
            const request = parseChatRequest(body);
            expect(request.messages.length).toBeGreaterThan(0);
          } catch (error) {
            expect(error).toBeInstanceOf(ChatHttpError);
            expect((error as ChatHttpError).status).toBe(400);
          }
        },
      ),
    );
  });

  it("keeps tools, tool calls and template kwargs for the chat template, refusing malformed ones by field", () => {
    const tool = { type: "function", function: { name: "share", parameters: { type: "object" } } };
    const request = parseChatRequest(
      JSON.stringify({
        messages: [
          { role: "user", content: "hi" },
          {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c1", type: "function", function: { name: "share", arguments: '{"cell":1}' } }],
          },
          { role: "tool", content: "ok", tool_call_id: "c1", name: "share" },
        ],
        tools: [tool],
        tool_choice: "auto",
        chat_template_kwargs: { enable_thinking: false },
      }),
    );
    expect(request).toEqual({
      messages: [
        { role: "user", content: "hi" },
        {
          role: "assistant",
          content: "",
          tool_calls: [{ id: "c1", type: "function", function: { name: "share", arguments: '{"cell":1}' } }],
        },
        { role: "tool", content: "ok", tool_call_id: "c1", name: "share" },
      ],
      tools: [tool],
      chatTemplateKwargs: { enable_thinking: false },
    });
    expect(parseChatRequest(JSON.stringify({ messages: user, enable_thinking: true, tool_choice: "none" }))).toEqual({
      messages: user,
      toolChoice: "none",
      chatTemplateKwargs: { enable_thinking: true },
    });
    const withUser = (extra: object) => JSON.stringify({ messages: user, ...extra });
    const params: [object, string][] = [
      [{ tools: {} }, "tools"],
      [{ tools: [{ type: "function" }] }, "tools[0]"],
      [{ tools: [{ type: "function", function: { name: "" } }] }, "tools[0].function.name"],
      [{ tool_choice: "required" }, "tool_choice"],
      [{ chat_template_kwargs: [] }, "chat_template_kwargs"],
      [{ chat_template_kwargs: { enable_thinking: "no" } }, "chat_template_kwargs.enable_thinking"],
      [{ enable_thinking: 1 }, "enable_thinking"],
      [{ messages: [{ role: "assistant", content: null, tool_calls: {} }] }, "messages[0].tool_calls"],
      [
        { messages: [{ role: "assistant", tool_calls: [{ function: { name: "f", arguments: 3 } }] }] },
        "messages[0].tool_calls[0].function.arguments",
      ],
      [{ messages: [{ role: "tool", content: "x", tool_call_id: 5 }] }, "messages[0].tool_call_id"],
    ];
    for (const [extra, param] of params) expect(refusal(withUser(extra)).param).toBe(param);
  });

  it("reads a temperature of -0 as the 0 its JSON says (a shrunk counterexample)", () => {
    const request = parseChatRequest(JSON.stringify({ messages: user, temperature: -0, top_p: 1 }));
    expect(Object.is(request.temperature, 0)).toBe(true);
  });

  it("keeps every number field inside its range", () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (temperature, topP) => {
          const body = JSON.stringify({ messages: user, temperature, top_p: topP });
          const ok = Number.isFinite(temperature) && temperature >= 0 && temperature <= 100 && topP >= 0 && topP <= 1;
          if (ok) {
            // The body is JSON, where -0 is written "0": compare with what was sent, not the double drawn.
            const sent = JSON.parse(body) as { temperature: number; top_p: number };
            const request = parseChatRequest(body);
            expect(request.temperature).toBe(sent.temperature);
            expect(request.topP).toBe(sent.top_p === 0 ? 1e-9 : sent.top_p);
          } else expect(() => parseChatRequest(body)).toThrow(ChatHttpError);
        },
      ),
    );
  });
});
