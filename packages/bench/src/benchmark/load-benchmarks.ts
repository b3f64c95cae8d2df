import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import type { Benchmark } from "./benchmark";
import { benchmarkRegistry } from "./benchmark-registry";
import { benchmarkShapeProblems } from "./is-benchmark";

export interface LoadBenchmarksOptions {
  /** Where package names and relative paths are resolved from; default process.cwd(). */
  cwd?: string;
}

function entryOfPackageDir(dir: string): string | null {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return null;
  const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { exports?: unknown; module?: string; main?: string };
  let entry: string | undefined;
  const root = (pkg.exports as Record<string, unknown> | string | undefined) ?? undefined;
  const dot = typeof root === "string" ? root : ((root as Record<string, unknown> | undefined)?.["."] ?? root);
  if (typeof dot === "string") entry = dot;
  else if (dot !== null && typeof dot === "object") {
    const d = dot as Record<string, unknown>;
    const pick = d.import ?? d.default ?? d.node;
    if (typeof pick === "string") entry = pick;
    else if (pick !== null && typeof pick === "object" && typeof (pick as Record<string, unknown>).default === "string")
      entry = (pick as Record<string, string>).default;
  }
  entry ??= pkg.module ?? pkg.main ?? "index.js";
  return join(dir, entry);
}

/** node_modules lookup from `cwd` upwards, so a package installed in the user's project is found. */
function findPackageDir(name: string, cwd: string): string | null {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The benchmarks a module exports: `benchmarks` (array), `benchmark`, `default` (one or an array), or any export with the Benchmark shape. */
function benchmarksOfModule(mod: Record<string, unknown>): Benchmark[] {
  const out: Benchmark[] = [];
  const add = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(add);
    else if (benchmarkShapeProblems(v).length === 0 && !out.includes(v as Benchmark)) out.push(v as Benchmark);
  };
  add(mod.benchmarks);
  add(mod.benchmark);
  add(mod.default);
  if (out.length === 0) for (const v of Object.values(mod)) add(v);
  return out;
}

/**
 * Benchmarks named by `spec` (docs/design.md §6): a registered name (built-ins included); a package name
 * (dynamic import, resolved from `cwd` upwards and from this package); or a path to a package directory
 * or module file. Loaded benchmarks are registered, so they can then be named.
 */
export async function loadBenchmarks(spec: string, opts: LoadBenchmarksOptions = {}): Promise<Benchmark[]> {
  if (typeof spec !== "string" || spec === "")
    throw new InvalidArgumentError("benchmark", spec, "expected a benchmark name, package name or path");
  const known = benchmarkRegistry.get(spec);
  if (known !== undefined) return [known];
  const cwd = opts.cwd ?? process.cwd();
  const looksLikePath = spec.startsWith(".") || isAbsolute(spec) || spec.startsWith("file:");
  let target: string | null = null;
  if (looksLikePath) {
    const p = spec.startsWith("file:") ? new URL(spec).pathname : resolve(cwd, spec);
    if (!existsSync(p)) throw new InvalidArgumentError("benchmark", spec, "expected an existing path");
    target = statSync(p).isDirectory() ? entryOfPackageDir(p) : p;
    if (target === null)
      throw new InvalidArgumentError("benchmark", spec, "expected a package directory with package.json");
  } else {
    const dir = findPackageDir(spec, cwd);
    if (dir !== null) target = entryOfPackageDir(dir);
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(target !== null ? pathToFileURL(target).href : spec)) as Record<string, unknown>;
  } catch (error) {
    throw new InvalidArgumentError(
      "benchmark",
      spec,
      `expected a registered benchmark (${benchmarkRegistry.names().join(", ")}) or an importable package (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const found = benchmarksOfModule(mod);
  if (found.length === 0)
    throw new CosirError(
      "no_benchmark",
      `benchmark: module ${JSON.stringify(spec)} exports no Benchmark (export \`benchmark\`, \`benchmarks\` or a default)`,
    );
  for (const b of found) benchmarkRegistry.register(b);
  return found;
}
