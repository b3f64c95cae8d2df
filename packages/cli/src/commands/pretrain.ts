import { InvalidConfigError } from "@cosir/bayes";
import { heldOutFamilies } from "@cosir/bench";
import { runPretrain, type HeldOutSkills } from "@cosir/trainer";
import type { CliCommand } from "../cli-io";
import { CONFIG_FLAGS, configFromFlags } from "../config-flags";
import { parseFlags } from "../flags";

const USAGE = `usage: cosir pretrain --out DIR [--preset demo|shapes|smoke] [--set key.path=value ...] [--quiet]
Pretrains the embedded base: pretrain.copySteps steps of copying held cells (shortest prompts first with
pretrain.copyCurriculum, several cells an example with pretrain.copyShares), then pretrain.steps steps of teacher
actions (tally choices), seeded. Writes DIR/checkpoint, DIR/pretrain-log.jsonl (one line per step) and DIR/base.json
(command, config, hashes and the base's skills on held-out tasks; with pretrain.heldOutEpisodes, also on each
held-out family beside the silent team, and on soloFullInformation). The demo's committed base is
  cosir pretrain --preset demo --out models/demo-base
The base for every shape (random tasks of many shapes, the 0..100 choice scratchpad) is
  cosir pretrain --preset shapes --out DIR
`;

/** base.json's per-family skills as a table (issue 24's targets: >= 0.97, <= 0.05, >= 0.90, >= silent, >= 0.90). */
function heldOutLines(heldOut: HeldOutSkills | undefined): string[] {
  if (heldOut === undefined) return [];
  const lines = ["held-out families: given-cell level, false claims, choice = MAP, team accuracy (silent team)"];
  for (const [name, f] of Object.entries(heldOut.families)) {
    // where choice = MAP is lost: the written tally's error and its argmax against the teacher's (scratchpadSkills)
    const pad = f.scratchpad;
    const tally =
      pad === undefined
        ? ""
        : `  tally error ${pad.meanAbsError.toFixed(1)}, tally = MAP ${pad.tallyArgmaxIsMap.toFixed(3)} (teacher's ${pad.teacherArgmaxIsMap.toFixed(3)})`;
    lines.push(
      `  ${name.padEnd(28)} ${f.givenCellLevel.toFixed(3)}  ${f.falseClaims.toFixed(3)}  ${f.choiceIsMap.toFixed(3)}  ${f.teamAccuracy.toFixed(3)} (${f.silentAccuracy.toFixed(3)})  ${f.episodes} episodes${tally}`,
    );
  }
  const solo = heldOut.soloFullInformation;
  lines.push(`  soloFullInformation accuracy ${solo.accuracy.toFixed(3)} (${solo.episodes} episodes)`);
  return lines;
}

export const pretrainCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, CONFIG_FLAGS);
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (typeof values.out !== "string" || values.out.trim() === "")
    throw new InvalidConfigError("--out", values.out, "expected a directory");
  const { config, preset, sets } = configFromFlags(values);
  const command = ["cosir pretrain --preset", preset, ...sets.map((s) => `--set ${s}`), "--out", values.out].join(" ");
  const manifest = await runPretrain(
    config,
    values.out,
    { progress: { stream: io.stderr as NodeJS.WriteStream, quiet: values.quiet === true } },
    { command, log: (line) => values.quiet !== true && io.stderr.write(`${line}\n`), heldOut: heldOutFamilies },
  );
  const s = manifest.skills;
  io.stdout.write(
    [
      `wrote ${values.out} (${manifest.parameters} parameters, ${manifest.steps} steps, ${(manifest.seconds / 60).toFixed(1)} min on ${manifest.backend})`,
      `held-out skills at temperature ${config.rl.temperature} (${s.episodes} episodes):`,
      `  given-cell level ${s.givenCellLevel.toFixed(3)}  own-cell shares ${s.ownCellShares.toFixed(3)}  true shares ${s.trueShares.toFixed(3)}`,
      `  share rate ${s.shareRate.toFixed(3)}  choice = MAP ${s.choiceIsMap.toFixed(3)}  team accuracy ${s.teamAccuracy.toFixed(3)} [${s.ci95[0].toFixed(3)}, ${s.ci95[1].toFixed(3)}]`,
      ...heldOutLines(manifest.heldOut),
      "",
    ].join("\n"),
  );
  return 0;
};
