#!/usr/bin/env node
// Checks Biome cannot express: library code under packages/*/src throws only typed errors (CosirError and its
// subclasses, which carry a code and name the field), never a plain `new Error`. Tests and scripts are exempt.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const offenders = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes("/src/test/")) {
      readFileSync(path, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (/\bnew Error\(/.test(line)) offenders.push(`${relative(root, path)}:${i + 1}: ${line.trim()}`);
        });
    }
  }
}
for (const top of ["packages", "examples"]) {
  for (const pkg of readdirSync(join(root, top))) {
    const src = join(root, top, pkg, "src");
    try {
      if (statSync(src).isDirectory()) walk(src);
    } catch {}
  }
}
if (offenders.length > 0) {
  console.error(`lint-src: ${offenders.length} plain Error(s) in src; throw a CosirError subclass instead:`);
  for (const o of offenders) console.error(`  ${o}`);
  process.exit(1);
}
console.log("lint-src: every error thrown in src is typed");
