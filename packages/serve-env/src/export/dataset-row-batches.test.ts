import fc from "fast-check";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { describe, expect, it } from "vitest";
import { datasetRowBatches } from "./dataset-row-batches";
import { datasetRows } from "./dataset-rows";
import { openrlhfJsonl } from "./openrlhf-jsonl";
import { verlParquet, writeVerlParquet } from "./verl-parquet";

const asFile = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe("streamed export", () => {
  it("batches hold exactly datasetRows' rows, in order (comparison with the whole-array oracle)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 23 }), fc.integer({ min: 1, max: 9 }), fc.nat(1000), (n, batch, seed) => {
        const opts = { family: "random", seed, n, surface: "canonical" as const };
        const batches = [...datasetRowBatches(opts, batch)];
        expect(batches.every((b) => b.length >= 1 && b.length <= batch)).toBe(true);
        const streamed = batches.flat();
        expect(streamed).toEqual(datasetRows(opts));
        expect(batches.map((b) => openrlhfJsonl(b)).join("")).toBe(openrlhfJsonl(datasetRows(opts)));
      }),
      { numRuns: 25 },
    );
  });

  it("writeVerlParquet writes one row group per batch and reads back as verlParquet's rows", async () => {
    const opts = { family: "hiddenProfile", seed: 5, n: 7 };
    const chunks: Uint8Array[] = [];
    const rows = writeVerlParquet(datasetRowBatches(opts, 3), (bytes) => chunks.push(bytes));
    expect(rows).toBe(7);
    const streamed = new Uint8Array(Buffer.concat(chunks));
    expect(parquetMetadata(asFile(streamed)).row_groups).toHaveLength(3);
    const whole = verlParquet(datasetRows(opts));
    expect(await parquetReadObjects({ file: asFile(streamed) })).toEqual(
      await parquetReadObjects({ file: asFile(whole) }),
    );
  });
});
