import { agentChoice, EvidenceReplay, teamDecision, type Task, type Trace, type TraceMessage } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cosirPreset,
  outcomeOnlyPreset,
  REWARD_TERMS,
  type RewardConfig,
  type RewardWeights,
  RewardWeightsSchema,
} from "../config/reward-config";
import { episodePass } from "../pass/episode-pass";
import { scoreEpisode } from "../score/score-episode";
import { summariseRewards } from "../score/summarise-rewards";
import { useTerm } from "../score/use-term";
import { randomEpisodeArb } from "../test/random-episode";
import { rewardTerms } from "./reward-terms";

/**
 * The oracle: scoreEpisode as it was written by hand before the term table (docs/design.md §3), kept here
 * verbatim in substance so the table-driven pass can be checked against it number for number and key for key.
 */
function handWrittenScoreEpisode(task: Task, trace: Trace, config: RewardConfig, untrusted: boolean): unknown {
  const w = config.weights as Record<(typeof ORIGINAL_TERMS)[number], number>;
  const N = task.agents;
  const replay = new EvidenceReplay(task);
  const mapPrivate: number[] = [];
  let initialTeam = 0;
  for (let j = 0; j < N; j++) {
    initialTeam += replay.surprisal(j);
    mapPrivate.push(replay.map(j));
  }
  const before = new Float64Array(N);
  const messages = trace.messages.map((message: TraceMessage) => {
    const i = message.speaker;
    const terms = { share: 0, ask: 0, falseClaim: 0, format: message.parseError === undefined ? 0 : -1 };
    for (let j = 0; j < N; j++) before[j] = replay.surprisal(j);
    const evidence = replay.hear(message);
    for (const { act, cell } of evidence.asks) {
      const held = act.to !== undefined ? act.to !== i && replay.sees(act.to, cell) : replay.seenByTeammate(i, cell);
      if (!held) continue;
      let gain = replay.surprisalReduction(i, cell, replay.trueLevel(cell));
      if (config.clipAskAtZero && gain < 0) gain = 0;
      terms.ask += gain;
    }
    for (const share of evidence.shares) if (share.falseClaim) terms.falseClaim -= 1;
    if (evidence.claims.length > 0)
      for (let j = 0; j < N; j++) if (j !== i) terms.share += (before[j] as number) - replay.surprisal(j);
    const total = w.share * terms.share + w.ask * terms.ask + w.falseClaim * terms.falseClaim + w.format * terms.format;
    return { turn: message.turn, round: message.round, agent: i, terms, total };
  });
  const choices = untrusted
    ? Array.from({ length: N }, (_, j) => agentChoice(trace.choices, j))
    : trace.choices.map((c) => c.choice);
  const decision = teamDecision(choices);
  const teamCorrect = decision !== null && decision === task.correct;
  const agents: {
    agent: number;
    terms: Record<string, number>;
    total: number;
    mapPrivate: number;
    mapFull: number;
    choice: number | null;
  }[] = [];
  let finalTeam = 0;
  for (let j = 0; j < N; j++) {
    finalTeam += replay.surprisal(j);
    const mapFull = replay.map(j);
    const priv = mapPrivate[j] as number;
    const choice = agentChoice(trace.choices, j);
    const terms = {
      use: useTerm(priv, mapFull, choice),
      task: teamCorrect ? 1 : 0,
      accuracy: choice === task.correct ? 1 : 0,
    };
    const total = w.use * terms.use + w.task * terms.task + w.accuracy * terms.accuracy;
    agents.push({ agent: j, terms, total, mapPrivate: priv, mapFull, choice });
  }
  const returns = agents.map((a) => a.total);
  for (const m of messages) if (m.agent >= 0 && m.agent < N) returns[m.agent] = (returns[m.agent] as number) + m.total;
  return {
    version: 1,
    taskId: task.id,
    preset: config.preset,
    weights: { ...w },
    messages,
    agents,
    returns,
    teamCorrect,
    teamSurprisal: { initial: initialTeam, final: finalTeam },
  };
}

/** The terms the hand-written formula knew; a term added to the table since is weighted 0 in these checks. */
const ORIGINAL_TERMS = ["share", "ask", "falseClaim", "format", "use", "task", "accuracy"] as const;

/**
 * `actual` cut down to the keys `expected` has, in `actual`'s order, recursively: a term added to the table
 * leaves the comparison with the hand-written formula intact, while a missing or reordered key still fails it.
 */
function project(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(actual) && Array.isArray(expected)) return actual.map((a, i) => project(a, expected[i]));
  if (actual === null || expected === null || typeof actual !== "object" || typeof expected !== "object") return actual;
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(a)
      .filter((k) => k in e)
      .map((k) => [k, project(a[k], e[k])]),
  );
}

const weight = fc.oneof(fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 10, noNaN: true }));
const configArb: fc.Arbitrary<RewardConfig> = fc
  .record({
    weights: fc.record(Object.fromEntries(ORIGINAL_TERMS.map((t) => [t, weight]))),
    clipAskAtZero: fc.boolean(),
  })
  .map(({ weights, clipAskAtZero }) => ({
    version: 1,
    preset: "custom",
    weights: { ...Object.fromEntries(REWARD_TERMS.map((t) => [t, 0])), ...weights } as RewardWeights,
    clipAskAtZero,
  }));

/** Expects `actual` to equal `expected` on `expected`'s keys, values and key order (JSON bytes). */
function expectSame(actual: unknown, expected: unknown): void {
  const projected = project(actual, expected);
  expect(projected).toEqual(expected);
  expect(JSON.stringify(projected)).toBe(JSON.stringify(expected));
}

describe("the reward-term table", () => {
  it("has one row per term, unique names and log keys, a scope, a design reference and a description", () => {
    expect(REWARD_TERMS).toEqual(rewardTerms.map((t) => t.name));
    expect(new Set(REWARD_TERMS).size).toBe(rewardTerms.length);
    expect(new Set(rewardTerms.map((t) => t.logKey)).size).toBe(rewardTerms.length);
    // Message terms come first: every output lists a message's terms, then an agent's.
    const scopes = rewardTerms.map((t) => t.scope);
    expect(scopes).toEqual([...scopes].sort((a, b) => (a === b ? 0 : a === "message" ? -1 : 1)));
    for (const t of rewardTerms) {
      expect(t.design).toMatch(/^§\d/);
      expect(t.description.length).toBeGreaterThan(0);
      expect(t.logKey).toMatch(/^[a-z_]+$/);
    }
  });

  it("gives the presets' weights exactly as before, in table order, and the weights schema its keys", () => {
    expectSame(cosirPreset.weights, { share: 1, ask: 1, falseClaim: 1, format: 0.5, use: 0.5, task: 1, accuracy: 0.5 });
    expectSame(outcomeOnlyPreset.weights, { share: 0, ask: 0, falseClaim: 0, format: 0, use: 0, task: 1, accuracy: 0 });
    expect(Object.keys(cosirPreset.weights)).toEqual(REWARD_TERMS);
    expect(Object.keys(outcomeOnlyPreset.weights)).toEqual(REWARD_TERMS);
    expect(Object.keys(RewardWeightsSchema.shape)).toEqual(REWARD_TERMS);
  });

  it("table-driven scoring equals the hand-written formula, number for number and key for key", () => {
    fc.assert(
      fc.property(randomEpisodeArb, configArb, fc.boolean(), ({ task, trace }, config, untrusted) => {
        const expected = handWrittenScoreEpisode(task, trace, config, untrusted);
        // The untrusted rule (team decision over all N agents) through the pass itself: a random trace would
        // not pass scoreEpisode's protocol check.
        const actual = untrusted
          ? episodePass(task, trace, { config, allChoices: true }).rewards
          : scoreEpisode(task, trace, config);
        expectSame(actual, expected);
      }),
      { numRuns: 200 },
    );
  });

  it("summariseRewards equals the hand-written sums of each term", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(randomEpisodeArb, configArb), { maxLength: 4 }), (episodes) => {
        const scored = episodes.map(([{ task, trace }, config]) => scoreEpisode(task, trace, config));
        const sums = { share: 0, ask: 0, falseClaim: 0, format: 0, use: 0, task: 0, accuracy: 0, total: 0 };
        // The total is over every term; the other terms are weighted 0 here (configArb), so it sums the returns.
        for (const e of scored) {
          for (const m of e.messages) {
            sums.share += m.terms.share;
            sums.ask += m.terms.ask;
            sums.falseClaim += m.terms.falseClaim;
            sums.format += m.terms.format;
          }
          for (const a of e.agents) {
            sums.use += a.terms.use;
            sums.task += a.terms.task;
            sums.accuracy += a.terms.accuracy;
          }
          for (const r of e.returns) sums.total += r;
        }
        const n = scored.length;
        const mean = Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, n === 0 ? 0 : v / n]));
        const teamAccuracy = n === 0 ? 0 : scored.filter((e) => e.teamCorrect).length / n;
        expectSame(summariseRewards(scored), { ...mean, episodes: n, teamAccuracy });
      }),
      { numRuns: 50 },
    );
  });
});
