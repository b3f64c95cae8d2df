import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readMetricsLines } from "@cosir/trainer";
import { afterAll, describe, expect, it } from "vitest";
import { readConfigFile } from "./train";

const cli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "cosir-cli-train-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("cosir train", () => {
  it("reads JSON and YAML config files, naming a file that does not parse", async () => {
    writeFileSync(join(root, "a.yaml"), "rl:\n  iterations: 3\nseed: 9\n");
    writeFileSync(join(root, "a.json"), '{"rl": {"iterations": 4}}');
    writeFileSync(join(root, "bad.json"), "{");
    expect(await readConfigFile(join(root, "a.yaml"))).toEqual({ rl: { iterations: 3 }, seed: 9 });
    expect(await readConfigFile(join(root, "a.json"))).toEqual({ rl: { iterations: 4 } });
    await expect(readConfigFile(join(root, "bad.json"))).rejects.toThrow(/--config.*bad\.json/);
    await expect(readConfigFile(join(root, "missing.json"))).rejects.toThrow(/--config/);
  });

  it("--model: a missing folder, bad LoRA settings or --resume are one clear error each, and nothing is written", () => {
    const run = (...flags: string[]) =>
      spawnSync(process.execPath, [cli, "train", "--quiet", ...flags], { encoding: "utf8" });
    const out = join(root, "hf-run");
    const missing = run("--model", join(root, "no-model"), "--out", out);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/config\.json/);
    const rank = run("--model", join(root, "no-model"), "--out", out, "--set", "lora.rank=0");
    expect(rank.stderr).toMatch(/lora\.rank.*0/);
    const targets = run("--model", join(root, "no-model"), "--out", out, "--set", "lora.targetModules=q_proj,qkv");
    expect(targets.stderr).toMatch(/lora\.targetModules.*qkv/);
    const resume = run("--model", join(root, "no-model"), "--resume", out);
    expect(resume.stderr).toMatch(/--resume/);
    expect(existsSync(out)).toBe(false);
  });

  it("trains a run from a preset, a YAML file and --set overrides, and resumes a finished run as a no-op", async () => {
    const out = join(root, "run");
    writeFileSync(join(root, "run.yaml"), "sft:\n  episodes: 8\nrl:\n  tasksPerIteration: 1\n");
    const flags = ["--preset", "smoke", "--config", join(root, "run.yaml"), "--set", "rl.iterations=2", "--quiet"];
    const first = spawnSync(process.execPath, [cli, "train", ...flags, "--out", out], { encoding: "utf8" });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/trained 2 iterations/);
    const config = JSON.parse(readFileSync(join(out, "config.json"), "utf8")) as {
      sft: { episodes: number };
      rl: { iterations: number; tasksPerIteration: number };
    };
    expect([config.sft.episodes, config.rl.tasksPerIteration, config.rl.iterations]).toEqual([8, 1, 2]);
    const metrics = readFileSync(join(out, "metrics.jsonl"), "utf8");
    const again = spawnSync(process.execPath, [cli, "train", "--resume", out, "--quiet"], { encoding: "utf8" });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/trained 2 iterations/);
    expect(readFileSync(join(out, "metrics.jsonl"), "utf8")).toBe(metrics);
    expect((await readMetricsLines(out)).filter((l) => l.phase === "rl")).toHaveLength(2);
  });

  it("rejects bad configs naming the field, and writes nothing", () => {
    const out = join(root, "bad");
    const r = spawnSync(
      process.execPath,
      [cli, "train", "--preset", "smoke", "--set", "rl.groupSize=1", "--out", out],
      { encoding: "utf8" },
    );
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/rl\.groupSize/);
    expect(existsSync(out)).toBe(false);
    const unknown = spawnSync(
      process.execPath,
      [cli, "train", "--preset", "smoke", "--set", "rl.grupSize=4", "--out", out],
      { encoding: "utf8" },
    );
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/grupSize/);
    const resumeMissing = spawnSync(process.execPath, [cli, "train", "--resume", join(root, "nothing-here")], {
      encoding: "utf8",
    });
    expect(resumeMissing.status).not.toBe(0);
    const resumeWithOut = spawnSync(process.execPath, [cli, "train", "--resume", out, "--out", out], {
      encoding: "utf8",
    });
    expect(resumeWithOut.status).not.toBe(0);
    expect(resumeWithOut.stderr).toMatch(/--resume/);
  });
});
