#!/usr/bin/env node
// Runs every package's benchmarks (packages/*/bench/index.mjs, which import the built dist) one after
// another, each package in its own Node process so one package's heap, JIT and wasm state never
// slow another's figures; prints a table and writes each figure as a JSON line to bench-results.jsonl.
// A bench module: `export default async function bench({ report, quick })`, where
// report({ name, value, unit, baseline?, ratio?, ratioLow?, ratioHigh? }) records one figure (ratioLow..ratioHigh: an
// interval of the ratio, e.g. a bootstrap one over repeated rounds). `--filter WORD` runs only the
// packages whose name contains WORD; `--quick` asks modules for short runs (used by the tests).
import { existsSync, readdirSync, writeFileSync, renameSync } from "node:fs";
import { join, dirname } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const filterAt = args.indexOf("--filter");
const filter = filterAt >= 0 ? args[filterAt + 1] : undefined;
const quick = args.includes("--quick");
const outPath = join(root, "bench-results.jsonl");

const results = [];
function report(figure) {
  const { name, value, unit } = figure;
  if (typeof name !== "string" || !Number.isFinite(value) || typeof unit !== "string") {
    throw new Error(`bench figure must have name, finite value and unit, got ${JSON.stringify(figure)}`);
  }
  const line = { name, value, unit };
  if (figure.baseline !== undefined) line.baseline = figure.baseline;
  if (figure.ratio !== undefined) line.ratio = figure.ratio;
  if (figure.ratioLow !== undefined && figure.ratioHigh !== undefined) {
    line.ratioLow = figure.ratioLow;
    line.ratioHigh = figure.ratioHigh;
  }
  if (figure.note !== undefined) line.note = figure.note;
  results.push(line);
  const fmt = (v) =>
    Math.abs(v) >= 1000 ? Math.round(v).toLocaleString("en-US") : Number(v.toPrecision(4)).toString();
  const extra = [
    line.baseline !== undefined ? `baseline ${fmt(line.baseline)}` : "",
    line.ratio !== undefined ? `ratio ${fmt(line.ratio)}` : "",
    line.ratioLow !== undefined ? `[${fmt(line.ratioLow)}, ${fmt(line.ratioHigh)}]` : "",
  ]
    .filter(Boolean)
    .join("  ");
  console.log(`${name.padEnd(34)} ${fmt(value).padStart(14)} ${unit.padEnd(16)} ${extra}`);
}

// Child mode: run one bench module and print each figure as a tagged JSON line for the parent.
const childAt = args.indexOf("--child");
if (childAt >= 0) {
  const mod = await import(pathToFileURL(args[childAt + 1]).href);
  await mod.default({ report: (figure) => process.stdout.write(`@@figure ${JSON.stringify(figure)}\n`), quick });
  process.exit(0);
}

const packagesDir = join(root, "packages");
const names = readdirSync(packagesDir).sort();
console.log(`${"figure".padEnd(34)} ${"value".padStart(14)} ${"unit".padEnd(16)} baseline / ratio`);
for (const name of names) {
  if (filter && !name.includes(filter)) continue;
  const file = join(packagesDir, name, "bench", "index.mjs");
  if (!existsSync(file)) continue;
  const child = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), "--child", file, ...(quick ? ["--quick"] : [])],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  for (const line of (child.stdout ?? "").split("\n")) {
    if (line.startsWith("@@figure ")) report(JSON.parse(line.slice(9)));
    else if (line.trim() !== "") console.log(line);
  }
  if (child.status !== 0) {
    console.error(`bench of ${name} failed with exit code ${child.status}`);
    process.exitCode = 1;
  }
}
const tmp = `${outPath}.tmp`;
writeFileSync(tmp, results.map((r) => JSON.stringify(r)).join("\n") + (results.length ? "\n" : ""));
renameSync(tmp, outPath);
console.log(`wrote ${results.length} figures to ${outPath}`);
