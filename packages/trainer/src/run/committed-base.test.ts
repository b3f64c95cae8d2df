import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { runEpisodes } from "@cosir/env";
import { loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveTrainConfig } from "../config/train-config";
import { trainingTask } from "../rollout/training-data";
import { samplingPolicy, trainerTokenizer } from "./policy-model";

const committed = fileURLToPath(new URL("../../../../models/demo-base/checkpoint", import.meta.url));

beforeAll(async () => {
  // The committed base was made and is played on wasm (pnpm start); its figures are the wasm kernels'.
  await selectBackend({ backend: "wasm", log: null });
});

/**
 * `pnpm start` plays the committed base with the vocabulary and context its checkpoint declares. Whatever the
 * trainer's own tokenizer or presets become, that base must load as it is and write exactly what it wrote when it
 * was committed: these traces (greedy and sampled at temperature 1 on demo tasks) were recorded before the tokenizer
 * and pretraining changes of the shapes base (issue 24), and must never move.
 */
describe("the committed demo base", () => {
  it("loads with its own 198-word vocabulary and context 192, and plays the recorded traces", async () => {
    const { model, tokenizer } = await loadCheckpoint(committed);
    try {
      expect(tokenizer.size).toBe(198);
      expect(model.config.vocabSize).toBe(198);
      expect(model.config.context).toBe(192);
      // The trainer's tokenizer only ever appends words: every id the committed base knows means what it meant.
      expect(trainerTokenizer().words.slice(0, tokenizer.words.length)).toEqual(tokenizer.words);
      const config = resolveTrainConfig({ preset: "demo" });
      const tasks = Array.from({ length: 4 }, (_, k) => trainingTask(config, "eval", config.eval.seedOffset + k));
      const digest: string[] = [];
      for (const temperature of [0, 1]) {
        const policy = samplingPolicy({ model, tokenizer }, { temperature, maxNewTokens: 24, seed: 7 });
        const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, k) => k) });
        const text = traces.map((t) => [
          ...t.messages.map((m) => `A${m.speaker}: ${m.text}`),
          ...t.choices.map((c) => `A${c.agent} -> ${c.choice}`),
        ]);
        digest.push(createHash("sha256").update(JSON.stringify(text)).digest("hex"));
        if (temperature === 0)
          expect(text[0]).toEqual([
            "A0: SHARE o3 a1 4",
            "A1: SHARE o1 a1 4",
            "A2: SHARE o0 a1 3",
            "A0: SHARE o3 a1 4",
            "A1: SHARE o1 a1 4",
            "A2: SHARE o0 a1 3",
            "A0 -> 0",
            "A1 -> 2",
            "A2 -> 2",
          ]);
      }
      expect(digest).toEqual([
        "43d4393c89d982190d804ed240c74b78245bf39728d82a19537b6728918faa84",
        "c7d41e19083c0472d69175405c5376d7a9f34c0482cb2fd57171829e00bad040",
      ]);
    } finally {
      model.dispose();
    }
  }, 60_000);
});
