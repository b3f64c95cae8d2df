import { describe, expect, it } from "vitest";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type { ScriptedTaskMatch } from "./match-scripted-task";
import { parseVote } from "./parse-vote";
import { isVotePrompt, ScriptedVoteCounter, scriptedHiddenBenchReply } from "./scripted-hidden-bench-reply";

const task: HiddenBenchTask = {
  id: "t",
  name: "t",
  description: "d",
  shared_information: [],
  hidden_information: ["Alpha  floods.", "Charlie has\nwells."],
  possible_answers: ["Alpha", "Bravo", "Charlie"],
  correct_answer: "Charlie",
};
const holds = (heldFacts: number[], condition: "hidden" | "full" = "hidden"): ScriptedTaskMatch => ({
  task,
  heldFacts,
  condition,
});

describe("isVotePrompt", () => {
  it("recognises either protocol's vote prompt", () => {
    expect(isVotePrompt('give it as {"vote": ...}')).toBe(true);
    expect(isVotePrompt("Privately vote for one answer.")).toBe(true);
    expect(isVotePrompt("It is your turn to speak.")).toBe(false);
  });
});

describe("ScriptedVoteCounter", () => {
  it("a vote is pre until the agent (its system message) has taken a turn, and counts each vote's asks", () => {
    const c = new ScriptedVoteCounter();
    expect(c.kind("s0", false)).toEqual({ kind: "preVote", ask: 1 });
    expect(c.kind("s0", false)).toEqual({ kind: "preVote", ask: 2 });
    expect(c.kind("s1", false)).toEqual({ kind: "preVote", ask: 1 });
    c.turn("s0");
    expect(c.kind("s0", false)).toEqual({ kind: "postVote", ask: 1 });
    expect(c.kind("s1", true)).toEqual({ kind: "postVote", ask: 1 });
  });
});

describe("reply styles", () => {
  const lettered: HiddenBenchTask = {
    ...task,
    possible_answers: ["Alpha (Site A)", "Bravo (Site B)", "Charlie (Site C)"],
    correct_answer: "Charlie (Site C)",
  };
  const full: ScriptedTaskMatch = { task: lettered, heldFacts: [0, 1], condition: "full" };
  it("letter: prose with the label and no JSON; thinking: a decoy in the think block; cutoff: the first ask cut", () => {
    const letter = scriptedHiddenBenchReply(full, "preVote", "discloser", "", 0, "letter");
    expect(letter).toMatchObject({ reply: "Having weighed it all, my final answer: C.", json: false, vote: 2 });
    expect(parseVote(letter.reply, lettered.possible_answers)).toBe(2);
    const thinking = scriptedHiddenBenchReply(full, "preVote", "discloser", "", 0, "thinking");
    expect(thinking.reply).toMatch(
      /^<think>Maybe \{"vote": "Alpha \(Site A\)"\}\? No\.<\/think>\n\{"vote":"Charlie \(Site C\)"/,
    );
    const cut = scriptedHiddenBenchReply(full, "preVote", "discloser", "", 0, "cutoff", 1);
    expect(cut).toMatchObject({ json: false, tolerantVote: null });
    expect(cut.reply).toMatch(/^<think>I think the answer is Alpha \(Site A\) but let me reconsider$/);
    expect(scriptedHiddenBenchReply(full, "preVote", "discloser", "", 0, "cutoff", 2).json).toBe(true);
  });
});

describe("scriptedHiddenBenchReply", () => {
  it("votes the first wrong option, in JSON naming every option, until it knows every fact", () => {
    const r = scriptedHiddenBenchReply(holds([0]), "preVote", "discloser", "");
    expect(r.vote).toBe(0);
    expect(JSON.parse(r.reply)).toEqual({
      vote: "Alpha",
      rationale: "Bravo looks weaker than Alpha, and Charlie is not convincing.",
    });
    expect(parseVote(r.reply, task.possible_answers)).toBe(0);
    expect(r.stated).toEqual([]);
  });

  it("a discloser votes right after the discussion once it heard the other facts; a withholder never", () => {
    const heard = "Person 2: Charlie has wells.";
    expect(scriptedHiddenBenchReply(holds([0]), "postVote", "discloser", heard).vote).toBe(2);
    expect(scriptedHiddenBenchReply(holds([0]), "postVote", "discloser", "nothing").vote).toBe(0);
    expect(scriptedHiddenBenchReply(holds([0]), "preVote", "discloser", heard).vote).toBe(0);
    expect(scriptedHiddenBenchReply(holds([0]), "postVote", "withholder", heard).vote).toBe(0);
    expect(scriptedHiddenBenchReply(holds([0, 1], "full"), "preVote", "withholder", "").vote).toBe(2);
  });

  it("turns: a discloser states its facts (whitespace squashed), a withholder repeats the options", () => {
    expect(scriptedHiddenBenchReply(holds([1, 0]), "turn", "discloser", "")).toEqual({
      reply: "What I know: Charlie has wells. Alpha floods.",
      vote: null,
      stated: [1, 0],
      json: false,
      tolerantVote: null,
    });
    expect(scriptedHiddenBenchReply(holds([1]), "turn", "withholder", "")).toEqual({
      reply: "We should weigh Alpha, Bravo, Charlie carefully before deciding.",
      vote: null,
      stated: [],
      json: false,
      tolerantVote: null,
    });
  });

  it("pads turns, never votes, with at least `padding` characters of filler", () => {
    const turn = scriptedHiddenBenchReply(holds([0]), "turn", "withholder", "", 20);
    expect(turn.reply).toBe(`We should weigh Alpha, Bravo, Charlie carefully before deciding. ${"filler ".repeat(3)}`);
    expect(scriptedHiddenBenchReply(holds([0]), "preVote", "discloser", "", 20).reply).not.toContain("filler");
  });
});
