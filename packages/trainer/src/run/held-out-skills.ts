import { randomTask, runEpisodes, type Task, type TaskGenerator } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { wilson95 } from "../metrics/wilson95";
import { measureBaseSkills, traceSkills, type BaseSkillOptions } from "./base-skills";
import type { PolicyModel } from "./policy-model";
import type { ChoiceScratchpad } from "../teacher/choice-scratchpad";
import { scratchpadSkills, type ScratchpadSkills } from "./scratchpad-skills";

/** A base's skills on one held-out family (issue 24's targets in brackets). */
export interface FamilySkills {
  episodes: number;
  /** Mean probability of the right level after "SHARE o<k> a<m>" for a held cell (>= 0.97). */
  givenCellLevel: number;
  /** Share of the base's SHARE acts whose level is not the cell's true level (<= 0.05). */
  falseClaims: number;
  /** Share of its final choices equal to the MAP of the agent's evidence (>= 0.90). */
  choiceIsMap: number;
  /** Team accuracy of the base playing every seat (>= silentAccuracy). */
  teamAccuracy: number;
  ci95: [number, number];
  /** The scripted silent team on the same tasks. */
  silentAccuracy: number;
  /** Its written tallies beside the teacher's on the same evidence (scratchpadSkills), when measured with one. */
  scratchpad?: ScratchpadSkills;
}

/** What `cosir pretrain` writes to base.json's `heldOut` (issue 24): per family, and the preservation check. */
export interface HeldOutSkills {
  /** Per held-out family name ("heldout.*"), on tasks at its default size. */
  families: Record<string, FamilySkills>;
  /** soloFullInformation: one agent sees the whole 4x4 table and just chooses (>= 0.90). */
  soloFullInformation: { episodes: number; accuracy: number; ci95: [number, number] };
}

/** The soloFullInformation benchmark's tasks (@cosir/bench's built-in: the random family, 4x4, one agent, no talk). */
export function soloFullInformationTask(seed: number): Task {
  return randomTask({ seed, options: 4, attributes: 4, agents: 1, rounds: 0 });
}

/**
 * Measures a base on each held-out family (`episodes` tasks at their default size, seeds `seedOffset + k`, played by
 * the model in every seat at `options.temperature`) beside the scripted silent team on the same tasks, and on
 * soloFullInformation. The generators come from the caller (@cosir/bench's heldOutFamilies for the CLI), so the
 * trainer depends on no benchmark at run time.
 */
export async function measureHeldOutSkills(
  pm: PolicyModel,
  families: Readonly<Record<string, TaskGenerator>>,
  /** `solo: false` skips soloFullInformation (reported as 0 episodes), for a caller measuring families one by one. */
  options: BaseSkillOptions & {
    episodes: number;
    seedOffset: number;
    solo?: boolean;
    /** The teacher's scratchpad (scratchpadFor for the shapes base): adds each family's `scratchpad` skills. */
    scratchpad?: ChoiceScratchpad;
  },
): Promise<HeldOutSkills> {
  const seeds = Array.from({ length: options.episodes }, (_, k) => options.seedOffset + k);
  const silent = scriptedPolicy("silent");
  const out: HeldOutSkills = {
    families: {},
    soloFullInformation: { episodes: 0, accuracy: 0, ci95: [0, 0] },
  };
  for (const [name, generate] of Object.entries(families)) {
    const tasks = seeds.map((seed) => generate({ seed }));
    let shares = 0;
    let pad: ScratchpadSkills | undefined;
    const skills = await measureBaseSkills(pm, tasks, options, (traces) => {
      shares = traceSkills(tasks, traces).shares;
      if (options.scratchpad !== undefined) pad = scratchpadSkills(tasks, traces, options.scratchpad);
    });
    const silentTraces = await runEpisodes(tasks, silent, { surface: "canonical" });
    const silentRight = silentTraces.filter((t, k) => t.teamDecision === (tasks[k] as Task).correct).length;
    out.families[name] = {
      episodes: skills.episodes,
      givenCellLevel: skills.givenCellLevel,
      // no share at all is no false claim
      falseClaims: shares === 0 ? 0 : 1 - skills.trueShares,
      choiceIsMap: skills.choiceIsMap,
      teamAccuracy: skills.teamAccuracy,
      ci95: skills.ci95,
      silentAccuracy: tasks.length === 0 ? 0 : silentRight / tasks.length,
      ...(pad === undefined ? {} : { scratchpad: pad }),
    };
  }
  if (options.solo === false) return out;
  const solo = seeds.map(soloFullInformationTask);
  const soloSkills = await measureBaseSkills(pm, solo, options);
  const right = Math.round(soloSkills.teamAccuracy * solo.length);
  out.soloFullInformation = {
    episodes: solo.length,
    accuracy: soloSkills.teamAccuracy,
    ci95: wilson95(right, solo.length),
  };
  return out;
}
