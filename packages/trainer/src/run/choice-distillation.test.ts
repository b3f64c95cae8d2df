import { parseChoice, type Task } from "@cosir/env";
import { nextTokenLoss, packSequences, TransformerTrainer } from "@cosir/policy/tfjs";
import * as tf from "@tensorflow/tfjs-core";
import { describe, expect, it } from "vitest";
import { replayObservations } from "../rollout/replay-observations";
import { rlFixture } from "../test/rl-fixture";
import { choiceDistillation, choiceDistillationExamples, choiceRehearsalExamples } from "./choice-distillation";
import { runEpisodes } from "@cosir/env";
import { derivedSeed, trainingTask } from "../rollout/training-data";
import { shapeTask } from "../rollout/shape-task";
import { teacherFromConfig, teacherPolicy } from "../teacher/teacher-policy";
import { rlRollout, rolloutTasks } from "./rl-rollout";

describe("choiceDistillation", () => {
  it("targets the tally teacher's choice on every final choice, and one step lowers its loss", async () => {
    const fixture = await rlFixture({ choiceDistillCoef: 1 });
    const trainer = new TransformerTrainer(fixture.policy.model, { learningRate: 3e-3, clipNorm: 1 });
    try {
      const { policy, config } = fixture;
      const rollout = await rlRollout(config, policy, 0);
      const examples = await choiceDistillationExamples(policy, rollout, config.rl.maxNewTokens);
      const choices = rollout.traces.reduce((n, t) => n + t.choices.length, 0);
      expect(examples).toHaveLength(choices);
      // Each target reads back as a choice of an option of the task (the teacher's TALLY ... CHOOSE o<k>).
      const observations = rollout.traces.flatMap((trace, e) =>
        replayObservations(rollout.tasks[e] as Task, trace).filter((r) => r.kind === "choice"),
      );
      examples.forEach((x, k) => {
        const text = policy.tokenizer.decode(x.completion);
        expect(text).toMatch(/^TALLY .* CHOOSE o\d+$/);
        const task = observations[k]!.observation.task;
        expect(parseChoice(text, "canonical", task)).not.toBeNull();
      });
      const loss = () => {
        const batch = packSequences(examples, { padToken: policy.tokenizer.pad });
        const value = tf.tidy(() => nextTokenLoss(policy.model, batch).dataSync()[0] as number);
        batch.tokens.dispose();
        batch.mask.dispose();
        return value;
      };
      const before = loss();
      const tensors = tf.memory().numTensors;
      const reported = await choiceDistillation({ config, policy, trainer }, rollout);
      expect(reported).toBeCloseTo(before, 4);
      expect(trainer.optimizer.step).toBe(1);
      expect(tf.memory().numTensors).toBe(tensors + trainer.optimizer.stateTensors().size);
      expect(loss()).toBeLessThan(before);
      // Coefficient 0: no step.
      const off = { ...config, rl: { ...config.rl, choiceDistillCoef: 0 } };
      expect(await choiceDistillation({ config: off, policy, trainer }, rollout)).toBeUndefined();
      expect(trainer.optimizer.step).toBe(1);
      // Three steps: three optimizer steps on the same examples, reporting the first's loss, each lowering it.
      const three = { ...config, rl: { ...config.rl, choiceDistillSteps: 3 } };
      const mid = loss();
      expect(await choiceDistillation({ config: three, policy, trainer }, rollout)).toBeCloseTo(mid, 4);
      expect(trainer.optimizer.step).toBe(4);
      expect(loss()).toBeLessThan(mid);
    } finally {
      trainer.dispose();
      fixture.dispose();
    }
  });

  it("rehearses the config's teacher's final choices on fresh tasks per iteration, joined to the step's examples", async () => {
    const fixture = await rlFixture({ choiceDistillCoef: 1, choiceRehearsal: 3 });
    try {
      const { policy, config } = fixture;
      const examples = await choiceRehearsalExamples(policy, config, 5);
      // An independent replay: the teacher on the three tasks, every final choice in order.
      const tasks = [0, 1, 2].map((k) => trainingTask(config, "choice-rehearsal", 5, k));
      const traces = await runEpisodes(tasks, teacherFromConfig(config), { surface: "canonical" });
      const choices = traces.flatMap((t) => t.choices.map((c) => c.text));
      expect(examples.map((x) => policy.tokenizer.decode(x.completion))).toEqual(
        choices.map((text) => policy.tokenizer.decode(policy.tokenizer.encode(text))),
      );
      expect(examples).toHaveLength(tasks.reduce((n, t) => n + t.agents, 0));
      // another iteration, other tasks; none at 0 episodes
      const other = await choiceRehearsalExamples(policy, config, 6);
      expect(other.map((x) => x.prompt.join())).not.toEqual(examples.map((x) => x.prompt.join()));
      const off = { ...config, rl: { ...config.rl, choiceRehearsal: 0 } };
      expect(await choiceRehearsalExamples(policy, off, 5)).toEqual([]);
    } finally {
      fixture.dispose();
    }
  });

  it("with rl.rehearsalShapes rehearses shapes while the rollout keeps the training task", async () => {
    const fixture = await rlFixture({
      choiceDistillCoef: 1,
      choiceRehearsal: 3,
      rehearsalShapes: { agents: [2, 3], rounds: [1, 1], options: [2, 3], attributes: [2, 2] },
    });
    try {
      const { policy, config } = fixture;
      const shapes = config.rl.rehearsalShapes;
      expect(shapes).toBeDefined();
      const examples = await choiceRehearsalExamples(policy, config, 5);
      // An independent replay: the teacher on the shapes' tasks of the same seeds, every final choice in order.
      const tasks = [0, 1, 2].map((k) => shapeTask(shapes!, derivedSeed(config.seed, "choice-rehearsal-shapes", 5, k)));
      const traces = await runEpisodes(tasks, teacherFromConfig(config), { surface: "canonical" });
      expect(examples.map((x) => policy.tokenizer.decode(x.completion))).toEqual(
        traces.flatMap((t) => t.choices.map((c) => policy.tokenizer.decode(policy.tokenizer.encode(c.text)))),
      );
      expect(examples).toHaveLength(tasks.reduce((n, t) => n + t.agents, 0));
      // the rollout still plays the training task (rl.shapes unset)
      expect(rolloutTasks(config, 0)[0]).toEqual(trainingTask(config, "rl", 0, 0));
    } finally {
      fixture.dispose();
    }
  });

  it("rehearses the no-discussion choice of one agent holding the whole table (rounds 0 in rl.rehearsalShapes)", async () => {
    const fixture = await rlFixture({
      choiceDistillCoef: 1,
      choiceRehearsal: 3,
      rehearsalShapes: { agents: [1, 1], rounds: [0, 0], options: [2, 4], attributes: [2, 3] },
    });
    try {
      const { policy, config } = fixture;
      const shapes = config.rl.rehearsalShapes!;
      const examples = await choiceRehearsalExamples(policy, config, 2);
      const tasks = [0, 1, 2].map((k) => shapeTask(shapes, derivedSeed(config.seed, "choice-rehearsal-shapes", 2, k)));
      for (const t of tasks)
        expect([t.agents, t.rounds, t.visibility[0]?.length]).toEqual([1, 0, t.options * t.attributes]);
      // one final choice per task, the teacher's on the full table: its parsed answer is the task's correct option
      expect(examples).toHaveLength(3);
      examples.forEach((x, k) => {
        const task = tasks[k] as Task;
        expect(parseChoice(policy.tokenizer.decode(x.completion), "canonical", task).choice).toBe(task.correct);
      });
    } finally {
      fixture.dispose();
    }
  });

  it("with rl.rehearsalMix draws its share of the rehearsal (the last episodes) over the mix's shapes, the rest unchanged", async () => {
    const fixture = await rlFixture({
      choiceDistillCoef: 1,
      choiceRehearsal: 4,
      rehearsalShapes: { agents: [2, 3], rounds: [1, 1], options: [2, 3], attributes: [2, 2] },
      rehearsalMix: { share: 0.4, shapes: { agents: [1, 1], rounds: [0, 0], options: [2, 4], attributes: [2, 3] } },
    });
    try {
      const { policy, config } = fixture;
      const examples = await choiceRehearsalExamples(policy, config, 3);
      // round(0.4 x 4) = 2 mix episodes, the last two; the first two are the episodes the run without a mix draws
      const plain = { ...config, rl: { ...config.rl, rehearsalMix: undefined } };
      const without = await choiceRehearsalExamples(policy, plain, 3);
      const shapes = config.rl.rehearsalShapes!;
      const first = [0, 1].map((k) => shapeTask(shapes, derivedSeed(config.seed, "choice-rehearsal-shapes", 3, k)));
      const firstChoices = first.reduce((n, t) => n + t.agents, 0);
      expect(examples.slice(0, firstChoices)).toEqual(without.slice(0, firstChoices));
      // the mix's two: one agent, no discussion, the whole table: one final choice each, the correct option
      const mixTasks = [2, 3].map((k) =>
        shapeTask(config.rl.rehearsalMix!.shapes, derivedSeed(config.seed, "choice-rehearsal-mix", 3, k)),
      );
      for (const t of mixTasks) expect([t.agents, t.rounds]).toEqual([1, 0]);
      const tail = examples.slice(firstChoices);
      expect(tail).toHaveLength(2);
      tail.forEach((x, k) => {
        const task = mixTasks[k] as Task;
        expect(parseChoice(policy.tokenizer.decode(x.completion), "canonical", task).choice).toBe(task.correct);
      });
      // share 0: the plain rehearsal
      const none = {
        ...config,
        rl: { ...config.rl, rehearsalMix: { share: 0, shapes: config.rl.rehearsalMix!.shapes } },
      };
      expect(await choiceRehearsalExamples(policy, none, 3)).toEqual(without);
    } finally {
      fixture.dispose();
    }
  });

  it("with rl.talkRehearsal rehearses every message, pre-discussion choice and final choice of those episodes, in order", async () => {
    const fixture = await rlFixture({ choiceDistillCoef: 1, choiceRehearsal: 3, talkRehearsal: true });
    try {
      const { policy, config } = fixture;
      const examples = await choiceRehearsalExamples(policy, config, 5);
      // An independent replay: the teacher on the same three tasks; each episode's messages, then its final choices.
      const tasks = [0, 1, 2].map((k) => trainingTask(config, "choice-rehearsal", 5, k));
      const traces = await runEpisodes(tasks, teacherFromConfig(config), { surface: "canonical" });
      const texts = traces.flatMap((t) => [
        ...(t.preChoices ?? []).map((c) => c.text),
        ...t.messages.map((m) => m.text),
        ...t.choices.map((c) => c.text),
      ]);
      const decoded = examples.map((x) => policy.tokenizer.decode(x.completion));
      expect(decoded).toEqual(texts.map((text) => policy.tokenizer.decode(policy.tokenizer.encode(text))));
      expect(decoded.some((text) => text.startsWith("SHARE"))).toBe(true);
      // Each message's prompt is its speaker's observation: longer than the episode's first message's as talk accrues.
      const choicesOnly = await choiceRehearsalExamples(
        policy,
        { ...config, rl: { ...config.rl, talkRehearsal: false } },
        5,
      );
      expect(choicesOnly.length).toBeLessThan(examples.length);
      expect(choicesOnly.map((x) => x.completion.join())).toEqual(
        examples.filter((x) => /CHOOSE/.test(policy.tokenizer.decode(x.completion))).map((x) => x.completion.join()),
      );
    } finally {
      fixture.dispose();
    }
  });

  it('with rl.talkRehearsal "asks" rehearses only the messages that ask, beside every final choice', async () => {
    const fixture = await rlFixture({ choiceDistillCoef: 1, choiceRehearsal: 6, talkRehearsal: "asks" });
    try {
      const { policy, config } = fixture;
      const examples = await choiceRehearsalExamples(policy, config, 5);
      const all = await choiceRehearsalExamples(policy, { ...config, rl: { ...config.rl, talkRehearsal: true } }, 5);
      const decode = (x: (typeof examples)[number]) => policy.tokenizer.decode(x.completion);
      // the oracle: the whole talk rehearsal, less the pre-discussion choices and the messages with no ASK act
      const expected = all.map(decode).filter((text) => /CHOOSE/.test(text) || /(?:^|;)\s*ASK\b/.test(text));
      const kept = examples.map(decode);
      expect(kept).toEqual(expected);
      expect(kept.some((text) => /ASK/.test(text))).toBe(true);
      expect(kept.some((text) => /^SHARE|^PASS/.test(text))).toBe(false);
    } finally {
      fixture.dispose();
    }
  });

  it("with rl.talkRehearsalShare keeps a seeded share of the talk examples, nested in the share, every final choice kept", async () => {
    const fixture = await rlFixture({ choiceDistillCoef: 1, choiceRehearsal: 6, talkRehearsal: true });
    try {
      const { policy, config } = fixture;
      const at = (talkRehearsalShare: number) =>
        choiceRehearsalExamples(policy, { ...config, rl: { ...config.rl, talkRehearsalShare } }, 5);
      const decode = (x: { completion: readonly number[] }) => policy.tokenizer.decode(x.completion);
      const key = (x: { prompt: readonly number[]; completion: readonly number[] }) =>
        `${x.prompt.join()}|${x.completion.join()}`;
      const all = await at(1);
      const none = await at(0);
      const half = await at(0.5);
      const most = await at(0.8);
      // 0 keeps the choices alone (the oracle: the choice-only rehearsal), 1 everything
      const choicesOnly = await choiceRehearsalExamples(
        policy,
        { ...config, rl: { ...config.rl, talkRehearsal: false } },
        5,
      );
      expect(none.map(key)).toEqual(choicesOnly.map(key));
      expect(all.length).toBeGreaterThan(none.length + 10);
      // a share keeps a subsequence of the whole, every final choice in it, and a larger share a superset
      const isSubsequence = (sub: string[], of: string[]) => {
        let j = 0;
        for (const k of of) if (j < sub.length && sub[j] === k) j++;
        return j === sub.length;
      };
      expect(isSubsequence(half.map(key), all.map(key))).toBe(true);
      expect(isSubsequence(half.map(key), most.map(key))).toBe(true);
      expect(isSubsequence(none.map(key), half.map(key))).toBe(true);
      expect(none.every((x) => /CHOOSE/.test(decode(x)))).toBe(true);
      const talk = (xs: typeof all) => xs.length - none.length;
      expect(talk(half)).toBeGreaterThan(0.25 * talk(all));
      expect(talk(half)).toBeLessThan(0.75 * talk(all));
      expect(talk(most)).toBeGreaterThan(talk(half));
      // the same draw each call; another iteration draws others
      expect((await at(0.5)).map(key)).toEqual(half.map(key));
    } finally {
      fixture.dispose();
    }
  });

  it("targets the 0..100 scratchpad for a base taught it (sft.teacherChoice scratchpad), the demo's tally otherwise", async () => {
    const fixture = await rlFixture({ choiceDistillCoef: 1 });
    try {
      const { policy, config } = fixture;
      const rollout = await rlRollout(config, policy, 0);
      const tally = await choiceDistillationExamples(policy, rollout, config.rl.maxNewTokens);
      const pad = await choiceDistillationExamples(policy, rollout, config.rl.maxNewTokens, "scratchpad");
      const observations = rollout.traces.flatMap((trace, e) =>
        replayObservations(rollout.tasks[e] as Task, trace).filter((r) => r.kind === "choice"),
      );
      const scratchpad = await teacherPolicy({ choice: "scratchpad" }).act(observations.map((r) => r.observation));
      expect(pad.map((x) => policy.tokenizer.decode(x.completion))).toEqual(
        scratchpad.map((a) => policy.tokenizer.decode(policy.tokenizer.encode(a.text))),
      );
      expect(pad.map((x) => x.completion.join())).not.toEqual(tally.map((x) => x.completion.join()));
    } finally {
      fixture.dispose();
    }
  });
});
