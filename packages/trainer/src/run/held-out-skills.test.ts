import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { heldOutFamilies } from "@cosir/bench";
import { runEpisodes, type Task } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { selectBackend } from "@cosir/policy/tfjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveTrainConfig } from "../config/train-config";
import { derivedSeed } from "../rollout/training-data";
import { traceSkills } from "./base-skills";
import { scratchpadFor } from "../teacher/choice-scratchpad";
import { scratchpadSkills } from "./scratchpad-skills";
import { measureHeldOutSkills, soloFullInformationTask } from "./held-out-skills";
import { createPolicyModel, samplingPolicy } from "./policy-model";
import { type BaseManifest, runPretrain } from "./pretrain-run";

const dir = mkdtempSync(join(tmpdir(), "cosir-heldout-skills-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(async () => {
  await selectBackend({ backend: "cpu", log: null });
});

const families = {
  "heldout.whodunit": heldOutFamilies["heldout.whodunit"]!,
  "heldout.weightedDecision": heldOutFamilies["heldout.weightedDecision"]!,
};

describe("measureHeldOutSkills", () => {
  it("measures each family beside the silent team, and soloFullInformation, as independent counts do", async () => {
    const config = resolveTrainConfig({ preset: "smoke" });
    const pm = createPolicyModel({ ...config.model, context: 320 }, derivedSeed(1, "init"));
    const options = { temperature: 1, maxNewTokens: 12, seed: 3, episodes: 4, seedOffset: 500 };
    try {
      const skills = await measureHeldOutSkills(pm, families, options);
      expect(Object.keys(skills.families)).toEqual(Object.keys(families));
      for (const [name, generate] of Object.entries(families)) {
        const f = skills.families[name]!;
        const tasks: Task[] = Array.from({ length: 4 }, (_, k) => generate({ seed: 500 + k }));
        // the silent team, played here on its own
        const silent = await runEpisodes(tasks, scriptedPolicy("silent"), { surface: "canonical" });
        expect(f.silentAccuracy).toBe(silent.filter((t, k) => t.teamDecision === tasks[k]!.correct).length / 4);
        // the model's own play replayed with the same seeds: false claims are the untrue share of its SHARE acts
        const policy = samplingPolicy(pm, { temperature: 1, maxNewTokens: 12, seed: 3 });
        const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, k) => k) });
        const counted = traceSkills(tasks, traces);
        expect(f.falseClaims).toBeCloseTo(counted.shares === 0 ? 0 : 1 - counted.trueShares, 12);
        expect(f.teamAccuracy).toBe(counted.teamAccuracy);
        expect(f.episodes).toBe(4);
        // the written tallies are compared only when a scratchpad is given, and then on the same traces
        expect(f.scratchpad).toBeUndefined();
        const padded = await measureHeldOutSkills(
          pm,
          { [name]: generate },
          {
            ...options,
            solo: false,
            scratchpad: scratchpadFor(),
          },
        );
        expect(padded.families[name]?.scratchpad).toEqual(scratchpadSkills(tasks, traces, scratchpadFor()));
        for (const v of [f.givenCellLevel, f.falseClaims, f.choiceIsMap, f.teamAccuracy]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }
      expect(skills.soloFullInformation.episodes).toBe(4);
      const solo = Array.from({ length: 4 }, (_, k) => soloFullInformationTask(500 + k));
      for (const t of solo) expect([t.options, t.attributes, t.agents, t.rounds]).toEqual([4, 4, 1, 0]);
      // solo: false measures the families alike and leaves soloFullInformation out
      const without = await measureHeldOutSkills(pm, families, { ...options, solo: false });
      expect(without.families).toEqual(skills.families);
      expect(without.soloFullInformation.episodes).toBe(0);
    } finally {
      pm.model.dispose();
    }
  }, 120_000);

  it("choiceTemperature: the choices decoded at it, as a replay with samplingPolicy's choiceTemperature plays them", async () => {
    const config = resolveTrainConfig({ preset: "smoke" });
    const pm = createPolicyModel({ ...config.model, context: 320 }, derivedSeed(2, "init"));
    const generate = families["heldout.whodunit"];
    const tasks: Task[] = Array.from({ length: 6 }, (_, k) => generate({ seed: 700 + k }));
    const options = { temperature: 1, maxNewTokens: 12, seed: 3, episodes: 6, seedOffset: 700, solo: false };
    try {
      const greedy = await measureHeldOutSkills(pm, { w: generate }, { ...options, choiceTemperature: 0 });
      const replay = async (choiceTemperature?: number) =>
        runEpisodes(
          tasks,
          samplingPolicy(pm, {
            temperature: 1,
            maxNewTokens: 12,
            seed: 3,
            ...(choiceTemperature === undefined ? {} : { choiceTemperature }),
          }),
          { surface: "canonical", seed: tasks.map((_, k) => k) },
        );
      const greedyTraces = await replay(0);
      expect(greedy.families.w?.teamAccuracy).toBe(traceSkills(tasks, greedyTraces).teamAccuracy);
      // the choices differ from the all-sampled play's somewhere (else the option was not applied)
      const sampled = await replay();
      const choices = (ts: typeof sampled) => ts.flatMap((t) => t.choices.map((c) => c.text));
      expect(choices(greedyTraces)).not.toEqual(choices(sampled));
    } finally {
      pm.model.dispose();
    }
  }, 120_000);

  it("runPretrain writes them to base.json when pretrain.heldOutEpisodes is set, and not otherwise", async () => {
    const config = resolveTrainConfig({
      preset: "smoke",
      overrides: [
        { model: { context: 320 }, pretrain: { heldOutEpisodes: 2, shapes: {} }, sft: { teacherChoice: "scratchpad" } },
      ],
    });
    const quiet = { progress: { stream: process.stderr, quiet: true } };
    const one = { "heldout.whodunit": families["heldout.whodunit"] };
    const manifest = await runPretrain(config, join(dir, "with"), quiet, { command: "test", heldOut: one });
    const written = JSON.parse(readFileSync(join(dir, "with", "base.json"), "utf8")) as BaseManifest;
    expect(written.heldOut).toEqual(manifest.heldOut);
    expect(Object.keys(written.heldOut?.families ?? {})).toEqual(["heldout.whodunit"]);
    expect(written.heldOut?.soloFullInformation.episodes).toBe(2);
    // a base taught the percent scratchpad gets its tallies compared with the teacher's
    expect(written.heldOut?.families["heldout.whodunit"]?.scratchpad?.choices).toBeGreaterThan(0);
    const plain = resolveTrainConfig({ preset: "smoke" });
    const without = await runPretrain(plain, join(dir, "without"), quiet, { command: "test", heldOut: one });
    expect(without.heldOut).toBeUndefined();
  }, 240_000);
});
