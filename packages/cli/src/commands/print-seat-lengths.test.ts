import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seatLengths } from "@cosir/serve-env";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../test/run-cli";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cosir-lengths-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("cosir export --print-lengths", () => {
  it("prints the longest seat prompt and the engine length settings seatLengths gives", async () => {
    const args = ["export", "--family", "hiddenProfile", "--seed", "4", "--n", "3", "--format", "openrlhf-jsonl"];
    const r = await runCli([...args, "--out", join(dir, "a.jsonl"), "--print-lengths", "--tokens-per-turn", "100"]);
    expect(r.code, r.stderr).toBe(0);
    const l = seatLengths({ family: "hiddenProfile", seed: 4, n: 3, surface: "natural", tokensPerTurn: 100 });
    expect(r.stdout).toContain(`longest seat prompt:   ${l.prompt.chars} characters`);
    expect(r.stdout).toContain(
      `data.max_prompt_length=${l.suggested.maxPromptLength} data.max_response_length=${l.suggested.maxResponseLength}`,
    );
    expect(r.stdout).toContain(`--data.max_len ${l.suggested.maxLen}`);
    const plain = await runCli([...args, "--out", join(dir, "b.jsonl")]);
    expect(plain.stdout).not.toContain("longest");
    const bad = await runCli([...args, "--out", join(dir, "c.jsonl"), "--tokens-per-turn", "0"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--tokens-per-turn/);
  });
});
