import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TaskSchema, TraceSchema } from "@cosir/env";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "../test/run-cli";

const cliPath = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

describe("cosir generate / play / score", () => {
  it("generates valid, reproducible tasks", async () => {
    const a = await runCli(["generate", "--family", "hiddenProfile", "--seed", "5", "--n", "3"]);
    const b = await runCli(["generate", "--family", "hiddenProfile", "--seed", "5", "--n", "3"]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const tasks = jsonLines(a.stdout);
    expect(tasks).toHaveLength(3);
    for (const t of tasks) expect(TaskSchema.safeParse(t).success).toBe(true);
    const sized = jsonLines(
      (
        await runCli([
          "generate",
          "--family",
          "random",
          "--seed",
          "1",
          "--n",
          "1",
          "--options",
          "4",
          "--attributes",
          "5",
          "--agents",
          "2",
          "--domain",
          "apartments",
        ])
      ).stdout,
    )[0] as { options: number; attributes: number; agents: number; domain: { name: string } };
    expect([sized.options, sized.attributes, sized.agents, sized.domain.name]).toEqual([4, 5, 2, "apartments"]);
  });

  it("plays, and scores the played traces in another call exactly as in-process", async () => {
    const played = await runCli(["play", "--team", "oracle", "--family", "random", "--seed", "3", "--n", "4"]);
    expect(played.code).toBe(0);
    const episodes = jsonLines(played.stdout) as { task: unknown; trace: unknown }[];
    expect(episodes).toHaveLength(4);
    for (const e of episodes) expect(TraceSchema.safeParse(e.trace).success).toBe(true);
    const scored = await runCli(["score"], played.stdout);
    expect(scored.code).toBe(0);
    const rewards = jsonLines(scored.stdout) as { messages: unknown[]; agents: unknown[] }[];
    expect(rewards).toHaveLength(4);
    const again = await runCli(["score"], played.stdout);
    expect(again.stdout).toBe(scored.stdout);
    const byRewards = await runCli(["score", "--rewards", "outcomeOnly"], played.stdout);
    expect(byRewards.stderr).toBe("");
    const outcome = jsonLines(byRewards.stdout) as { messages: { total: number }[] }[];
    for (const r of outcome) for (const m of r.messages) expect(m.total).toBe(0);
    // --preset, the deprecated alias: the same scores, and one line on stderr naming --rewards
    const byPreset = await runCli(["score", "--preset", "outcomeOnly"], played.stdout);
    expect(byPreset.stdout).toBe(byRewards.stdout);
    expect(byPreset.stderr).toBe(
      "cosir: --preset is deprecated here; write --rewards outcomeOnly (--preset names a training preset)\n",
    );
    expect((await runCli(["score", "--preset", "outcomeOnly", "--rewards", "outcomeOnly"], played.stdout)).code).toBe(
      0,
    );
  });

  it("prints a summary table", async () => {
    const { code, stdout } = await runCli([
      "play",
      "--team",
      "silent",
      "--family",
      "hiddenProfile",
      "--seed",
      "1",
      "--n",
      "5",
      "--summary",
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/\| silent +\| 5 +\| 0\.000/);
  });

  it("answers bad score lines with errors and exits 1", async () => {
    const good = (
      await runCli(["play", "--team", "random", "--family", "random", "--seed", "1", "--n", "1"])
    ).stdout.trim();
    const { code, stdout } = await runCli(
      ["score"],
      ["{}", "[1]", good, '{"task": {"version": 2}, "trace": {}}'].join("\n"),
    );
    expect(code).toBe(1);
    const lines = jsonLines(stdout) as Record<string, unknown>[];
    expect(lines).toHaveLength(4);
    expect(lines[0]!.error).toMatch(/task/);
    expect(lines[2]!.messages).toBeDefined();
    expect(lines[3]!.error).toMatch(/version/);
  });

  it.each([
    [["generate", "--family", "nope", "--seed", "1"], /--family/],
    [["generate", "--family", "random"], /--seed/],
    [["generate", "--family", "random", "--seed", "x"], /--seed/],
    [["generate", "--family", "random", "--seed", "1", "--options", "1"], /--options/],
    [["generate", "--family", "random", "--seed", "1", "--bogus"], /bogus/],
    [["play", "--team", "loud", "--family", "random", "--seed", "1"], /--team/],
    [["score", "--preset", "nope"], /--preset/],
    [["score", "--rewards", "nope"], /--rewards: expected one of cosir, outcomeOnly/],
    [["score", "--rewards", "cosir", "--preset", "outcomeOnly"], /--preset: expected the same reward preset/],
    [["nope"], /unknown command/],
  ])("rejects bad flags %j with a message naming them", async (argv, pattern) => {
    const { code, stderr, stdout } = await runCli(argv as string[]);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(pattern);
    expect(stdout).toBe("");
  });

  it("the built binary exits with the command's code", () => {
    expect(existsSync(cliPath)).toBe(true);
    const ok = spawnSync(process.execPath, [cliPath, "posterior"], {
      input: '{"task":{"options":2,"attributes":1,"levels":[1,2],"aggregate":"sum"}}\n',
      encoding: "utf8",
    });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ posterior: [0.5, 0.5], degenerate: false });
    const bad = spawnSync(process.execPath, [cliPath, "posterior"], { input: "{\n", encoding: "utf8" });
    expect(bad.status).toBe(1);
    const flag = spawnSync(process.execPath, [cliPath, "generate", "--family", "random", "--seed", "-3"], {
      encoding: "utf8",
    });
    expect(flag.status).not.toBe(0);
    expect(flag.stderr).toMatch(/--seed/);
  });
});
