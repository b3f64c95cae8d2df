import type { ChatMessage } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatReply } from "../chat/chat-responder";
import {
  type CosirDiscussion,
  cosirTranscriptText,
  cutReply,
  discussCosir,
  discussOriginal,
  type OriginalDiscussion,
  originalTurnPrompt,
} from "./discuss-hidden-bench";
import { HIDDEN_BENCH_PROMPTS } from "./hidden-bench-prompts";
import type { HiddenBenchMessage } from "./hidden-bench-types";
import type { AskAgent } from "./vote-hidden-bench";

const P = {
  ...HIDDEN_BENCH_PROMPTS,
  initialVotePrefix: "[%vote%|%rationale%]",
  firstSpeaker: "FIRST",
  turn: "TURN<%messages%>",
};

/** A scripted agent: replies `reply(agent, call)`, asked again up to `tries` times while it fails, and records what it was asked. */
function scriptedAsk(reply: (agent: number, call: number) => ChatReply) {
  const asked: { agent: number; messages: ChatMessage[] }[] = [];
  const ask: AskAgent = async (agent, messages, o) => {
    let r: ChatReply;
    let tries = 0;
    do {
      tries++;
      asked.push({ agent, messages: structuredClone(messages) });
      r = reply(agent, asked.length);
    } while (r.error !== undefined && tries < (o?.tries ?? 1));
    return { reply: r, tries };
  };
  return { asked, ask };
}

function original(over: Partial<OriginalDiscussion> = {}): OriginalDiscussion {
  return {
    histories: [0, 1, 2].map((i) => [{ role: "system", content: `sys${i}` }]),
    pre: {
      replies: [{ text: '{"vote": "A", "rationale": "ra"}' }, { error: "down" }, { text: "B because" }],
      votes: [0, null, 1],
      keys: ["A", null, "B"],
      tries: [1, 1, 1],
    },
    answers: ["A", "B"],
    rounds: 2,
    prompts: P,
    maxReplyChars: 100,
    failedTurns: "drop",
    tries: 1,
    transcript: [],
    ask: async () => ({ reply: { text: "" }, tries: 1 }),
    ...over,
  };
}

describe("cutReply", () => {
  it("keeps at most maxChars characters and says whether it cut", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 30 }), (text, max) => {
        const r = cutReply(text, max);
        expect(r.text).toBe(text.slice(0, max));
        expect(r.truncated).toBe(text.length > max);
      }),
    );
  });
});

describe("originalTurnPrompt", () => {
  it("round 1: own initial vote (JSON fields, or the parsed vote), then first speaker or this round so far", () => {
    const d = original();
    expect(originalTurnPrompt(d, 0, 0, [null, null, null])).toBe("[A|ra]FIRST");
    d.transcript.push({ agent: 0, round: 0, text: "hello" });
    // a failed pre-vote gives an empty prefix
    expect(originalTurnPrompt(d, 1, 0, ["hello", null, null])).toBe("[|]TURN<Person 1: hello>");
    expect(originalTurnPrompt(d, 2, 0, ["hello", null, null])).toBe("[B|B because]TURN<Person 1: hello>");
  });

  it("later rounds: the others' latest messages from the next agent on, skipping failed turns", () => {
    expect(originalTurnPrompt(original(), 1, 1, ["a0", "a1", "a2"])).toBe("TURN<Person 3: a2\nPerson 1: a0>");
    expect(originalTurnPrompt(original(), 0, 1, ["a0", null, "a2"])).toBe("TURN<Person 3: a2>");
  });
});

describe("discussOriginal", () => {
  it("agents speak in turn each round on their own histories; failed turns are recorded and shown to no one", async () => {
    const s = scriptedAsk((agent, call) => (call === 2 ? { error: "HTTP 500" } : { text: `m${agent}.${call}` }));
    const d = original({ ask: s.ask });
    await discussOriginal(d);
    expect(s.asked.map((a) => a.agent)).toEqual([0, 1, 2, 0, 1, 2]);
    expect(d.transcript).toEqual([
      { agent: 0, round: 0, text: "m0.1" },
      { agent: 1, round: 0, text: "", error: "HTTP 500" },
      { agent: 2, round: 0, text: "m2.3" },
      { agent: 0, round: 1, text: "m0.4" },
      { agent: 1, round: 1, text: "m1.5" },
      { agent: 2, round: 1, text: "m2.6" },
    ]);
    // agent 1's failed turn left its history alone; agent 0's grew by its turn and reply
    expect(d.histories[1]?.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(d.histories[0]?.slice(1, 3)).toEqual([
      { role: "user", content: "[A|ra]FIRST" },
      { role: "assistant", content: "m0.1" },
    ]);
    // round 2, agent 0 hears agent 2 but not agent 1 (whose round-1 turn failed)
    expect(s.asked[3]?.messages.at(-1)?.content).toBe("TURN<Person 3: m2.3>");
    expect(JSON.stringify(s.asked)).not.toContain("HTTP 500");
  });

  it("failedTurns retry: a failed turn is asked again, and one that never gets through leaves the previous message standing", async () => {
    // agent 1 fails its round-2 turn on every try (calls 6 and 7 with tries 2); calls 2 fails once, then succeeds
    const s = scriptedAsk((agent, call) =>
      call === 2 || call === 6 || call === 7 ? { error: "HTTP 500" } : { text: `m${agent}.${call}` },
    );
    const d = original({ ask: s.ask, failedTurns: "retry", tries: 2 });
    await discussOriginal(d);
    expect(s.asked.map((a) => a.agent)).toEqual([0, 1, 1, 2, 0, 1, 1, 2]);
    expect(d.transcript.map((m) => m.text)).toEqual(["m0.1", "m1.3", "m2.4", "m0.5", "", "m2.8"]);
    // agent 2 in round 2 hears agent 0's round-2 message and agent 1's round-1 message (its round-2 turn failed)
    expect(s.asked[7]?.messages.at(-1)?.content).toBe("TURN<Person 1: m0.5\nPerson 2: m1.3>");
  });

  it("a thinking model's <think> block never enters a prompt", async () => {
    const s = scriptedAsk((agent) => ({ text: `<think>secret ${agent}</think>said ${agent}` }));
    const d = original({ ask: s.ask, rounds: 2 });
    await discussOriginal(d);
    expect(JSON.stringify(s.asked)).not.toContain("secret");
    expect(d.transcript[0]?.text).toBe("said 0");
  });

  it("cuts replies before they enter a history, marking them truncated", async () => {
    const s = scriptedAsk(() => ({ text: "x".repeat(50) }));
    const d = original({ ask: s.ask, maxReplyChars: 10, rounds: 1 });
    await discussOriginal(d);
    expect(d.transcript.every((m) => m.text === "x".repeat(10) && m.truncated === true)).toBe(true);
    expect(d.histories[2]?.at(-1)?.content).toBe("x".repeat(10));
  });

  it("zero rounds ask nothing", async () => {
    const s = scriptedAsk(() => ({ text: "" }));
    await discussOriginal(original({ ask: s.ask, rounds: 0 }));
    expect(s.asked).toEqual([]);
  });
});

describe("cosir discussion", () => {
  it("cosirTranscriptText lists the messages that got through", () => {
    const t: HiddenBenchMessage[] = [
      { agent: 0, round: 0, text: "hi" },
      { agent: 1, round: 0, text: "", error: "x" },
    ];
    expect(cosirTranscriptText([])).toBe("No discussion yet.");
    expect(cosirTranscriptText(t)).toBe("Discussion so far:\nAgent 1: hi");
  });

  it("each turn is a fresh conversation with the transcript so far", async () => {
    const s = scriptedAsk((agent, call) => (call === 1 ? { error: "busy" } : { text: `said ${agent}` }));
    const d: CosirDiscussion = {
      agents: 2,
      rounds: 2,
      maxReplyChars: 4,
      conversation: (agent, user) => [
        { role: "system", content: `S${agent}` },
        { role: "user", content: user },
      ],
      transcript: [],
      ask: s.ask,
    };
    await discussCosir(d);
    expect(s.asked.map((a) => a.messages.length)).toEqual([2, 2, 2, 2]);
    expect(s.asked[0]?.messages[1]?.content).toBe(
      "No discussion yet.\nRound 1 of 2. It is your turn: write a short message to your team.",
    );
    expect(s.asked[2]?.messages[1]?.content).toBe(
      "Discussion so far:\nAgent 2: said\nRound 2 of 2. It is your turn: write a short message to your team.",
    );
    expect(d.transcript[0]).toEqual({ agent: 0, round: 0, text: "", error: "busy" });
    expect(d.transcript[1]).toEqual({ agent: 1, round: 0, text: "said", truncated: true });
  });
});
