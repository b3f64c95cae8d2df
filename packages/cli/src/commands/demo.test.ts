import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "cosir-cli-demo-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("cosir demo", () => {
  it("pretrains a base, trains both arms for two seeds in child processes, and writes the table, summary and report", () => {
    const out = join(root, "demo");
    // --out may hold other things: only what a demo writes is replaced
    mkdirSync(join(out, "seed-1"), { recursive: true });
    writeFileSync(join(out, "notes.txt"), "mine");
    writeFileSync(join(out, "seed-1", "stale.txt"), "from an earlier demo");
    const run = spawnSync(
      process.execPath,
      [
        cli,
        "demo",
        "--preset",
        "smoke",
        "--seeds",
        "2",
        "--out",
        out,
        "--quiet",
        "--set",
        "model.tokenShift=true",
        "--set",
        "eval.benchEpisodes=2",
      ],
      { encoding: "utf8", timeout: 240_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    for (const row of ["base", "outcomeOnly", "cosir", "silent", "oracle"])
      expect(run.stdout).toMatch(new RegExp(`\\| ${row} `));
    expect(run.stdout).toMatch(/cosir > outcomeOnly > base/);
    expect(run.stdout).toMatch(/outcome-only's final held-out accuracy/);
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(summary.version).toBe(2);
    expect(summary.seeds.map((s: { seed: number }) => s.seed)).toEqual([1, 2]);
    // the base and scripted teams, evaluated as the pool's last job, still come first and last in the table
    expect(Object.keys(summary.policies)).toEqual(["base", "outcomeOnly", "cosir", "silent", "oracle"]);
    expect(summary.seconds.eval).toBeGreaterThan(0);
    expect(summary.seconds.eval).toBeLessThanOrEqual(summary.seconds.rl);
    // every arm of every RL seed meets the same held-out tasks as the base
    const firstTask = (e: { dialogues: { taskId: string }[] }) => e.dialogues[0]?.taskId;
    expect(firstTask(summary.seeds[1].cosir)).toBe(firstTask(summary.policies.base));
    expect(firstTask(summary.seeds[1].outcomeOnly)).toBe(firstTask(summary.policies.base));
    // smoke: 3 iterations, a curve point every 2 -> before, after 2, after 3
    expect(summary.curves.cosir.map((p: { iteration: number }) => p.iteration)).toEqual([0, 2, 3]);
    expect(summary.curves.outcomeOnly.at(-1).episodes).toBe(3 * 2 * 2);
    expect(existsSync(join(out, "seed-1", "cosir", "checkpoint", "model.safetensors"))).toBe(true);
    // no committed base for the smoke preset: pretrained here, with the same files as `cosir pretrain`
    for (const file of ["pretrain-log.jsonl", "base.json", "checkpoint/model.safetensors"])
      expect(existsSync(join(out, "pretrained", file)), file).toBe(true);
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine");
    expect(existsSync(join(out, "seed-1", "stale.txt"))).toBe(false);
    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toMatch(/Held-out team accuracy/);
    expect(html).toMatch(/Every RL seed/);
    expect(html).not.toMatch(/<script/i);
    // the held-out families, run partly beside the CoSIR arm, are what `cosir bench` gives for the same policies
    expect(summary.seconds.beside).toBeGreaterThan(0);
    const demoBench = JSON.parse(readFileSync(join(out, "bench", "summary.json"), "utf8"));
    expect(Object.keys(demoBench.heldOutSum)).toEqual(["base", "outcomeOnly", "cosir", "oracle"]);
    const policies = `base=${join(out, "base")},outcomeOnly=${join(out, "outcomeOnly", "checkpoint")},cosir=${join(out, "cosir", "checkpoint")},oracle`;
    const alone = spawnSync(
      process.execPath,
      [cli, "bench", "--policies", policies, "--n", "2", "--seed", "1", "--out", join(root, "bench-alone")],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(alone.status, alone.stderr).toBe(0);
    const benchAlone = JSON.parse(readFileSync(join(root, "bench-alone", "summary.json"), "utf8"));
    expect(demoBench.heldOutSum).toEqual(benchAlone.heldOutSum);
    // every RL seed's arms on the held-out families, ordered per seed with paired intervals
    expect(run.stdout).toMatch(/Held-out sum by RL seed \(2 episodes a family/);
    expect(run.stdout).toMatch(/\| seed \| base .*\| cosir - outcomeOnly .*\| ordered \|/);
    const bySeed = JSON.parse(readFileSync(join(out, "bench", "held-out-by-seed.json"), "utf8"));
    expect(bySeed.rows.map((r: { seed: number }) => r.seed)).toEqual([1, 2]);
    // seed 1's row is the table above's policies; the base is the same policy on every seed
    expect(bySeed.rows[0].cosir.value).toBeCloseTo(demoBench.heldOutSum.cosir, 12);
    expect(bySeed.rows[0].base.value).toBeCloseTo(demoBench.heldOutSum.base, 12);
    expect(bySeed.rows[1].base).toEqual({ ...bySeed.rows[0].base, ci95: bySeed.rows[1].base.ci95 });
    expect(bySeed.rows[1].cosir.families).toEqual(bySeed.rows[0].cosir.families);
    expect(demoBench.benchmarks).toEqual(benchAlone.benchmarks);
  }, 300_000);

  it("refuses a bad --seeds naming the flag", () => {
    const run = spawnSync(process.execPath, [cli, "demo", "--seeds", "0", "--out", join(root, "x")], {
      encoding: "utf8",
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/--seeds/);
  });
});
