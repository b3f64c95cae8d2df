import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { benchmarkRegistry } from "./benchmark-registry";
import { loadBenchmarks } from "./load-benchmarks";

// A package written to disk in a node_modules folder, the way an external package is installed.
function writePackage(root: string, name: string): string {
  const dir = join(root, "node_modules", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name, type: "module", exports: { ".": { import: "./index.js" } } }),
  );
  // A hand-written object with the Benchmark shape (the loader checks shape; the kit checks behaviour).
  writeFileSync(
    join(dir, "index.js"),
    [
      "const schema = { safeParse: () => ({ success: true }) };",
      'export const benchmark = { apiVersion: 1, name: "ext.random", version: "1", description: "x", tags: [], instanceSchema: schema,',
      "  instances: (seed, n) => Array.from({ length: n }, (_, k) => seed + k), play: async (i) => i, score: () => ({ score: 1, correct: true }) };",
    ].join("\n"),
  );
  return dir;
}

describe("loadBenchmarks", () => {
  it("returns registered benchmarks by name", async () => {
    const [b] = await loadBenchmarks("whodunit");
    expect(b?.name).toBe("whodunit");
  });

  it("imports a package found from cwd, registers it, and accepts a path", async () => {
    const root = mkdtempSync(join(tmpdir(), "cosir-bench-"));
    const dir = writePackage(root, "cosir-bench-ext-test");
    const found = await loadBenchmarks("cosir-bench-ext-test", { cwd: root });
    expect(found.map((b) => b.name)).toEqual(["ext.random"]);
    expect(benchmarkRegistry.has("ext.random")).toBe(true);
    benchmarkRegistry.delete("ext.random");
    expect((await loadBenchmarks(dir)).map((b) => b.name)).toEqual(["ext.random"]);
    benchmarkRegistry.delete("ext.random");
  });

  it("names the field when nothing can be loaded", async () => {
    await expect(loadBenchmarks("no-such-benchmark-package-xyz", { cwd: tmpdir() })).rejects.toThrow(
      /^benchmark: expected a registered benchmark/,
    );
    await expect(loadBenchmarks("")).rejects.toThrow(/^benchmark:/);
    expect(() => benchmarkRegistry.register({ name: "x" } as never)).toThrow(/^benchmark: expected a Benchmark/);
  });
});
