import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validateTask } from "@cosir/env";
import { resolveCosirLabel } from "@cosir/serve-env";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../test/run-cli";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cosir-export-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("cosir export", () => {
  it("writes an OpenRLHF JSONL file of first-turn prompts labelled with their task", async () => {
    const out = join(dir, "train.jsonl");
    const r = await runCli([
      "export",
      "--family",
      "hiddenProfile",
      "--seed",
      "3",
      "--n",
      "5",
      "--format",
      "openrlhf-jsonl",
      "--out",
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote 5 openrlhf-jsonl rows/);
    const lines = readFileSync(out, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(5);
    for (const [k, line] of lines.entries()) {
      expect(line.input.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
      const label = resolveCosirLabel(line.label);
      expect(validateTask(label.task).seed).toBe(3 + k);
    }
    expect(readdirSync(dir)).toEqual(["train.jsonl"]);
  });

  it("writes a verl parquet file (magic bytes; contents are read back in @cosir/serve-env's tests) atomically", async () => {
    const out = join(dir, "train.parquet");
    const r = await runCli([
      "export",
      "--family",
      "random",
      "--seed",
      "1",
      "--n",
      "3",
      "--format",
      "verl-parquet",
      "--out",
      out,
      "--agents",
      "2",
      "--surface",
      "canonical",
    ]);
    expect(r.code).toBe(0);
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 4).toString()).toBe("PAR1");
    expect(bytes.subarray(bytes.length - 4).toString()).toBe("PAR1");
    expect(r.stdout).toMatch(/wrote 3 verl-parquet rows/);
    expect(readdirSync(dir)).toEqual(["train.parquet"]);
  });

  it.each([
    [["--family", "nope", "--seed", "1", "--n", "2", "--format", "openrlhf-jsonl"], /--family/],
    [["--family", "random", "--n", "2", "--format", "openrlhf-jsonl"], /--seed/],
    [["--family", "random", "--seed", "1", "--n", "0", "--format", "openrlhf-jsonl"], /--n/],
    [["--family", "random", "--seed", "1", "--n", "2", "--format", "csv"], /--format/],
    [["--family", "random", "--seed", "1", "--n", "2", "--format", "verl-parquet", "--agents", "99"], /--agents/],
    [["--family", "random", "--seed", "1", "--n", "2", "--format", "verl-parquet", "--options", "40"], /--options/],
    [["--family", "random", "--seed", "1", "--n", "2", "--format", "verl-parquet", "--surface", "loud"], /--surface/],
    [["--family", "random", "--seed", "1", "--n", "2", "--format", "verl-parquet", "--bogus"], /bogus/],
  ])("rejects %j naming the flag and leaves nothing on disk", async (flags, pattern) => {
    const r = await runCli(["export", ...(flags as string[]), "--out", join(dir, "x.out")]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(pattern);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("needs --out in an existing folder", async () => {
    const base = ["export", "--family", "random", "--seed", "1", "--n", "1", "--format", "openrlhf-jsonl"];
    expect((await runCli(base)).stderr).toMatch(/--out/);
    const missing = await runCli([...base, "--out", join(dir, "no", "such", "file.jsonl")]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/--out/);
    expect((await runCli([...base, "--out", dir])).stderr).toMatch(/--out.*folder/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
