import { InvalidConfigError } from "@cosir/bayes";
import { runPretrain } from "@cosir/trainer";
import type { CliCommand } from "../cli-io";
import { CONFIG_FLAGS, configFromFlags } from "../config-flags";
import { parseFlags } from "../flags";

const USAGE = `usage: cosir pretrain --out DIR [--preset demo|smoke] [--set key.path=value ...] [--quiet]
Pretrains the embedded base: pretrain.copySteps steps of copying held cells, then pretrain.steps steps of teacher
actions (tally choices), seeded. Writes DIR/checkpoint, DIR/pretrain-log.jsonl (one line per step) and DIR/base.json
(command, config, hashes and the base's skills on held-out tasks). The demo's committed base is
  cosir pretrain --preset demo --out models/demo-base
`;

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
    { command, log: (line) => values.quiet !== true && io.stderr.write(`${line}\n`) },
  );
  const s = manifest.skills;
  io.stdout.write(
    [
      `wrote ${values.out} (${manifest.parameters} parameters, ${manifest.steps} steps, ${(manifest.seconds / 60).toFixed(1)} min on ${manifest.backend})`,
      `held-out skills at temperature ${config.rl.temperature} (${s.episodes} episodes):`,
      `  given-cell level ${s.givenCellLevel.toFixed(3)}  own-cell shares ${s.ownCellShares.toFixed(3)}  true shares ${s.trueShares.toFixed(3)}`,
      `  share rate ${s.shareRate.toFixed(3)}  choice = MAP ${s.choiceIsMap.toFixed(3)}  team accuracy ${s.teamAccuracy.toFixed(3)} [${s.ci95[0].toFixed(3)}, ${s.ci95[1].toFixed(3)}]`,
      "",
    ].join("\n"),
  );
  return 0;
};
