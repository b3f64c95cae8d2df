import { heldOutFamilyTable } from "@cosir/bench";
import { runEpisodes, type Observation, type Policy, type Task, type Trace } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { CanonicalTokenizer } from "@cosir/policy/tfjs";
import { describe, expect, it } from "vitest";
import { resolveTrainConfig } from "../config/train-config";
import { finalChoices } from "../run/base-skills";
import { trainerTokenizer } from "../run/policy-model";
import { teacherFromConfig } from "../teacher/teacher-policy";
import { shapeTask } from "./shape-task";

const config = resolveTrainConfig({ preset: "shapes" });
const tokenizer = trainerTokenizer();
const EPISODES = 40;

/** Wraps a policy so every observation it sees and every action it writes is kept. */
function recording(policy: Policy, seen: { observation: Observation; text: string }[]): Policy {
  return {
    name: policy.name,
    async act(observations) {
      const actions = await policy.act(observations);
      observations.forEach((observation, i) => seen.push({ observation, text: actions[i]?.text ?? "" }));
      return actions;
    },
  };
}

/** Final choices whose posterior is within 0.01 of the MAP's under the agent's own evidence, and all final choices. */
function nearMapChoices(tasks: readonly Task[], traces: readonly Trace[]): { agree: number; total: number } {
  let agree = 0;
  let total = 0;
  for (const { choice, pmf, map } of finalChoices(tasks, traces)) {
    total++;
    if ((pmf[choice.choice ?? -1] ?? -1) >= (pmf[map] as number) - 0.01) agree++;
  }
  return { agree, total };
}

/**
 * Deliverable 1 of issue 24: the shapes base's vocabulary and context hold every held-out family at its default size.
 * For each family, the oracle team's and the shapes teacher's episodes (scratchpad choices included) encode without
 * one unknown word, every prompt fits the context with room for `rl.maxNewTokens` of action (so promptIds never
 * truncates it), and every action fits `rl.maxNewTokens`.
 */
describe.each(Object.keys(heldOutFamilyTable))("held-out family %s at its default size", (family) => {
  const generate = (heldOutFamilyTable[family] as (typeof heldOutFamilyTable)[string]).generate;
  const tasks: Task[] = Array.from({ length: EPISODES }, (_, k) => generate({ seed: 50_000 + k }));
  const budget = config.model.context - config.rl.maxNewTokens;

  it("every observation and action of the oracle and teacher teams encodes, untruncated, within the context", async () => {
    const seen: { observation: Observation; text: string }[] = [];
    await runEpisodes(tasks, recording(scriptedPolicy("oracle", { seed: 1 }), seen), { surface: "canonical" });
    await runEpisodes(tasks, recording(teacherFromConfig(config), seen), { surface: "canonical" });
    let longest = 0;
    const before = tokenizer.unknownCount;
    for (const { observation, text } of seen) {
      const words = tokenizer.encode(observation.text);
      longest = Math.max(longest, words.length + 2);
      expect(words.length + 2, observation.text).toBeLessThanOrEqual(budget);
      expect(tokenizer.decode(tokenizer.promptIds(observation.text, budget))).toBe(
        CanonicalTokenizer.split(observation.text).join(" "),
      );
      const action = tokenizer.encode(text);
      expect(action.length + 1, text).toBeLessThanOrEqual(config.rl.maxNewTokens);
    }
    expect([...tokenizer.unknownWords.keys()]).toEqual([]);
    expect(tokenizer.unknownCount).toBe(before);
    expect(longest).toBeGreaterThan(40);
  }, 60_000);

  // Within 0.01 of the MAP's posterior: arithmetic's posterior is often flat over neighbouring candidates (0.496 and
  // 0.502), where no tally can tell which is the MAP and it hardly matters.
  it("the teacher's scratchpad choice is (within 0.01) the MAP of its evidence on at least 90% of choices", async () => {
    const traces = await runEpisodes(tasks, teacherFromConfig(config), { surface: "canonical" });
    const { agree, total } = nearMapChoices(tasks, traces);
    expect(total).toBe(tasks.reduce((n, t) => n + t.agents, 0));
    expect(agree / total).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});

/**
 * The pretraining's own total-decision tasks (shapes' `totalRate`): the teacher's episodes encode without an unknown
 * word and within the context, and its scratchpad chooses the MAP, as on arithmetic, so the base learns a tally with
 * one entry per candidate from the random family alone.
 */
describe("the shapes' total-decision tasks", () => {
  const shapes = config.pretrain.shapes;
  if (shapes === undefined) throw new Error("expected the shapes preset to set pretrain.shapes");
  const tasks = Array.from({ length: 600 }, (_, seed) => shapeTask(shapes, 70_000 + seed))
    .filter((t) => t.decision.kind === "total")
    .slice(0, EPISODES);
  const budget = config.model.context - config.rl.maxNewTokens;

  it("the teacher's episodes encode untruncated, and its choices are the MAP on at least 90%", async () => {
    expect(tasks).toHaveLength(EPISODES);
    const seen: { observation: Observation; text: string }[] = [];
    const traces = await runEpisodes(tasks, recording(teacherFromConfig(config), seen), { surface: "canonical" });
    const before = tokenizer.unknownCount;
    let tallies = 0;
    for (const { observation, text } of seen) {
      expect(tokenizer.encode(observation.text).length + 2, observation.text).toBeLessThanOrEqual(budget);
      expect(tokenizer.encode(text).length + 1, text).toBeLessThanOrEqual(config.rl.maxNewTokens);
      if (text.startsWith("TALLY")) tallies++;
    }
    expect(tokenizer.unknownCount).toBe(before);
    expect(tallies).toBeGreaterThan(0);
    const { agree, total } = nearMapChoices(tasks, traces);
    expect(agree / total).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
