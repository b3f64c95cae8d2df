import { cosirPreset, scoreEpisode } from "@cosir/rewards";
import { generateTask } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { oracleEpisode } from "../test/oracle-steps";
import { parseTranscript } from "./parse-transcript";
import { responseOf } from "./response-of";
import { renderTranscript } from "./render-transcript";
import { replayTranscript } from "./replay-transcript";

describe("transcripts", () => {
  it.each([
    ["hiddenProfile", 1, "natural"],
    ["random", 2, "canonical"],
    ["random", 3, "natural"],
  ] as const)("round-trips an oracle trace (%s %i, %s) through render, parse and replay", async (family, seed, surface) => {
    const { task, trace } = await oracleEpisode(family, seed, surface);
    const replay = replayTranscript(task, parseTranscript(renderTranscript(trace)), surface);
    expect(replay.errors).toEqual([]);
    expect(replay.trace).toEqual(trace);
    expect(scoreEpisode(task, replay.trace, cosirPreset)).toEqual(scoreEpisode(task, trace, cosirPreset));
  });

  it("reads chat-template markers, continuation lines, and a marker-less single step", () => {
    expect(parseTranscript("<|im_start|>assistant\nAgent 2: Hello<|im_end|>\nmore\nA0: PASS</s>")).toEqual([
      { agent: 1, text: "Hello\nmore", line: 2 },
      { agent: 0, text: "PASS", line: 4 },
    ]);
    expect(parseTranscript("  SHARE o1 a0 4<|eot_id|>")).toEqual([{ agent: null, text: "SHARE o1 a0 4", line: 1 }]);
    expect(parseTranscript("<|im_end|>\n")).toEqual([]);
    expect(responseOf("PROMPT rest", "PROMPT ")).toBe("rest");
    expect(responseOf("other", "PROMPT")).toBe("other");
  });

  it("never throws on arbitrary responses, and replays at most one step per entry", () => {
    const task = generateTask({ family: "random", seed: 4 });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.constantFrom("canonical" as const, "natural" as const),
        (text, surface) => {
          const entries = parseTranscript(text);
          const replay = replayTranscript(task, entries, surface);
          expect(replay.steps).toBeLessThanOrEqual(entries.length);
          scoreEpisode(task, replay.trace, cosirPreset);
        },
      ),
      { numRuns: 200 },
    );
  });
});
