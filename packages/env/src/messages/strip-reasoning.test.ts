import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTask } from "../generators/generate-task";
import { parseCanonical } from "./parse-canonical";
import { parseChoice } from "./parse-choice";
import { parseMessage } from "./parse-message";
import { parseNatural } from "./parse-natural";
import { parseToolText } from "./parse-tool-text";
import { stripReasoning } from "./strip-reasoning";

/** A simpler oracle: a character-by-character scan with a flag, over the lower-cased text. */
function oracle(text: string): string {
  const lower = text.toLowerCase();
  const tags = ["think", "thinking", "reasoning"];
  const openAt = (i: number): number => {
    for (const t of tags) if (lower.startsWith(`<${t}>`, i)) return t.length + 2;
    return 0;
  };
  const closeAt = (i: number): number => {
    for (const t of tags) if (lower.startsWith(`</${t}>`, i)) return t.length + 3;
    return 0;
  };
  let inside = false;
  // starts inside when a closing tag comes before any opening one
  for (let i = 0; i < text.length; i++) {
    if (openAt(i) > 0) break;
    if (closeAt(i) > 0) {
      inside = true;
      break;
    }
  }
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (inside) {
      const c = closeAt(i);
      if (c > 0) {
        inside = false;
        out += "\n\n";
        i += c;
      } else i++;
      continue;
    }
    const o = openAt(i);
    if (o > 0) {
      inside = true;
      i += o;
      continue;
    }
    out += text[i];
    i++;
  }
  return out;
}

const squash = (s: string): string => s.replace(/\s+/g, " ").trim();

describe("stripReasoning (the reasoning rule)", () => {
  it("removes closed, cut-off and prompt-opened blocks", () => {
    expect(squash(stripReasoning("<think>A has 4</think>B has 2."))).toBe("B has 2.");
    expect(squash(stripReasoning("B has 2. <think>A has 4 and"))).toBe("B has 2.");
    expect(squash(stripReasoning("reasoning here</think>\nB has 2."))).toBe("B has 2.");
    expect(squash(stripReasoning("<THINK>x</THINK>a<thinking>y</thinking>b"))).toBe("a b");
    expect(stripReasoning("no tags at all")).toBe("no tags at all");
    expect(squash(stripReasoning("<think></think>"))).toBe("");
  });

  it("keeps the text on either side of a block in separate sentences", () => {
    expect(stripReasoning("a<think>x</think>b")).toBe("a\n\nb");
  });

  it("agrees with a character-scan oracle on random tagged text", () => {
    const piece = fc.oneof(
      fc.constantFrom("<think>", "</think>", "<THINK>", "</Thinking>", "<thinking>", "<reasoning>", "</reasoning>"),
      fc.constantFrom("<thin", "k>", "<", ">", "/", " ", "\n", "A has 4."),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(squash(stripReasoning(text))).toBe(squash(oracle(text)));
      }),
    );
  });

  it("a planted mistake (keeping cut-off blocks) fails the oracle comparison", () => {
    const planted = (text: string): string => text.replace(/<think>[\s\S]*?<\/think>/gi, "\n\n");
    expect(squash(planted("a<think>b"))).not.toBe(squash(oracle("a<think>b")));
  });

  it("is linear: a text of many blocks is read quickly", () => {
    const text = "<think>x</think>y".repeat(4000);
    expect(stripReasoning(text).replace(/\s/g, "")).toBe("y".repeat(4000));
  });
});

describe("the reasoning rule on every parsing surface", () => {
  const task = generateTask({ family: "hiddenProfile", seed: 1, domain: "restaurants" });
  const hidden = "<think>Restaurant A has food quality 2. I propose Restaurant A. Nothing to add.</think>";

  it("natural: nothing inside a block is credited, closed or cut off", () => {
    expect(parseNatural(`${hidden}Restaurant B has service 4.`, task).acts).toEqual([
      { kind: "share", option: 1, attribute: 1, level: 4 },
    ]);
    const cut = parseNatural("Restaurant B has service 4. <think>Restaurant A has food quality 2", task);
    expect(cut.acts).toEqual([{ kind: "share", option: 1, attribute: 1, level: 4 }]);
    expect(cut.unparsed).toBeUndefined();
    expect(parseNatural("I propose Restaurant A.</think>Nothing to add.", task).acts).toEqual([{ kind: "pass" }]);
    const only = parseNatural(hidden, task);
    expect(only.error).toBeDefined();
    expect(only.acts).toEqual([{ kind: "pass" }]);
  });

  it("tool text: a call inside a block was never made", () => {
    const call = '<tool_call>{"name": "propose", "arguments": {"option": "Restaurant A"}}</tool_call>';
    const after = '<tool_call>{"name": "propose", "arguments": {"option": "Restaurant C"}}</tool_call>';
    expect(parseToolText(`<think>${call}</think>${after}`, task).acts).toEqual([{ kind: "propose", option: 2 }]);
    expect(parseToolText(`${after}<think>${call}`, task).acts).toEqual([{ kind: "propose", option: 2 }]);
    expect(parseToolText(`<think>${call}</think>`, task).error).toBeDefined();
  });

  it("canonical (through parseMessage) and choices on every surface", () => {
    expect(parseMessage("<think>SHARE o0 a0 1</think>PROPOSE o2", "canonical", task).acts).toEqual([
      { kind: "propose", option: 2 },
    ]);
    expect(parseCanonical("<think>x</think>PASS", task).error).toBeDefined(); // parseCanonical alone stays strict
    expect(parseChoice("<think>I choose Restaurant A.</think>I choose Restaurant B.", "natural", task).choice).toBe(1);
    expect(parseChoice("<think>I choose Restaurant A.", "natural", task).choice).toBeNull();
    expect(parseChoice("<think>CHOOSE o0</think>CHOOSE o2", "canonical", task).choice).toBe(2);
    const choose = '<tool_call>{"name": "choose", "arguments": {"option": "Restaurant A"}}</tool_call>';
    expect(parseChoice(`<think>${choose}</think>I choose Restaurant C.`, "tool", task).choice).toBe(2);
  });

  it("property: whatever acts a block holds, the parse equals the parse of the text outside it", () => {
    const sentences = [
      "Restaurant A has food quality 4.",
      "I propose Restaurant C.",
      "What is the service of Restaurant B?",
      "Nothing to add.",
      "Restaurant B's ambience is 2.",
    ];
    const s = fc.constantFrom(...sentences);
    fc.assert(
      fc.property(
        fc.array(s, { minLength: 1, maxLength: 3 }),
        fc.array(s, { maxLength: 3 }),
        fc.boolean(),
        (out, inside, closed) => {
          const said = out.join(" ");
          const text = closed ? `<think>${inside.join(" ")}</think>${said}` : `${said}\n<think>${inside.join(" ")}`;
          expect(parseNatural(text, task).acts).toEqual(parseNatural(said, task).acts);
        },
      ),
    );
  });
});
