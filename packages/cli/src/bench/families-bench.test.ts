import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { policyBackends, scriptedBackend } from "@cosir/policy";
import { describe, expect, it } from "vitest";
import { benchOptions } from "./bench-options";
import { familiesBench } from "./families-bench";

function io() {
  const stdout = new PassThrough();
  const out: string[] = [];
  stdout.on("data", (c: Buffer) => out.push(c.toString()));
  return { io: { stdin: Readable.from([]), stdout, stderr: new PassThrough() }, out };
}

describe("familiesBench", () => {
  it("runs every benchmark x team built by its back end, probes first and calls finish after", async () => {
    const seen: string[] = [];
    policyBackends.register("probed", {
      ...scriptedBackend,
      syntax: "name=probed:KIND",
      probe: async (spec) => void seen.push(`probe ${spec.name}`),
      async create(spec, context) {
        seen.push(`create ${spec.name}`);
        return {
          ...(await scriptedBackend.create(spec, context)),
          finish: () => void seen.push(`finish ${spec.name}`),
        };
      },
    });
    try {
      const out = mkdtempSync(join(tmpdir(), "cosir-families-"));
      const values = { policies: "a=probed:oracle,silent", n: "2", benchmark: "whodunit", out, json: true };
      const { io: cli, out: stdout } = io();
      expect(await familiesBench(["x"], cli, values, benchOptions(values))).toBe(0);
      expect(seen).toEqual(["probe a", "create a", "finish a"]);
      const summary = JSON.parse(stdout.join(""));
      expect(Object.keys(summary.benchmarks.whodunit)).toEqual(["a", "silent"]);
      expect(readFileSync(join(out, "report.md"), "utf8")).toContain("policies: a (probed), silent (scripted)");
    } finally {
      policyBackends.delete("probed");
    }
  });
});
