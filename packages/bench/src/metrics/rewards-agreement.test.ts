import {
  cellPosition,
  generateTask,
  hiddenProfileTask,
  isTaskAgent,
  runEpisode,
  teamDecision,
  trueLevel,
  type Act,
  type Task,
  type Trace,
} from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import {
  behaviourMetrics,
  METRIC_THRESHOLDS,
  scoreEpisode,
  type EpisodeMetrics,
  type EpisodeRewards,
} from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// Rewards (@cosir/rewards) and behaviour metrics read the same evidence replay; these are the
// invariants that tie the two together, checked on the same traces.

/** An episode of a scripted team on a random or hidden-profile task. */
const scriptedEpisodeArb = fc.record({
  seed: fc.integer({ min: 0, max: 100_000 }),
  kind: fc.constantFrom("oracle", "greedyShare", "random", "silent" as const),
  agents: fc.integer({ min: 2, max: 4 }),
  hiddenProfile: fc.boolean(),
});

async function playScripted(e: {
  seed: number;
  kind: "oracle" | "greedyShare" | "random" | "silent";
  agents: number;
  hiddenProfile: boolean;
}): Promise<{ task: Task; trace: Trace }> {
  const task = e.hiddenProfile
    ? hiddenProfileTask({ seed: e.seed })
    : generateTask({ family: "random", seed: e.seed, agents: e.agents, rounds: 2 });
  return { task, trace: await runEpisode(task, scriptedPolicy(e.kind, { seed: e.seed }), { seed: e.seed }) };
}

/** Random traces with lies, relays, asks, passes, parse errors and now and then a speaker outside the team. */
const randomEpisodeArb = fc
  .record({ seed: fc.integer({ min: 0, max: 100_000 }), agents: fc.integer({ min: 1, max: 4 }) })
  .chain(({ seed, agents }) => {
    const task = generateTask({ family: "random", seed, agents });
    const option = fc.integer({ min: 0, max: task.options });
    const attribute = fc.integer({ min: 0, max: task.attributes - 1 });
    const act: fc.Arbitrary<Act> = fc.oneof(
      fc.record({
        kind: fc.constant("share" as const),
        option,
        attribute,
        level: fc.integer({ min: task.levels[0], max: task.levels[1] + 1 }),
      }),
      fc.record({ kind: fc.constant("ask" as const), option, attribute }),
      fc.constant({ kind: "pass" as const }),
    );
    const message = fc.record({
      speaker: fc.integer({ min: 0, max: agents }),
      acts: fc.array(act, { minLength: 1, maxLength: 3 }),
      broken: fc.boolean(),
    });
    const choices = fc.array(fc.option(fc.nat(task.options - 1), { nil: null }), {
      minLength: agents,
      maxLength: agents,
    });
    return fc.tuple(fc.array(message, { maxLength: 8 }), choices).map(([ms, cs]) => ({
      task,
      trace: traceOf(
        task,
        ms.map((m, turn) => ({
          turn,
          round: 0,
          speaker: m.speaker,
          text: "x",
          acts: m.acts,
          ...(m.broken ? { parseError: "unparseable" } : {}),
        })),
        cs,
      ),
    }));
  });

/** A trace of these messages and final choices (one per agent, in agent order), with no pre-choices. */
function traceOf(task: Task, messages: Trace["messages"], choices: (number | null)[]): Trace {
  const header = { version: 1, taskId: task.id, seed: task.seed, surface: "canonical", correct: task.correct } as const;
  const finalChoices = choices.map((choice, agent) => ({ agent, text: "x", choice }));
  return { ...header, preChoices: [], messages, choices: finalChoices, teamDecision: teamDecision(choices) };
}

function expectAgreement(task: Task, trace: Trace, r: EpisodeRewards, m: EpisodeMetrics): void {
  // False claims: the metric counts exactly the acts the rewards charge.
  const charged = r.messages.reduce((s, x) => s - x.terms.falseClaim, 0);
  expect(m.falseClaims.false).toBe(charged);
  const shares = trace.messages
    .filter((x) => isTaskAgent(task, x.speaker))
    .reduce((s, x) => s + x.acts.filter((a) => a.kind === "share").length, 0);
  expect(m.falseClaims.shares).toBe(shares);
  // Ignored input is the use term's -1; its eligible agents are those whose MAP moved.
  expect(m.ignoredInput.eligible).toBe(r.agents.filter((a) => a.mapFull !== a.mapPrivate).length);
  expect(m.ignoredInput.ignored).toBe(r.agents.filter((a) => a.terms.use === -1).length);
  // Accuracy terms.
  expect(m.teamCorrect).toBe(r.teamCorrect);
  expect(m.individualAccuracy * task.agents).toBeCloseTo(
    r.agents.reduce((s, a) => s + a.terms.accuracy, 0),
    12,
  );
  // An ask reward needs an ASK.
  const asking = r.messages.filter((x) => x.terms.ask !== 0).length;
  expect((m.askRate ?? 0) * m.messages).toBeGreaterThanOrEqual(asking - 1e-9);
  r.messages.forEach((x, t) => {
    if (x.terms.ask !== 0) expect(trace.messages[t]!.acts.some((a) => a.kind === "ask")).toBe(true);
  });
  // A message whose only SHARE is a truthful one of the speaker's own cell, and whose share reward
  // exceeds (N - 1) x decisiveEps, lowered some teammate's surprisal by more than decisiveEps: the
  // metrics see a used opportunity on that turn.
  const used = trace.messages.filter((x, t) => {
    const acts = x.acts.filter((a) => a.kind === "share");
    if (acts.length !== 1 || !isTaskAgent(task, x.speaker)) return false;
    const share = acts[0]!;
    const cell = share.option * task.attributes + share.attribute;
    return (
      share.option < task.options &&
      task.visibility[x.speaker]!.includes(cell) &&
      trueLevel(task, cell) === share.level &&
      r.messages[t]!.terms.share > (task.agents - 1) * METRIC_THRESHOLDS.decisiveEps
    );
  }).length;
  expect(m.withholding.opportunities - m.withholding.withheld).toBeGreaterThanOrEqual(used);
}

describe("rewards and behaviour metrics agree", () => {
  it("on scripted teams over many seeds", async () => {
    await fc.assert(
      fc.asyncProperty(scriptedEpisodeArb, async (e) => {
        const { task, trace } = await playScripted(e);
        expectAgreement(task, trace, scoreEpisode(task, trace), behaviourMetrics(task, trace));
      }),
      { numRuns: 60 },
    );
  });

  it("on random traces with false claims and outsiders", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        expectAgreement(task, trace, scoreEpisode(task, trace), behaviourMetrics(task, trace));
      }),
      { numRuns: 100 },
    );
  });

  it("with two agents, a first message sharing one private cell truthfully is a disclosure and a used opportunity exactly when its share reward exceeds decisiveEps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.nat(), (seed, pick) => {
        const task = generateTask({ family: "random", seed, agents: 2 });
        const own = task.visibility[0]!.filter((c) => !task.visibility[1]!.includes(c));
        fc.pre(own.length > 0);
        const cell = own[pick % own.length]!;
        const [option, attribute] = cellPosition(task, cell);
        const share: Act = { kind: "share", option, attribute, level: trueLevel(task, cell)! };
        const trace = traceOf(task, [{ turn: 0, round: 0, speaker: 0, text: "x", acts: [share] }], [null, null]);
        const gain = scoreEpisode(task, trace).messages[0]!.terms.share;
        const m = behaviourMetrics(task, trace);
        const useful = gain > METRIC_THRESHOLDS.decisiveEps;
        expect(m.disclosure.disclosed).toBe(useful ? 1 : 0);
        expect(m.withholding.opportunities === 1 && m.withholding.withheld === 0).toBe(useful);
      }),
      { numRuns: 150 },
    );
  });
});
