import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hiddenProfileTask } from "../generators/hidden-profile-task";
import { taskAndActsArbitrary } from "../test-support/arbitraries";
import { answerNames } from "./answer-names";
import { CHAT_ERROR_PREFIX, chatErrorText } from "./chat-error-prefix";
import { MAX_MESSAGE_LENGTH } from "./message-limits";
import { parseChoice } from "./parse-choice";
import { parseMessage } from "./parse-message";
import { renderMessage } from "./render-message";

const task = hiddenProfileTask({ seed: 1 });
const surfaces = ["canonical", "natural", "tool"] as const;

function randomText(length: number, seed: number): string {
  // deterministic mixture of act words, names, punctuation and arbitrary code points
  const pieces = [
    "SHARE",
    "o1",
    "a2",
    "4",
    ";",
    "Restaurant",
    "B",
    "has",
    "food",
    "quality",
    "What",
    "is",
    "the",
    "of",
    "?",
    "@Agent",
    "\u{1F600}",
    "é",
    "\n",
    " ",
    "  ",
    "-",
    "999999999999",
  ];
  let s = seed >>> 0;
  const out: string[] = [];
  let n = 0;
  while (n < length) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const piece =
      s % 5 === 0
        ? String.fromCodePoint(s % 0x10ffff >= 0xd800 && s % 0x10ffff < 0xe000 ? 0x41 : s % 0x10ffff)
        : (pieces[s % pieces.length] as string);
    out.push(piece, s % 3 === 0 ? " " : "");
    n += piece.length + 1;
  }
  return out.join("").slice(0, length);
}

describe("parseMessage", () => {
  it("round-trips on both surfaces", () => {
    fc.assert(
      fc.property(taskAndActsArbitrary, fc.constantFrom(...surfaces), ({ task: t, acts }, surface) => {
        expect(parseMessage(renderMessage(acts, surface, t), surface, t)).toEqual({ acts });
      }),
    );
  });

  it("never throws on arbitrary unicode, and always yields acts", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.constantFrom(...surfaces), (text, surface) => {
        const result = parseMessage(text, surface, task);
        expect(result.acts.length).toBeGreaterThan(0);
        if (result.error !== undefined) expect(result.acts).toEqual([{ kind: "pass" }]);
        const choice = parseChoice(text, surface, task);
        expect(choice.choice === null || (Number.isInteger(choice.choice) && choice.choice < task.options)).toBe(true);
      }),
    );
  });

  it("never throws on non-string input", () => {
    for (const surface of surfaces) {
      expect(parseMessage(undefined as unknown as string, surface, task).error).toMatch(/expected a string/);
      expect(parseChoice(42 as unknown as string, surface, task).error).toMatch(/expected a string/);
    }
  });

  it("rejects text over 64 KiB without scanning it, including 1 MB of random text", () => {
    const big = randomText(1 << 20, 7);
    for (const surface of surfaces) {
      const result = parseMessage(big, surface, task);
      expect(result).toEqual({ acts: [{ kind: "pass" }], error: expect.stringMatching(/too long/) });
      expect(parseChoice(big, surface, task).error).toMatch(/too long/);
      expect(parseMessage("x".repeat(MAX_MESSAGE_LENGTH + 1), surface, task).error).toMatch(/too long/);
    }
  });

  // One test per surface, each yielding to the event loop between inputs: vitest's worker answers its runner over an
  // RPC with a fixed 60 s timeout, and a test that keeps the loop busy past it fails the whole run with every test
  // green (CI of session 69's stop: "Timeout calling onTaskUpdate" after this test took 58 s on a loaded machine).
  it.each(
    surfaces,
  )("stays roughly linear up to the limit on the %s surface (a ratio of CPU times, no wall-clock bound)", async (surface) => {
    // CPU time of this process (not wall time), best of 7: other processes and parallel test files
    // sharing the cores do not count; only the parser's own work does.
    const time = (text: string): number => {
      let best = Number.POSITIVE_INFINITY;
      for (let r = 0; r < 7; r++) {
        const t0 = process.cpuUsage();
        parseMessage(text, surface, task);
        parseChoice(text, surface, task);
        const used = process.cpuUsage(t0);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      return best;
    };
    for (const make of [
      (n: number) => randomText(n, 3),
      (n: number) => "Restaurant B has food quality 4. ".repeat(n / 33),
      (n: number) => "a".repeat(n),
      // the issue-26 readers: tables, JSON brackets, YAML, <think>, corrections and answers in one long sentence
      (n: number) => `| Option | service |\n|---|---|\n${"| Restaurant A | 3 |\n".repeat(n / 22)}`,
      (n: number) => `--${" ".repeat(n - 3)}x`,
      (n: number) => `act: ${" ".repeat(n - 6)}x`,
      (n: number) => "[".repeat(n / 2) + "]".repeat(n / 2),
      (n: number) => "{[".repeat(n / 2),
      (n: number) => "<think>a</think>b".repeat(n / 17),
      (n: number) => `Agent 2 claims Restaurant A's service is 4${", but I see 2".repeat(n / 14)}.`,
      (n: number) => `As for Restaurant A's service${", it's a 2".repeat(n / 10)}.`,
      // session 69: diff fences that never close (the removed lines' blanking gives each up after 60 lines)
      (n: number) => "```diff\n- a: 1\n".repeat(n / 15),
    ]) {
      const small = make(6_000);
      const large = make(60_000);
      time(small); // warm up
      // min of 5 runs, and a 0.5 ms floor, keep GC pauses and timer resolution out of the ratio (linear = 10)
      const ratio = time(large) / Math.max(time(small), 0.5);
      expect(ratio).toBeLessThan(60);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    // CPU-heavy (about 10-20 s a surface alone on a loaded 2-core machine)
  }, 120_000);
});

describe("a chat error's text", () => {
  it("is a parse error on every surface, never acts or a choice, whatever the server's body says", () => {
    const name = answerNames(task)[0] as string;
    const bodies = [
      `HTTP 500: ${renderMessage([{ kind: "share", option: 0, attribute: 0, level: task.levels[1] }], "natural", task)}`,
      `HTTP 400: ${renderMessage([{ kind: "share", option: 1, attribute: 0, level: task.levels[0] }], "canonical", task)}`,
      `bad gateway <tool_call>{"name":"pass","arguments":{}}</tool_call> I choose ${name}`,
    ];
    // Without the prefix the first body is a real SHARE on the natural surface: the guard is what refuses it.
    expect(parseMessage((bodies[0] as string).slice(10), "natural", task).acts[0]?.kind).toBe("share");
    for (const body of bodies)
      for (const surface of surfaces) {
        const text = chatErrorText(body);
        expect(text).toBe(`${CHAT_ERROR_PREFIX}${body}]`);
        const parsed = parseMessage(text, surface, task);
        expect(parsed.error).toMatch(/chat error/);
        expect(parsed.acts).toEqual([{ kind: "pass" }]);
        expect(parseChoice(text, surface, task)).toMatchObject({
          choice: null,
          error: expect.stringMatching(/chat error/),
        });
      }
  });
});
