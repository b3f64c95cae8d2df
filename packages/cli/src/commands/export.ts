import { InvalidArgumentError } from "@cosir/bayes";
import { openOutputAtomic } from "@cosir/bench";
import { domainNames, taskFamilies } from "@cosir/env";
import { datasetRowBatches, datasetRows, openrlhfJsonl, writeVerlParquet } from "@cosir/serve-env";
import type { CliCommand } from "../cli-io";
import { choiceFlag, intFlag, parseFlags } from "../flags";
import { sizeFlags, sizeOptions } from "./generate";
import { printSeatLengths } from "./print-seat-lengths";

const FORMATS = ["verl-parquet", "openrlhf-jsonl"] as const;

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
  const options = { family, seed, n, surface, size };
  try {
    // The size flags, checked on the first row before any file is opened.
    datasetRows({ ...options, n: 1 });
  } catch (error) {
    if (error instanceof InvalidArgumentError)
      throw new InvalidArgumentError(`--${error.field}`, error.value, error.expected, { cause: error });
    throw error;
  }
  // Streamed a batch at a time into a temporary file beside --out, renamed over it at the end: bounded memory at
  // n = 1,000,000, and --out is never left half-written nor replaced if it is a link, a folder or a device.
  const output = openOutputAtomic(values.out, "--out");
  let rows = 0;
  try {
    const batches = datasetRowBatches(options);
    if (format === "verl-parquet") rows = writeVerlParquet(batches, (bytes) => output.write(bytes));
    else
      for (const batch of batches) {
        output.write(openrlhfJsonl(batch));
        rows += batch.length;
      }
  } catch (error) {
    output.abort();
    throw error;
  }
  output.commit();
  io.stdout.write(`wrote ${rows} ${format} rows to ${output.path}\n`);
  if (values["print-lengths"] === true) printSeatLengths(io, options, tokensPerTurn);
  return 0;
};
