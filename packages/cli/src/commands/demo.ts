import { join } from "node:path";
import { PassThrough } from "node:stream";
import { InvalidConfigError } from "@cosir/bayes";
import type { CliCommand } from "../cli-io";
import { parseFlags } from "../flags";
import { parseOverride, resolveTrainConfig, runDemo } from "@cosir/trainer";
import { formatDemoTable } from "../format-demo-table";
import { benchCommand } from "./bench";

/** `pnpm start`: base, outcome-only RL and CoSIR RL on the embedded default, then a held-out table. */
export const demoCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    out: { type: "string" },
    preset: { type: "string" },
    set: { type: "string", multiple: true },
    quiet: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(
      "usage: cosir demo [--out runs/demo] [--preset demo|smoke] [--set key.path=value ...] [--quiet]\nSFT base, outcome-only RL and CoSIR RL with equal iterations and seeds, evaluated on held-out seeds.\nWrites DIR/summary.json and prints the table.\n",
    );
    return 0;
  }
  const out = typeof values.out === "string" ? values.out : "runs/demo";
  if (out.trim() === "") throw new InvalidConfigError("--out", out, "expected a directory");
  const config = resolveTrainConfig({
    preset: typeof values.preset === "string" ? values.preset : "demo",
    overrides: ((values.set as unknown as string[] | undefined) ?? []).map(parseOverride),
  });
  const started = Date.now();
  const result = await runDemo(
    config,
    out,
    { stream: io.stderr as NodeJS.WriteStream, quiet: values.quiet === true },
    (line) => {
      if (values.quiet !== true) io.stderr.write(`${line}\n`);
    },
  );
  io.stdout.write(
    `\nHeld-out ${config.task.family} tasks (${config.task.agents} agents, ${config.task.options} options x ${config.task.attributes} attributes), ${config.eval.episodes} episodes each\n`,
  );
  io.stdout.write(`${formatDemoTable(result)}\n`);
  if (config.eval.benchEpisodes > 0) {
    io.stdout.write(
      `\nHeld-out benchmark families (never trained on), ${config.eval.benchEpisodes} episodes each, seed ${config.seed}:\n`,
    );
    const policies = [
      `base=${join(out, "base")}`,
      `outcomeOnly=${join(out, "outcomeOnly", "checkpoint")}`,
      `cosir=${join(out, "cosir", "checkpoint")}`,
      "oracle",
    ].join(",");
    const code = await benchCommand(
      [
        "--policies",
        policies,
        "--n",
        String(config.eval.benchEpisodes),
        "--seed",
        String(config.seed),
        "--out",
        join(out, "bench"),
      ],
      {
        ...io,
        stderr: values.quiet === true ? new PassThrough() : io.stderr,
      },
    );
    if (code !== 0) return code;
  }
  io.stdout.write(
    `\nwrote ${out}/summary.json in ${((Date.now() - started) / 1000).toFixed(0)} s (${Object.entries(result.seconds)
      .map(([k, v]) => `${k} ${v.toFixed(0)} s`)
      .join(", ")})\n`,
  );
  return 0;
};
