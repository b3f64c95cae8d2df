import { generateTask, runEpisode, taskFamilies, type Surface, type Task, type Trace } from "@cosir/env";
import { SCRIPTED_KINDS, scriptedPolicy, type ScriptedKind } from "@cosir/policy";
import { cosirPreset, scoreEpisode, summariseRewards, type EpisodeRewards } from "@cosir/rewards";
import type { CliCommand } from "../cli-io";
import { choiceFlag, intFlag, parseFlags } from "../flags";
import { writeLine } from "../jsonl";
import { sizeFlags, sizeOptions } from "./generate";

export interface PlayOptions {
  team: ScriptedKind;
  family: string;
  seed: number;
  n: number;
  surface?: Surface;
  size?: { options?: number; attributes?: number; agents?: number; domain?: string };
}

/** Plays n scripted-team episodes on seeds seed..seed+n-1; yields each {task, trace}. */
export async function* playScripted(opts: PlayOptions): AsyncGenerator<{ task: Task; trace: Trace }> {
  const policy = scriptedPolicy(opts.team, { seed: opts.seed });
  for (let k = 0; k < opts.n; k++) {
    const task = generateTask({ family: opts.family, seed: opts.seed + k, ...(opts.size ?? {}) });
    const trace = await runEpisode(task, policy, { surface: opts.surface ?? "canonical", seed: opts.seed + k });
    yield { task, trace };
  }
}

export const playCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    team: { type: "string" },
    family: { type: "string" },
    seed: { type: "string" },
    n: { type: "string" },
    surface: { type: "string" },
    summary: { type: "boolean" },
    ...sizeFlags,
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(
      `usage: cosir play --team ${SCRIPTED_KINDS.join("|")} --family ${Object.keys(taskFamilies).join("|")} --seed S --n N [--surface canonical|natural|tool] [--summary] [size flags as generate]\n` +
        "Writes {task, trace} per line, or with --summary team accuracy and mean reward terms (cosir preset).\n",
    );
    return 0;
  }
  const opts: PlayOptions = {
    team: choiceFlag(values, "team", SCRIPTED_KINDS),
    family: choiceFlag(values, "family", Object.keys(taskFamilies)),
    seed: intFlag(values, "seed", undefined, 0, 2 ** 31 - 1),
    n: intFlag(values, "n", 1, 0, 10_000_000),
    surface: choiceFlag(values, "surface", ["canonical", "natural", "tool"] as const, "canonical"),
    size: sizeOptions(values),
  };
  if (opts.n > 0) generateTask({ family: opts.family, seed: opts.seed, ...opts.size });
  const scored: EpisodeRewards[] = [];
  for await (const { task, trace } of playScripted(opts)) {
    if (values.summary) scored.push(scoreEpisode(task, trace, cosirPreset));
    else await writeLine(io.stdout, { task, trace });
  }
  if (values.summary) {
    // Loaded only here: the summary's Wilson interval comes from @cosir/trainer, which loads tfjs.
    const { formatSummaryTable } = await import("../summary-table");
    io.stdout.write(`${formatSummaryTable([{ name: opts.team, summary: summariseRewards(scored) }])}\n`);
  }
  return 0;
};
