import type { ChatMessage } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatReply } from "../chat/chat-responder";
import { askVotes, readVotes, voteFields } from "./vote-hidden-bench";

const answers = ["Alpha Site", "Bravo Site", "Charlie Site"];

describe("readVotes", () => {
  it("parses each reply's vote; a failed call or an unrecognised reply votes for nothing", () => {
    const replies: ChatReply[] = [
      { text: '{"vote": "Bravo Site", "rationale": "Alpha Site floods"}' },
      { error: "HTTP 500" },
      { text: "no idea" },
      { text: "Charlie Site" },
    ];
    expect(readVotes(replies, answers)).toEqual([1, null, null, 2]);
  });
});

describe("askVotes", () => {
  it("asks agent i conversation i, all at once, and reads the votes", async () => {
    const asked: [number, string][] = [];
    let inFlight = 0;
    let most = 0;
    const ask = async (agent: number, m: ChatMessage[]): Promise<ChatReply> => {
      asked.push([agent, m[0]?.content ?? ""]);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return { text: answers[agent] as string };
    };
    const conversations = [0, 1, 2].map((i) => [{ role: "user" as const, content: `c${i}` }]);
    const round = await askVotes(conversations, answers, ask);
    expect(asked).toEqual([
      [0, "c0"],
      [1, "c1"],
      [2, "c2"],
    ]);
    expect(most).toBe(3);
    expect(round).toEqual({ replies: answers.map((text) => ({ text })), votes: [0, 1, 2] });
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
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (vote, rationale, before) => {
        const reply = `${before.replace(/[{}]/g, "")}${JSON.stringify({ vote, rationale })}`;
        expect(voteFields(reply, answers, null)).toEqual({ vote, rationale });
      }),
    );
  });
});
