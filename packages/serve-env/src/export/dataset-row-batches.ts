import { InvalidArgumentError } from "@cosir/bayes";
import { datasetRows, type DatasetRow, type DatasetRowsOptions } from "./dataset-rows";

/**
 * The rows of `datasetRows(opts)`, the same ones in the same order, in batches of at most `batchSize`, built one
 * batch at a time: an export of a million rows holds one batch in memory, not the whole dataset.
 */
export function* datasetRowBatches(opts: DatasetRowsOptions, batchSize = 2000): Generator<DatasetRow[]> {
  if (!Number.isInteger(opts.n) || opts.n < 1)
    throw new InvalidArgumentError("n", opts.n, "expected a positive integer");
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new InvalidArgumentError("batchSize", batchSize, "expected a positive integer");
  for (let start = 0; start < opts.n; start += batchSize) {
    const rows = datasetRows({ ...opts, seed: opts.seed + start, n: Math.min(batchSize, opts.n - start) });
    for (const row of rows) row.index += start;
    yield rows;
  }
}
