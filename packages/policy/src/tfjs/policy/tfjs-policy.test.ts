import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { generateTask, runEpisode, TraceSchema, type Observation } from "@cosir/env";
import { selectBackend } from "../backend";
import { Transformer } from "../model/transformer";
import { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";
import { TfjsPolicy } from "./tfjs-policy";

const tokenizer = CanonicalTokenizer.fromVocabulary();

beforeAll(async () => {
  await selectBackend({ log: null });
});

function policy(seed = 0): TfjsPolicy {
  const model = new Transformer(
    { vocabSize: tokenizer.size, width: 16, layers: 1, heads: 2, context: 128 },
    { seed: 3 },
  );
  return new TfjsPolicy({ model, tokenizer, seed, maxTokens: 12 });
}

describe("TfjsPolicy", () => {
  it("plays a whole episode, keeping sampled ids and log-probs in the trace, without leaking tensors", async () => {
    const p = policy();
    const task = generateTask({ family: "hiddenProfile", seed: 5 });
    const before = tf.memory().numTensors;
    const trace = await runEpisode(task, p);
    expect(tf.memory().numTensors).toBe(before);
    expect(TraceSchema.parse(trace)).toBeTruthy();
    const steps = [...trace.messages, ...trace.choices];
    expect(steps.length).toBeGreaterThan(0);
    for (const m of steps) {
      expect(m.tokens!.length).toBe(m.logprobs!.length);
      expect(m.tokens!.length).toBeGreaterThan(0);
      expect(m.tokens!.length).toBeLessThanOrEqual(12);
      // the text is the decoded ids (never re-tokenised later)
      expect(m.text).toBe(tokenizer.decode(m.tokens!));
    }
    p.dispose();
  });

  it("logprobs() of its own actions equal the sampled log-probs within 1e-4", async () => {
    const p = policy(7);
    const task = generateTask({ family: "random", seed: 2 });
    const observations: Observation[] = [];
    const recorder = {
      name: "rec",
      act: async (obs: readonly Observation[]) => {
        observations.push(...obs);
        return p.act(obs);
      },
    };
    await runEpisode(task, recorder);
    const actions = await policy(7).act(observations.slice(0, 0)); // empty batch is fine
    expect(actions).toEqual([]);
    const sampled = await p.act(observations);
    const before = tf.memory().numTensors;
    const scored = await p.logprobs(observations.map((observation, i) => ({ observation, action: sampled[i]! })));
    expect(tf.memory().numTensors).toBe(before);
    scored.forEach((row, i) =>
      row.forEach((lp, j) => expect(Math.abs(lp - sampled[i]!.logprobs![j]!)).toBeLessThan(1e-4)),
    );
    p.dispose();
  });

  it("is reproducible from its seed and resumable from its RNG state", async () => {
    const task = generateTask({ family: "random", seed: 3 });
    const a = policy(11);
    const b = policy(11);
    const ta = await runEpisode(task, a);
    const tb = await runEpisode(task, b);
    expect(tb).toEqual(ta);
    const state = a.rngState();
    const next = await runEpisode(task, a);
    b.setRngState(state);
    expect(await runEpisode(task, b)).toEqual(next);
    a.dispose();
    b.dispose();
  });

  it("choiceTemperature: choices decoded at it, the discussion as without it, same rows as two plain policies", async () => {
    const task = generateTask({ family: "random", seed: 4 });
    const observations: Observation[] = [];
    const recorder = {
      name: "rec",
      act: async (obs: readonly Observation[]) => {
        observations.push(...obs);
        return policy(1).act(obs);
      },
    };
    await runEpisode(task, recorder);
    const talk = observations.filter((o) => o.phase === "discuss");
    const choose = observations.filter((o) => o.phase !== "discuss");
    expect(talk.length).toBeGreaterThan(0);
    expect(choose.length).toBeGreaterThan(0);
    // interleave them, so the split and the reassembly are both exercised
    const mixed = [...choose.slice(0, 1), ...talk, ...choose.slice(1)];
    const make = (options: { temperature?: number; choiceTemperature?: number }) =>
      new TfjsPolicy({ model: policy().model, tokenizer, seed: 9, maxTokens: 12, ...options });
    const split = await make({ temperature: 1, choiceTemperature: 0 }).act(mixed);
    const plainTalk = await make({ temperature: 1 }).act(talk);
    const greedyChoices = await make({ temperature: 0 }).act(choose);
    expect(split.slice(1, 1 + talk.length)).toEqual(plainTalk);
    expect([split[0], ...split.slice(1 + talk.length)]).toEqual(greedyChoices);
    // equal to the temperature, or absent, it samples every row exactly as before the option existed
    const same = await make({ temperature: 1, choiceTemperature: 1 }).act(mixed);
    expect(same).toEqual(await make({ temperature: 1 }).act(mixed));
    expect(() => make({ choiceTemperature: -1 })).toThrow(/^choiceTemperature: expected a number in 0\.\.10, got -1/);
  });
});
