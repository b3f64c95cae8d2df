// The research scripts' flags (scripts/script-args.mjs): --help prints the script's usage and exits 0; a bad flag
// is one line naming it, exit 2, no stack trace. Each script is spawned as a user runs it.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const scripts = [
  "ask-states",
  "choice-skills",
  "continue-pretrain",
  "evaluate-objective",
  "false-shares",
  "held-out-skills",
  "share-classes",
];
const dir = fileURLToPath(new URL("../../scripts/", import.meta.url));

function run(script: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${dir}${script}.mjs`, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

describe("research scripts' flags", () => {
  it("--help prints the opening comment's usage line and exits 0", async () => {
    const results = await Promise.all(scripts.map((s) => run(s, ["--help"])));
    results.forEach((r, i) => {
      expect(r.code, `${scripts[i]} --help`).toBe(0);
      expect(r.out).toContain(`node packages/trainer/scripts/${scripts[i]}.mjs`);
      expect(r.out).not.toContain("//");
    });
  }, 60_000);

  it("an unknown flag, a missing value or a stray argument is one line naming it, exit 2", async () => {
    const cases = scripts.flatMap((s) => [
      { s, args: ["--bogus"], names: "'--bogus'" },
      { s, args: ["--checkpoint"], names: "--checkpoint" },
      { s, args: ["stray"], names: "'stray'" },
    ]);
    const results = await Promise.all(cases.map((c) => run(c.s, c.args)));
    results.forEach((r, i) => {
      const c = cases[i];
      if (c === undefined) throw new Error("case");
      const label = `${c.s} ${c.args.join(" ")}`;
      expect(r.code, label).toBe(2);
      const lines = r.err.trim().split("\n");
      expect(lines, label).toHaveLength(1);
      expect(lines[0]).toContain(`${c.s}.mjs: `);
      expect(lines[0]).toContain(c.names);
      expect(r.err).not.toContain("    at ");
    });
  }, 60_000);
});
