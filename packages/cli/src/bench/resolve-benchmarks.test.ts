import { builtInBenchmarks } from "@cosir/bench";
import { describe, expect, it } from "vitest";
import { resolveBenchmarks } from "./resolve-benchmarks";

describe("resolveBenchmarks", () => {
  it("the built-ins by default, registered names in the order given, unknown ones named", async () => {
    expect((await resolveBenchmarks(undefined)).map((b) => b.name)).toEqual(builtInBenchmarks.map((b) => b.name));
    expect((await resolveBenchmarks(" arithmetic, whodunit ,")).map((b) => b.name)).toEqual(["arithmetic", "whodunit"]);
    await expect(resolveBenchmarks("no-such-benchmark-xyz")).rejects.toThrow(/no-such-benchmark-xyz/);
  });
});
