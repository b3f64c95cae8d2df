#!/usr/bin/env node
// `pnpm cosir ...` / `pnpm start` from the repo root: builds the CLI on first use, then runs it.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages", "cli", "dist", "cli.js");
if (!existsSync(cli) || process.env.COSIR_REBUILD === "1") {
  process.stderr.write("building the cosir CLI (first run)...\n");
  const build = spawnSync(
    "pnpm",
    ["exec", "turbo", "run", "build", "--filter=@cosir/cli...", "--output-logs=errors-only"],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? 1);
