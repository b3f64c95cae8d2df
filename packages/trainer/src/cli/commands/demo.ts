import { SCRIPTED_KINDS } from "@cosir/policy";
import { scoreEpisode, cosirPreset, summariseRewards, type EpisodeRewards } from "@cosir/rewards";
import type { CliCommand } from "../cli-io";
import { intFlag, parseFlags } from "../flags";
import { formatSummaryTable } from "../summary-table";
import { playScripted } from "./play";

/**
 * The main job on the embedded default until the trainer lands: scripted teams on generated
 * rating-table tasks, one table per family of team accuracy and mean reward terms.
 */
export const demoCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, { n: { type: "string" }, seed: { type: "string" }, help: { type: "boolean", short: "h" } });
  if (values.help) {
    io.stdout.write("usage: cosir demo [--n 200] [--seed 1]\nPlays oracle, greedyShare, random and silent teams and prints a table per family.\n");
    return 0;
  }
  const n = intFlag(values, "n", 200, 1, 1_000_000);
  const seed = intFlag(values, "seed", 1, 0, 2 ** 31 - 1);
  for (const family of ["random", "hiddenProfile"]) {
    const rows = [];
    for (const team of [...SCRIPTED_KINDS].reverse()) {
      const scored: EpisodeRewards[] = [];
      for await (const { task, trace } of playScripted({ team, family, seed, n })) scored.push(scoreEpisode(task, trace, cosirPreset));
      rows.push({ name: team, summary: summariseRewards(scored) });
    }
    io.stdout.write(`\n${family} tasks (3 agents, 3 options x 4 attributes, ${n} episodes, seeds ${seed}..${seed + n - 1}, cosir reward preset)\n`);
    io.stdout.write(`${formatSummaryTable(rows.reverse())}\n`);
  }
  return 0;
};
