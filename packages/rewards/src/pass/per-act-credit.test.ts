import { randomTask, validShareCell, type Act, type Task } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rewardConfig } from "../config/reward-config";
import { scoreEpisode } from "../score/score-episode";
import { bruteForceSurprisal, type BruteClaim } from "../test/brute-force-surprisal";
import { protocolEpisodeArb } from "../test/protocol-episode";
import { randomEpisodeArb, traceOf } from "../test/random-episode";

const configs = [
  rewardConfig({ preset: "cosir", weights: { act: 0.05 } }),
  rewardConfig({ preset: "cosir", askRule: "bounded", weights: { act: 0.05 }, clipAskAtZero: true }),
  rewardConfig({ preset: "cosir", askRule: "bounded", weights: { act: 0.2, share: 2, ask: 0.5 } }),
];

describe("per-act credit (docs/design.md §3.8)", () => {
  it("credits a claim and its contradiction in one message apart, though they cancel (shrunk counterexample)", () => {
    const task = randomTask({ seed: 93200, agents: 3, options: 2, attributes: 2, levels: [1, 3], rounds: 1 });
    const trace = traceOf(
      task,
      [
        {
          turn: 0,
          round: 0,
          speaker: 0,
          text: "x",
          acts: [
            { kind: "share", option: 1, attribute: 0, level: 1 },
            { kind: "share", option: 1, attribute: 0, level: 3 },
            { kind: "ask", option: 0, attribute: 0 },
          ],
        },
      ],
      [null, null, null],
    );
    const shareOnly = rewardConfig({
      preset: "cosir",
      weights: { ask: 0, falseClaim: 0, format: 0, act: 0, use: 0, task: 0, accuracy: 0 },
    });
    const credits = scoreEpisode(task, trace, shareOnly, { perAct: true }).messages[0]!.acts!;
    // The true claim (level 1) makes the correct option look worse to the one recipient who lacks the cell; the
    // contradiction puts it back. Each is credited with what it did, though the message's share total is 0.
    expect(credits[0]).toBeLessThan(-0.5);
    expect(credits[1]).toBeGreaterThan(0.5);
    expect(credits[0]! + credits[1]!).toBeCloseTo(0, 9);
  });

  it("splits each message's total over its acts: one credit per act, summing to the total", () => {
    fc.assert(
      fc.property(randomEpisodeArb, fc.constantFrom(...configs), ({ task, trace }, config) => {
        const rewards = scoreEpisode(task, trace, config, { perAct: true });
        rewards.messages.forEach((m, t) => {
          const acts = trace.messages[t]!.acts;
          expect(m.acts).toHaveLength(acts.length);
          if (acts.length === 0) return;
          expect(m.acts!.reduce((s, v) => s + v, 0)).toBeCloseTo(m.total, 9);
          if (acts.length === 1) expect(m.acts![0]).toBeCloseTo(m.total, 12);
        });
        // Without perAct the rewards are what they were, with no `acts`.
        const plain = scoreEpisode(task, trace, config);
        expect(plain.messages.map((m) => m.total)).toEqual(rewards.messages.map((m) => m.total));
        expect(plain.messages.every((m) => m.acts === undefined)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it("credits each SHARE with its own marginal drop in the recipients' surprisal (brute-force oracle)", () => {
    const shareOnly = rewardConfig({
      preset: "cosir",
      weights: { ask: 0, falseClaim: 0, format: 0, act: 0, use: 0, task: 0, accuracy: 0 },
    });
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        const rewards = scoreEpisode(task, trace, shareOnly, { perAct: true });
        const heard: BruteClaim[][] = Array.from({ length: task.agents }, () => []);
        trace.messages.forEach((m, t) => {
          const recipients = Array.from({ length: task.agents }, (_, j) => j).filter((j) => j !== m.speaker);
          const team = () => recipients.reduce((s, j) => s + bruteForceSurprisal(task, j, heard[j]!), 0);
          let previous = team();
          m.acts.forEach((act, k) => {
            const cell = act.kind === "share" ? validShareCell(task, act) : -1;
            if (cell < 0) {
              expect(rewards.messages[t]!.acts![k]).toBe(0);
              return;
            }
            for (const j of recipients) heard[j]!.push({ cell, level: (act as { level: number }).level });
            const now = team();
            expect(rewards.messages[t]!.acts![k]).toBeCloseTo(previous - now, 7);
            previous = now;
          });
        });
      }),
      { numRuns: 100 },
    );
  });

  it("a repeated SHARE, a PASS next to another act and an unpaid ASK score below zero with a cost of 0.1", () => {
    // A repeat still moves a recipient a little (claims are noisy, eps = 0.01): at most about 0.02 nats per
    // recipient on these tables (0.063 seen with 3 recipients), so 0.1 is above it for up to 4 agents.
    const config = rewardConfig({ preset: "cosir", askRule: "bounded", weights: { act: 0.1 } });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom(0.15, 0.3, 0.5),
        (seed, agents, visibility) => {
          const task: Task = randomTask({ seed, agents, options: 4, attributes: 2, visibility });
          const own = task.visibility[0]!;
          if (own.length === 0) return;
          const cell = own[0]!;
          const share: Act = {
            kind: "share",
            option: Math.floor(cell / task.attributes),
            attribute: cell % task.attributes,
            level: task.table[Math.floor(cell / task.attributes)]![cell % task.attributes]!,
          };
          const mine: Act = { kind: "ask", option: share.option, attribute: share.attribute };
          const message = (turn: number, acts: Act[]) => ({ turn, round: 0, speaker: turn % agents, text: "x", acts });
          const trace = traceOf(
            task,
            [
              message(0, [share, share, { kind: "pass" }, mine]),
              ...[1, 2].slice(0, agents - 1).map((t) => message(t, [{ kind: "pass" }])),
            ],
            [],
          );
          const credits = scoreEpisode(task, trace, config, { perAct: true }).messages[0]!.acts!;
          expect(credits[1]).toBeLessThan(0);
          expect(credits[2]).toBeCloseTo(-0.1, 12);
          expect(credits[3]).toBeCloseTo(-0.1, 12);
          // A lone PASS costs nothing.
          expect(scoreEpisode(task, trace, config, { perAct: true }).messages[1]!.acts).toEqual([0]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
