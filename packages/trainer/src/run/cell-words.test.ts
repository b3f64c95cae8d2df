import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateTask, runEpisodes, type Task } from "@cosir/env";
import { loadCheckpoint, saveCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRAINER_CELL_WORD_COUNT, TRAINER_VOCAB_SIZE } from "../config/train-config-cost";
import { actionIds, createPolicyModel, promptIds, samplingPolicy, trainerTokenizer } from "./policy-model";

const root = mkdtempSync(join(tmpdir(), "cosir-cell-words-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

const shape = { width: 16, layers: 1, heads: 2, context: 160, mlpRatio: 2, tokenShift: false };
const tasks: Task[] = Array.from({ length: 3 }, (_, k) =>
  generateTask({
    family: "random",
    seed: 40 + k,
    options: 4,
    attributes: 2,
    agents: 3,
    rounds: 2,
    visibility: 0.3,
  } as Parameters<typeof generateTask>[0]),
);

describe("model.cellWords", () => {
  it("gives a fresh model the trainer's vocabulary plus one word per cell, and nothing else changes", () => {
    expect(trainerTokenizer({ cellWords: true }).size).toBe(TRAINER_VOCAB_SIZE + TRAINER_CELL_WORD_COUNT);
    const pm = createPolicyModel({ ...shape, cellWords: true }, 1);
    expect(pm.tokenizer.cellWords).toBe(true);
    expect(pm.model.config.vocabSize).toBe(TRAINER_VOCAB_SIZE + TRAINER_CELL_WORD_COUNT);
    expect("cellWords" in pm.model.config).toBe(false);
    const plain = createPolicyModel({ ...shape, cellWords: false }, 1);
    expect([plain.tokenizer.cellWords, plain.model.config.vocabSize]).toEqual([false, TRAINER_VOCAB_SIZE]);
    // a teacher's action is taught as the cell words the model will write
    expect(actionIds(pm, "SHARE o1 a2 4 ; ASK o3 a0").map((id) => pm.tokenizer.word(id))).toEqual([
      "SHARE",
      "o1.a2",
      "4",
      ";",
      "ASK",
      "o3.a0",
      "<eos>",
    ]);
  });

  it("plays episodes whose messages the env reads, and keeps the tokenizer through a checkpoint", async () => {
    const pm = createPolicyModel({ ...shape, cellWords: true }, 2);
    const policy = samplingPolicy(pm, { temperature: 1, maxNewTokens: 12, seed: 3 });
    const traces = await runEpisodes(tasks, policy, { surface: "canonical" });
    let cellIds = 0;
    const plain = trainerTokenizer();
    for (const trace of traces)
      for (const m of trace.messages) {
        // what the env is given is its own canonical words, never a cell word
        expect(m.text).not.toMatch(/\./);
        expect(plain.encode(m.text)).not.toContain(plain.unk);
      }
    const obs = traces[0]!.messages.length;
    expect(obs).toBeGreaterThan(0);
    // the prompt of a first turn carries the agent's own cells as cell words
    const ids = promptIds(pm, { text: "AGENT A0 OF 3 SEE o0 a1 4 o3 a0 2 HISTORY ROUND 1 OF 2 SAY" } as never, 12);
    for (const id of ids) if (pm.tokenizer.word(id).includes(".")) cellIds++;
    expect(cellIds).toBe(2);
    const dir = join(root, "ckpt");
    await saveCheckpoint(dir, { model: pm.model, tokenizer: pm.tokenizer });
    const back = await loadCheckpoint(dir);
    expect(back.tokenizer.cellWords).toBe(true);
    expect(back.tokenizer.encode("SEE o0 a1 4")).toEqual(pm.tokenizer.encode("SEE o0 a1 4"));
    back.model.dispose();
    pm.model.dispose();
  });
});
