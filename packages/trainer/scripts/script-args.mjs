// Flags for the research scripts in this folder: node:util's parseArgs with a usage page and a one-line error.
// `--help` (or `-h`) prints the script's opening comment (its usage) and exits 0; an unknown flag, a flag without its
// value or a stray argument prints "NAME: <what was wrong> (NAME --help lists the flags)" and exits 2, where
// parseArgs alone would throw a stack trace.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** The `//` comment lines at the top of a script (after its shebang), without the comment marks. */
export function usageOf(scriptUrl) {
  const lines = readFileSync(fileURLToPath(scriptUrl), "utf8").split("\n");
  const head = [];
  for (const line of lines.slice(lines[0]?.startsWith("#!") ? 1 : 0)) {
    if (!line.startsWith("//")) break;
    head.push(line.replace(/^\/\/ ?/, ""));
  }
  return `${head.join("\n")}\n`;
}

/** parseArgs({ options }) for the script at `scriptUrl` (its import.meta.url), with --help and a clear error. */
export function parseScriptArgs(scriptUrl, options, argv = process.argv.slice(2)) {
  const name = basename(fileURLToPath(scriptUrl));
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(usageOf(scriptUrl));
    process.exit(0);
  }
  try {
    return parseArgs({ args: argv, options }).values;
  } catch (e) {
    process.stderr.write(`${name}: ${e.message} (${name} --help lists the flags)\n`);
    process.exit(2);
  }
}
