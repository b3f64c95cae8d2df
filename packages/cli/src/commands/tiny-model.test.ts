import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { main } from "../main";

function io() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (d) => (out += d));
  stderr.on("data", (d) => (err += d));
  return { io: { stdin: new PassThrough(), stdout, stderr }, out: () => out, err: () => err };
}

describe("cosir tiny-model", () => {
  it("writes a Qwen3 folder with GGUF that @cosir/policy/hf reads back", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cosir-tiny-model-"));
    try {
      const t = io();
      expect(await main(["tiny-model", "--out", join(dir, "m"), "--seed", "3"], t.io)).toBe(0);
      expect(t.out()).toMatch(/wrote .*\(qwen3\)/);
      for (const f of ["config.json", "model.safetensors", "tokenizer.json", "model.gguf"])
        expect(existsSync(join(dir, "m", f))).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, "m", "config.json"), "utf8"))).toMatchObject({ model_type: "qwen3" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses an unknown architecture, naming the flag, and writes nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cosir-tiny-model-"));
    try {
      const t = io();
      expect(await main(["tiny-model", "--out", join(dir, "m"), "--arch", "llama"], t.io)).not.toBe(0);
      expect(t.err()).toMatch(/--arch/);
      expect(existsSync(join(dir, "m"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
