import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { BENCHMARK_API_VERSION, type Benchmark } from "./benchmark";
import { benchmarkRegistry } from "./benchmark-registry";
import { builtInBenchmarks } from "./built-in-benchmarks";

// Model-based test of the process-wide benchmark registry: the model is an array of [name, benchmark] in first
// registration order (a replaced benchmark keeps its place), started from the built-ins.

type Model = [string, Benchmark][];

/** A benchmark with the right shape (the registry checks shape, not behaviour). */
function fakeBenchmark(name: string, version: string): Benchmark {
  return {
    apiVersion: BENCHMARK_API_VERSION,
    name,
    version,
    description: `fake ${name}`,
    tags: ["test"],
    instanceSchema: { safeParse: () => ({ success: true }) },
    instances: () => [],
    play: async () => ({}),
    score: () => ({ score: 0 }),
  } as unknown as Benchmark;
}

const builtInNames = builtInBenchmarks.map((b) => b.name);
const nameArb = fc.oneof(fc.constantFrom("ext.a", "ext.b", "ext.c"), fc.constantFrom(...builtInNames));

function expectAgrees(m: Model): void {
  expect(benchmarkRegistry.names()).toEqual(m.map(([n]) => n));
  expect(benchmarkRegistry.list()).toEqual(m.map(([, b]) => b));
}

class Register implements fc.Command<Model, typeof benchmarkRegistry> {
  constructor(
    readonly name: string,
    readonly version: string,
  ) {}
  check = () => true;
  run(m: Model, registry: typeof benchmarkRegistry): void {
    const benchmark = fakeBenchmark(this.name, this.version);
    registry.register(benchmark);
    const at = m.findIndex(([n]) => n === this.name);
    if (at >= 0) m[at] = [this.name, benchmark];
    else m.push([this.name, benchmark]);
    expect(registry.get(this.name)).toBe(benchmark);
    expectAgrees(m);
  }
  toString = () => `register(${this.name}@${this.version})`;
}

class RegisterBad implements fc.Command<Model, typeof benchmarkRegistry> {
  constructor(
    readonly name: string,
    readonly broken: "apiVersion" | "play" | "tags",
  ) {}
  check = () => true;
  run(m: Model, registry: typeof benchmarkRegistry): void {
    const bad = { ...fakeBenchmark(this.name, "x"), [this.broken]: 7 } as unknown as Benchmark;
    expect(() => registry.register(bad)).toThrow(new RegExp(`^benchmark: .*${this.broken}: expected`));
    expectAgrees(m);
  }
  toString = () => `registerBad(${this.name}, ${this.broken})`;
}

class Delete implements fc.Command<Model, typeof benchmarkRegistry> {
  constructor(readonly name: string) {}
  check = () => true;
  run(m: Model, registry: typeof benchmarkRegistry): void {
    const at = m.findIndex(([n]) => n === this.name);
    expect(registry.delete(this.name)).toBe(at >= 0);
    if (at >= 0) m.splice(at, 1);
    expect(registry.has(this.name)).toBe(false);
    expect(registry.get(this.name)).toBeUndefined();
    expectAgrees(m);
  }
  toString = () => `delete(${this.name})`;
}

class Lookup implements fc.Command<Model, typeof benchmarkRegistry> {
  constructor(readonly name: string) {}
  check = () => true;
  run(m: Model, registry: typeof benchmarkRegistry): void {
    const entry = m.find(([n]) => n === this.name);
    expect(registry.has(this.name)).toBe(entry !== undefined);
    expect(registry.get(this.name)).toBe(entry?.[1]);
  }
  toString = () => `lookup(${this.name})`;
}

/** Puts the registry back to the built-ins, in their order (other tests in this file see a fresh one). */
function restore(): void {
  for (const name of benchmarkRegistry.names()) benchmarkRegistry.delete(name);
  for (const b of builtInBenchmarks) benchmarkRegistry.register(b as Benchmark);
}

afterEach(restore);

describe("benchmarkRegistry (model-based)", () => {
  it("starts with the built-ins and follows register, replace, refuse, delete and lookup in order", () => {
    fc.assert(
      fc.property(
        fc.commands(
          [
            fc.tuple(nameArb, fc.constantFrom("1", "2")).map(([n, v]) => new Register(n, v)),
            fc
              .tuple(nameArb, fc.constantFrom("apiVersion" as const, "play" as const, "tags" as const))
              .map(([n, k]) => new RegisterBad(n, k)),
            nameArb.map((n) => new Delete(n)),
            nameArb.map((n) => new Lookup(n)),
          ],
          { maxCommands: 30 },
        ),
        (cmds) => {
          restore();
          const model: Model = builtInBenchmarks.map((b) => [b.name, b as Benchmark]);
          expectAgrees(model);
          fc.modelRun(() => ({ model, real: benchmarkRegistry }), cmds);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("keeps a replaced built-in in its place (shrunk case)", () => {
    const first = builtInNames[0]!;
    const replacement = fakeBenchmark(first, "2");
    benchmarkRegistry.register(replacement);
    expect(benchmarkRegistry.names()).toEqual(builtInNames);
    expect(benchmarkRegistry.list()[0]).toBe(replacement);
  });
});
