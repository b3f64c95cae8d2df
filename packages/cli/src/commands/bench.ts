import { InvalidArgumentError } from "@cosir/bayes";
import type { CliCommand } from "../cli-io";
import { BENCH_FLAGS, benchOptions, checkBenchFiles } from "../bench/bench-options";
import { benchUsage } from "../bench/bench-usage";
import { familiesBench } from "../bench/families-bench";
import { hiddenBenchRun } from "../bench/hidden-bench-run";
import { parseFlags } from "../flags";

/**
 * `cosir bench`: the shared flags and output checks, then HiddenBench (`--hiddenbench`) or the benchmarks
 * (`--policies`, `--endpoint`/`--model`). Each job lives in its own module under `src/bench/`.
 */
export const benchCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, BENCH_FLAGS);
  if (values.help) {
    io.stdout.write(benchUsage());
    return 0;
  }
  const options = benchOptions(values);
  checkBenchFiles(values.metrics, options.out);
  if (typeof values.hiddenbench !== "string") return familiesBench(argv, io, values, options);
  const { endpoint, model } = options;
  if (endpoint === undefined || model === undefined)
    throw new InvalidArgumentError("--endpoint", endpoint, "is required with --hiddenbench (and --model)");
  return hiddenBenchRun(argv, io, values, { ...options, path: values.hiddenbench, endpoint, model });
};
