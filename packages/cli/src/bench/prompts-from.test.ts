import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { promptsFrom } from "./prompts-from";

describe("promptsFrom", () => {
  it("reads the prompt files present, and names a folder with none", () => {
    const dir = mkdtempSync(join(tmpdir(), "cosir-prompts-"));
    expect(() => promptsFrom(dir)).toThrow(/^--prompts: expected a folder with system_prompt.txt/);
    writeFileSync(join(dir, "system_prompt.txt"), "S");
    writeFileSync(join(dir, "vote.txt"), "V");
    expect(promptsFrom(dir)).toEqual({ system: "S", vote: "V" });
  });
});
