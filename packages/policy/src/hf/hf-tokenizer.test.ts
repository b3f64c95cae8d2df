import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HfTokenizer } from "./hf-tokenizer";
import { bundledQwen3TokenizerDir } from "./write-tiny-checkpoint";

const qwen3 = HfTokenizer.fromFolder(bundledQwen3TokenizerDir());
const tools = [
  {
    type: "function",
    function: { name: "ask", description: "Ask a teammate", parameters: { type: "object", properties: {} } },
  },
];

// Golden renderings of Qwen3's own template (written out from its Jinja source by hand, checked token by token).
describe("Qwen3 chat template through @huggingface/jinja", () => {
  it("renders system, user and the generation prompt; enable_thinking=false opens an empty think block", () => {
    const messages = [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi" },
    ] as const;
    expect(qwen3.renderChat([...messages])).toBe(
      "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n",
    );
    expect(qwen3.renderChat([...messages], { enableThinking: false })).toBe(
      "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n",
    );
  });

  it("renders tools into the system turn and tool calls and responses in Qwen's tags", () => {
    const text = qwen3.renderChat(
      [
        { role: "user", content: "Go" },
        {
          role: "assistant",
          content: "",
          tool_calls: [{ type: "function", function: { name: "ask", arguments: { q: 1 } } }],
        },
        { role: "tool", content: "red" },
      ],
      { tools },
    );
    expect(text).toBe(
      "<|im_start|>system\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n" +
        "You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n" +
        '{"type": "function", "function": {"name": "ask", "description": "Ask a teammate", "parameters": {"type": "object", "properties": {}}}}\n' +
        "</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n" +
        '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n' +
        "<|im_start|>user\nGo<|im_end|>\n" +
        // not the last turn and no reasoning: no think block (the template's own rule)
        '<|im_start|>assistant\n<tool_call>\n{"name": "ask", "arguments": {"q": 1}}\n</tool_call><|im_end|>\n' +
        "<|im_start|>user\n<tool_response>\nred\n</tool_response><|im_end|>\n<|im_start|>assistant\n",
    );
  });

  it("strips <think> blocks of earlier assistant turns and keeps the last one", () => {
    const text = qwen3.renderChat(
      [
        { role: "user", content: "a" },
        { role: "assistant", content: "<think>\nold\n</think>\n\nfirst" },
        { role: "user", content: "b" },
        { role: "assistant", content: "<think>\nnew\n</think>\n\nsecond" },
      ],
      { addGenerationPrompt: false },
    );
    expect(text).toBe(
      "<|im_start|>user\na<|im_end|>\n<|im_start|>assistant\nfirst<|im_end|>\n" +
        "<|im_start|>user\nb<|im_end|>\n<|im_start|>assistant\n<think>\nnew\n</think>\n\nsecond<|im_end|>\n",
    );
  });

  it("encodes tool and control tags as single tokens and decodes back", () => {
    const ids = qwen3.encode("<tool_call>x</tool_call><|im_end|>");
    expect(ids[0]).toBe(qwen3.tokenId("<tool_call>"));
    expect(ids.at(-1)).toBe(qwen3.tokenId("<|im_end|>"));
    expect(qwen3.decode(ids)).toBe("<tool_call>x</tool_call><|im_end|>");
  });

  it("names the file when a folder has no tokenizer", () => {
    const dir = mkdtempSync(join(tmpdir(), "cosir-tok-"));
    try {
      expect(() => HfTokenizer.fromFolder(dir)).toThrow(/tokenizer\.json: missing/);
      writeFileSync(join(dir, "tokenizer.json"), "{not json");
      expect(() => HfTokenizer.fromFolder(dir)).toThrow(/tokenizer\.json: cannot read JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
