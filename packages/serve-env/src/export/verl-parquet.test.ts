import { validateTask } from "@cosir/env";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { describe, expect, it } from "vitest";
import { resolveCosirLabel } from "../protocol/cosir-label";
import { datasetRows } from "./dataset-rows";
import { openrlhfJsonl } from "./openrlhf-jsonl";
import { verlParquet } from "./verl-parquet";

describe("dataset export", () => {
  const rows = datasetRows({ family: "hiddenProfile", seed: 3, n: 4 });

  it("writes verl's columns, with prompt as a list of {role, content} structs, readable back", async () => {
    const bytes = verlParquet(rows);
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const meta = parquetMetadata(file);
    expect(Number(meta.num_rows)).toBe(4);
    const read = (await parquetReadObjects({ file })) as any[];
    expect(Object.keys(read[0]!)).toEqual(["data_source", "prompt", "ability", "reward_model", "extra_info"]);
    read.forEach((r, k) => {
      expect(r.data_source).toBe("cosir/hiddenProfile");
      expect(r.ability).toBe("collaboration");
      expect(r.prompt).toEqual(rows[k]!.prompt);
      expect(r.reward_model.style).toBe("rule");
      const label = resolveCosirLabel(r.reward_model.ground_truth);
      expect(label.task).toEqual(validateTask(rows[k]!.task));
      expect({
        ...r.extra_info,
        index: Number(r.extra_info.index),
        seed: Number(r.extra_info.seed),
        agent: Number(r.extra_info.agent),
      }).toEqual({
        split: "train",
        index: k,
        family: "hiddenProfile",
        seed: 3 + k,
        task_id: rows[k]!.taskId,
        surface: "natural",
        agent: 0,
      });
    });
  });

  it("writes OpenRLHF JSONL with `input` chat messages and the task as `label`", () => {
    const lines = openrlhfJsonl(rows)
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0].input).toEqual(rows[0]!.prompt);
    expect(resolveCosirLabel(lines[0].label).task.id).toBe(rows[0]!.taskId);
    expect(resolveCosirLabel(lines[0].label).surface).toBe("natural");
  });

  it("names a bad family, size or count", () => {
    expect(() => datasetRows({ family: "nope", seed: 1, n: 1 })).toThrow(/family/);
    expect(() => datasetRows({ family: "random", seed: 1, n: 0 })).toThrow(/^n: /);
    expect(() => datasetRows({ family: "random", seed: 1, n: 1, size: { agents: 99 } })).toThrow(/agents/);
  });
});
