import { randomBytes } from "node:crypto";
import { existsSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import { domainNames, taskFamilies } from "@cosir/env";
import { datasetRows, openrlhfJsonl, verlParquet } from "@cosir/serve-env";
import type { CliCommand } from "../cli-io";
import { choiceFlag, intFlag, parseFlags } from "../flags";
import { sizeFlags, sizeOptions } from "./generate";
import { printSeatLengths } from "./print-seat-lengths";

const FORMATS = ["verl-parquet", "openrlhf-jsonl"] as const;

/** Writes `data` to `path` through a temporary file in the same folder and a rename, so readers never see half a file. */
function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

export const exportCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    family: { type: "string" },
    seed: { type: "string" },
    n: { type: "string" },
    format: { type: "string" },
    out: { type: "string" },
    surface: { type: "string" },
    rounds: { type: "string" },
    "print-lengths": { type: "boolean" },
    "tokens-per-turn": { type: "string" },
    ...sizeFlags,
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(
      `usage: cosir export --family ${Object.keys(taskFamilies).join("|")} --seed S --n N --format ${FORMATS.join("|")} --out FILE\n` +
        `                    [--surface natural|canonical] [--options K --attributes M --agents A --rounds R --domain ${domainNames.join("|")}]\n` +
        "                    [--print-lengths [--tokens-per-turn 256]]  (longest seat prompt and stream, engine length settings)\n" +
        "Writes the first-turn prompt of tasks S..S+N-1 with the task as label:\n" +
        "  verl-parquet: data_source, prompt (chat messages), ability, reward_model {style: rule, ground_truth}, extra_info\n" +
        "  openrlhf-jsonl: input (chat messages; --data.input_key input --data.apply_chat_template), label (--data.label_key label)\n",
    );
    return 0;
  }
  // Every flag is checked before anything is written.
  const family = choiceFlag(values, "family", Object.keys(taskFamilies));
  const seed = intFlag(values, "seed", undefined, 0, 2 ** 31 - 1);
  const n = intFlag(values, "n", undefined, 1, 1_000_000);
  const format = choiceFlag(values, "format", FORMATS);
  const surface = choiceFlag(values, "surface", ["natural", "canonical"] as const, "natural");
  const size = {
    ...sizeOptions(values),
    ...(values.rounds !== undefined ? { rounds: intFlag(values, "rounds", undefined, 0, 16) } : {}),
  };
  if (typeof values.out !== "string" || values.out.trim() === "")
    throw new InvalidArgumentError("--out", values.out, "is required (the file to write)");
  const tokensPerTurn = intFlag(values, "tokens-per-turn", 256, 1, 65_536);
  const out = resolve(values.out);
  if (!existsSync(dirname(out)) || !statSync(dirname(out)).isDirectory())
    throw new InvalidArgumentError("--out", values.out, "expected a file in an existing folder");
  if (existsSync(out) && statSync(out).isDirectory())
    throw new InvalidArgumentError("--out", values.out, "is a folder; expected a file");
  let rows: ReturnType<typeof datasetRows>;
  try {
    rows = datasetRows({ family, seed, n, surface, size });
  } catch (error) {
    if (error instanceof InvalidArgumentError)
      throw new InvalidArgumentError(
        `--${error.field}`,
        error.value,
        error.message.replace(/^[^:]*: /, "").replace(/, got .*$/s, ""),
        { cause: error },
      );
    throw error;
  }
  writeFileAtomic(out, format === "verl-parquet" ? verlParquet(rows) : openrlhfJsonl(rows));
  io.stdout.write(`wrote ${rows.length} ${format} rows to ${out}\n`);
  if (values["print-lengths"] === true) printSeatLengths(io, { family, seed, n, surface, size }, tokensPerTurn);
  return 0;
};
