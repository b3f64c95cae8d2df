import type { ChatMessage } from "@cosir/env";
import { describe, expect, it } from "vitest";
import type { ChatReply, ChatResponder } from "../chat/chat-responder";
import { HiddenBenchCaller } from "./hidden-bench-caller";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type { HiddenBenchJob } from "./hidden-bench-types";
import { planHiddenBenchJobs } from "./plan-hidden-bench-jobs";
import { playCosir, playOriginal } from "./play-hidden-bench-episode";
import { resolveHiddenBenchOptions } from "./resolve-hidden-bench-options";
import { RunStoppedError } from "./run-stopped-error";

const task: HiddenBenchTask = {
  id: "t1",
  name: "site_choice",
  description: "Pick a site.",
  shared_information: ["Alpha is cheap."],
  hidden_information: ["Alpha floods in spring.", "Charlie has wells.", "Bravo's road is gone."],
  possible_answers: ["Alpha", "Bravo", "Charlie"],
  correct_answer: "Charlie",
};

/** A scripted team: votes `votes[kind][agent]` (kind 0 before, 1 after), and says "turn N" otherwise. */
function team(votes: string[][]) {
  const log: { seat: number; messages: ChatMessage[] }[] = [];
  const voted = new Map<number, number>();
  const seat = (agent: number): ChatResponder => ({
    name: `seat ${agent}`,
    complete: async () => [],
    reply: async (messages): Promise<ChatReply> => {
      log.push({ seat: agent, messages: [...messages] });
      const last = messages.at(-1)?.content ?? "";
      if (/"vote"|Privately vote/.test(last)) {
        const k = voted.get(agent) ?? 0;
        voted.set(agent, k + 1);
        return { text: `{"vote": "${votes[k]?.[agent]}", "rationale": "r${agent}"}` };
      }
      return { text: `turn ${log.length} by ${agent}?` };
    },
  });
  return { log, seat };
}

const jobOf = (protocol: "original" | "cosir", agents?: number): HiddenBenchJob =>
  planHiddenBenchJobs([task], { protocol, conditions: ["hidden"], runs: 1, agents })[0] as HiddenBenchJob;

describe("playOriginal", () => {
  it("deals, votes, discusses R rounds, votes again and takes the plurality", async () => {
    const t = team([
      ["Alpha", "Bravo", "Alpha"],
      ["Charlie", "Charlie", "Bravo"],
    ]);
    const o = resolveHiddenBenchOptions({ rounds: 2, seed: 5 });
    const job = jobOf("original");
    await playOriginal(job, o, new HiddenBenchCaller(t.seat, 12));
    const e = job.episode;
    expect(t.log).toHaveLength(3 * (2 + 2));
    expect(t.log.map((c) => c.seat)).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
    expect([...e.hiddenFact].sort()).toEqual([0, 1, 2]);
    expect(e.preVotes).toEqual([0, 1, 0]);
    expect(e.postVotes).toEqual([2, 2, 1]);
    expect([e.preDecision, e.decision]).toEqual([0, 2]);
    expect(e.transcript.map((m) => `${m.round}:${m.agent}`)).toEqual(["0:0", "0:1", "0:2", "1:0", "1:1", "1:2"]);
    expect([e.calls, e.errors, e.finished]).toEqual([12, 0, false]);
    // the votes are asked on a copy of the history: the post vote sees system + 2 turns and replies + prompt
    const post = t.log.slice(-3);
    expect(post.map((c) => c.messages.length)).toEqual([6, 6, 6]);
    expect(post[0]?.messages.at(-1)?.content).toContain("Person 2: turn 8 by 1?");
  });

  it("a stopped run leaves what the episode got so far", async () => {
    const t = team([["Alpha", "Alpha", "Alpha"]]);
    const job = jobOf("original");
    const stopAfterVotes = (agent: number): ChatResponder => ({
      ...t.seat(agent),
      reply: async (messages) => {
        const r = await (t.seat(agent).reply as NonNullable<ChatResponder["reply"]>)(messages);
        if (t.log.length === 3) stopping.fail(new Error("stop"));
        return r;
      },
    });
    const stopping = new HiddenBenchCaller(stopAfterVotes, 12);
    await expect(playOriginal(job, resolveHiddenBenchOptions({ rounds: 1 }), stopping)).rejects.toBeInstanceOf(
      RunStoppedError,
    );
    expect(job.episode.hiddenFact).toHaveLength(3);
    expect(job.episode.preVotes).toEqual([0, 0, 0]);
    expect(job.episode.transcript).toEqual([]);
    expect(stopping.fatal).toEqual(new Error("stop"));
  });
});

describe("playCosir", () => {
  it("single-prompt conversations with a labelled private fact; strict majority", async () => {
    const t = team([
      ["Alpha", "Bravo", "Charlie", "Alpha"],
      ["Charlie", "Charlie", "Charlie", "Bravo"],
    ]);
    const job = jobOf("cosir", 4);
    await playCosir(
      job,
      resolveHiddenBenchOptions({ protocol: "cosir", rounds: 1 }),
      new HiddenBenchCaller(t.seat, 12),
    );
    const e = job.episode;
    expect(e.hiddenFact).toEqual([0, 1, 2, 0]);
    expect(t.log).toHaveLength(4 * 3);
    expect(t.log.every((c) => c.messages.length === 2)).toBe(true);
    expect(t.log[0]?.messages[0]?.content).toContain("Information only you have");
    expect(t.log.at(-1)?.messages[1]?.content).toMatch(/^Discussion so far:\nAgent 1: turn 5 by 0\?/);
    // 2 of 4 for Alpha is no strict majority; 3 of 4 for Charlie is
    expect([e.preDecision, e.decision]).toEqual([null, 2]);
  });
});
