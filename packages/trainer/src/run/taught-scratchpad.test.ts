import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publicTask } from "@cosir/env";
import { createBeliefs } from "@cosir/bayes";
import { afterAll, describe, expect, it } from "vitest";
import { PretrainShapesSchema } from "../config/pretrain-shapes";
import { shapeTask } from "../rollout/shape-task";
import { taughtScratchpad, taughtTotalScratchpad } from "./taught-scratchpad";

const root = mkdtempSync(join(tmpdir(), "cosir-taught-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** DIR/checkpoint with DIR/base.json holding `manifest` (raw text when a string), or no base.json when undefined. */
function base(name: string, manifest?: unknown): string {
  const dir = join(root, name);
  mkdirSync(join(dir, "checkpoint"), { recursive: true });
  if (manifest !== undefined)
    writeFileSync(join(dir, "base.json"), typeof manifest === "string" ? manifest : JSON.stringify(manifest));
  return join(dir, "checkpoint");
}

describe("taughtTotalScratchpad", () => {
  it("reads sft.totalScratchpad from the base.json beside the checkpoint; distance when absent", () => {
    expect(taughtTotalScratchpad(base("none"))).toBe("distance");
    expect(taughtTotalScratchpad(base("old", { config: { sft: { teacherChoice: "scratchpad" } } }))).toBe("distance");
    expect(taughtTotalScratchpad(base("run", { config: { sft: { totalScratchpad: "running" } } }))).toBe("running");
    expect(taughtTotalScratchpad(base("dist", { config: { sft: { totalScratchpad: "distance" } } }))).toBe("distance");
  });

  it("names the file and the field of a bad manifest", () => {
    expect(() => taughtTotalScratchpad(base("bad", { config: { sft: { totalScratchpad: "sideways" } } }))).toThrow(
      /base\.json: config\.sft\.totalScratchpad: expected "distance" or "running", got "sideways"/,
    );
    expect(() => taughtTotalScratchpad(base("garbled", "{ not json"))).toThrow(/base\.json: expected a base\.json/);
  });

  it("taughtScratchpad writes the taught form, or the override", () => {
    const task = shapeTask({ ...PretrainShapesSchema.parse({}), totalRate: 1 }, 3);
    expect(task.decision.kind).toBe("total");
    // a task whose option count differs from its candidate count, so the two forms' lengths tell them apart
    expect(task.decision.kind === "total" && task.decision.candidates.length !== task.options).toBe(true);
    const b = createBeliefs({ cells: task.options * task.attributes, levels: task.levels, prior: task.prior });
    const running = taughtScratchpad(base("run2", { config: { sft: { totalScratchpad: "running" } } }));
    // one value per option (running) against one per candidate (distance)
    expect(running.values(publicTask(task), b)).toHaveLength(task.options);
    const overridden = taughtScratchpad(base("run3", { config: { sft: { totalScratchpad: "running" } } }), "distance");
    expect(overridden.values(publicTask(task), b)).toHaveLength(
      task.decision.kind === "total" ? task.decision.candidates.length : 0,
    );
  });
});
