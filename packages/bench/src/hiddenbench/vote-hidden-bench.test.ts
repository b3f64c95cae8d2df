import type { ChatMessage } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatReply } from "../chat/chat-responder";
import { type AskAgent, askVotes, readVotes, voteFields } from "./vote-hidden-bench";

const answers = ["Alpha Site", "Bravo Site", "Charlie Site"];

describe("readVotes", () => {
  it("parses each reply's vote; a failed call or an unrecognised reply votes for nothing", () => {
    const replies: ChatReply[] = [
      { text: '{"vote": "Bravo Site", "rationale": "Alpha Site floods"}' },
      { error: "HTTP 500" },
      { text: "no idea" },
      { text: "Charlie Site" },
    ];
    expect(readVotes(replies, answers).map((r) => r.option)).toEqual([1, null, null, 2]);
    // the original reader counts only the JSON vote, exactly
    expect(readVotes(replies, answers, "original").map((r) => r.option)).toEqual([1, null, null, null]);
  });
});

describe("askVotes", () => {
  it("asks agent i conversation i, all at once, and reads the votes", async () => {
    const asked: [number, string][] = [];
    let inFlight = 0;
    let most = 0;
    const ask = async (agent: number, m: ChatMessage[]) => {
      asked.push([agent, m[0]?.content ?? ""]);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return { reply: { text: answers[agent] as string } as ChatReply, tries: 1 };
    };
    const conversations = [0, 1, 2].map((i) => [{ role: "user" as const, content: `c${i}` }]);
    const round = await askVotes(conversations, answers, ask);
    expect(asked).toEqual([
      [0, "c0"],
      [1, "c1"],
      [2, "c2"],
    ]);
    expect(most).toBe(3);
    expect(round).toEqual({
      replies: answers.map((text) => ({ text })),
      votes: [0, 1, 2],
      keys: answers,
      tries: [1, 1, 1],
    });
  });

  it("asks each vote again until its reply holds a JSON vote, at most `tries` times, and reads the last reply", async () => {
    const script: Record<number, string[]> = {
      0: ['{"vote": "Bravo Site", "rationale": "r"}'],
      1: ["<think>cut off before any", "Bravo Site, surely", '{"vote": "Charlie Site", "rationale": "r"}'],
      2: ["prose", "prose", "prose", "prose"],
    };
    const asks: number[] = [0, 0, 0];
    const ask: AskAgent = async (agent, _m, o) => {
      let tries = 0;
      let reply: ChatReply = { error: "none" };
      while (tries < (o?.tries ?? 1)) {
        const k = asks[agent] ?? 0;
        asks[agent] = k + 1;
        reply = { text: (script[agent] as string[])[k] ?? "prose" };
        tries++;
        if (o?.accept?.(reply) === true) break;
      }
      return { reply, tries };
    };
    const conversations = [0, 1, 2].map(() => [{ role: "user" as const, content: "v" }]);
    const round = await askVotes(conversations, answers, ask, "original", 3);
    expect(round.tries).toEqual([1, 3, 3]);
    expect(round.votes).toEqual([1, 2, null]);
    expect(round.keys).toEqual(["Bravo Site", "Charlie Site", null]);
  });
});

describe("voteFields", () => {
  it("takes the JSON vote's fields as given, else the parsed vote and the whole reply", () => {
    expect(voteFields('Sure: {"vote": "bravo", "rationale": "why not"}', answers, 1)).toEqual({
      vote: "bravo",
      rationale: "why not",
    });
    expect(voteFields('{"rationale": "r"}', answers, 2)).toEqual({ vote: "Charlie Site", rationale: "r" });
    expect(voteFields('{"vote": "x"}', answers, null)).toEqual({ vote: "x", rationale: "" });
    expect(voteFields("{not json}", answers, 0)).toEqual({ vote: "Alpha Site", rationale: "{not json}" });
    expect(voteFields("I pick it", answers, null)).toEqual({ vote: "", rationale: "I pick it" });
  });

  it("round-trips any JSON vote and rationale strings", () => {
    // brackets inside strings count as brackets in the original's extract_json, and "<" could open a <think>
    const plain = fc.string().map((x) => x.replace(/[{}[\]<\n]/g, ""));
    fc.assert(
      fc.property(plain, plain, plain, (vote, rationale, before) => {
        const reply = `${before}${JSON.stringify({ vote, rationale })}`;
        expect(voteFields(reply, answers, null)).toEqual({ vote, rationale });
      }),
    );
  });
});
