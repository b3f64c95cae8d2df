import { ByteWriter, ParquetWriter, parquetWriteBuffer } from "hyparquet-writer";
import type { DatasetRow } from "./dataset-rows";

const string = (name: string) =>
  ({ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" }) as const;
const int64 = (name: string) => ({ name, type: "INT64", repetition_type: "OPTIONAL" }) as const;

// verl's RLHFDataset columns; `prompt` is a LIST of {role, content} structs (3-level parquet list encoding).
const SCHEMA = [
  { name: "root", num_children: 5 },
  string("data_source"),
  { name: "prompt", repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
  { name: "list", repetition_type: "REPEATED", num_children: 1 },
  { name: "element", repetition_type: "OPTIONAL", num_children: 2 },
  string("role"),
  string("content"),
  string("ability"),
  { name: "reward_model", repetition_type: "OPTIONAL", num_children: 2 },
  string("style"),
  string("ground_truth"),
  { name: "extra_info", repetition_type: "OPTIONAL", num_children: 7 },
  string("split"),
  int64("index"),
  string("family"),
  int64("seed"),
  string("task_id"),
  string("surface"),
  int64("agent"),
];

/**
 * A verl RL parquet file: `data_source` ("cosir/<family>"), `prompt` (chat messages), `ability`
 * ("collaboration"), `reward_model` {style: "rule", ground_truth: the label JSON}, `extra_info`.
 */
export function verlParquet(rows: readonly DatasetRow[], split = "train"): Uint8Array {
  const buffer = parquetWriteBuffer({
    columnData: verlColumns(rows, split),
    schema: SCHEMA as never,
    kvMetadata: KV_METADATA,
    createdBy: CREATED_BY,
  });
  return new Uint8Array(buffer);
}

const KV_METADATA = [{ key: "cosir.format", value: "verl-rl-v1" }];
const CREATED_BY = "@cosir/serve-env";

function verlColumns(rows: readonly DatasetRow[], split: string) {
  return [
    { name: "data_source", data: rows.map((r) => `cosir/${r.family}`) },
    { name: "prompt", data: rows.map((r) => r.prompt.map((m) => ({ role: m.role, content: m.content }))) },
    { name: "ability", data: rows.map(() => "collaboration") },
    { name: "reward_model", data: rows.map((r) => ({ style: "rule", ground_truth: r.label })) },
    {
      name: "extra_info",
      data: rows.map((r) => ({
        split,
        index: BigInt(r.index),
        family: r.family,
        seed: BigInt(r.seed),
        task_id: r.taskId,
        surface: r.surface,
        agent: BigInt(r.agent),
      })),
    },
  ];
}

/**
 * The verl parquet file of `verlParquet`, written batch by batch (one row group per batch) through `write`, so the
 * memory it holds is one batch and its encoded row group, whatever the number of rows. Returns the rows written.
 */
export function writeVerlParquet(
  batches: Iterable<readonly DatasetRow[]>,
  write: (bytes: Uint8Array) => void,
  split = "train",
): number {
  const writer = new ByteWriter(1 << 20);
  const flush = () => {
    if (writer.index > 0) write(new Uint8Array(writer.buffer.slice(0, writer.index)));
    writer.index = 0;
  };
  const parquet = new ParquetWriter({
    writer: Object.assign(writer, { flush, finish: flush }),
    schema: SCHEMA as never,
    kvMetadata: KV_METADATA,
    createdBy: CREATED_BY,
  });
  let rows = 0;
  for (const batch of batches) {
    if (batch.length === 0) continue;
    parquet.write({ columnData: verlColumns(batch, split), rowGroupSize: batch.length });
    rows += batch.length;
  }
  parquet.finish();
  return rows;
}
