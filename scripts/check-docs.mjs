#!/usr/bin/env node
// Checks the documentation against the repository, the way a reader on GitHub or npm meets it:
// (a) every relative link in every Markdown file of the repository (tracked, or new and not ignored)
//     resolves to a file or folder inside the repository, and a `#anchor` into a Markdown file names
//     one of its headings;
// (b) every ```ts block of the root README, packages/*/README.md, examples/*/README.md and docs/**
//     type-checks against the built packages (run `pnpm build` first). Each block becomes a temporary
//     .ts file beside its README (so the README's package dependencies resolve through its node_modules;
//     @cosir/* packages resolve to their built .d.ts through `paths`), checked by the repo's
//     TypeScript with a generated tsconfig extending tsconfig.base.json, and removed afterwards, also
//     on failure or Ctrl-C. Mark a block that is deliberately not compilable ```ts no-check.
// (c) no file outside Markdown still cites the design by its old, out-of-repo name; the fix is the
//     one-line rewrite printed with the error.
// Prints one summary line; exits 1 on any problem.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const self = relative(root, fileURLToPath(import.meta.url))
  .split(sep)
  .join("/");
const problems = [];

// Files a reader of the repository sees: tracked ones, plus new ones git does not ignore.
const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\0")
  .filter((f) => f !== "" && existsSync(join(root, f)));
const fileSet = new Set(files);
const dirSet = new Set([""]);
for (const f of files) {
  let d = posix.dirname(f);
  while (d !== "." && !dirSet.has(d)) {
    dirSet.add(d);
    d = posix.dirname(d);
  }
}
const markdown = files.filter((f) => f.endsWith(".md")).sort();

// ---------------------------------------------------------------------------------------------
// Markdown scanning

/** GitHub's heading anchor (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function slug(text) {
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase();
  return plain.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Splits a Markdown file into prose lines (code spans blanked), fenced blocks and heading anchors. */
function scan(text) {
  const lines = text.split("\n");
  const prose = [];
  const blocks = [];
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      const close = line.match(/^\s{0,3}(`{3,}|~{3,})\s*$/);
      if (close && close[1][0] === fence.marker[0] && close[1].length >= fence.marker.length) {
        blocks.push(fence);
        fence = null;
      } else fence.lines.push(line);
      continue;
    }
    const open = line.match(/^\s{0,3}(`{3,}|~{3,})\s*([^`]*)$/);
    if (open) {
      const info = open[2].trim().split(/\s+/);
      fence = { marker: open[1], lang: info[0] ?? "", flags: info.slice(1), start: i + 1, lines: [] };
      continue;
    }
    const heading = line.match(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/);
    if (heading) {
      const base = slug(heading[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
    prose.push({ n: i + 1, text: line.replace(/(`+)[^`]*?\1/g, (s) => " ".repeat(s.length)) });
  }
  if (fence) blocks.push(fence); // an unclosed fence runs to the end of the file, as CommonMark says
  return { prose, blocks, anchors };
}

const scanned = new Map(markdown.map((f) => [f, scan(readFileSync(join(root, f), "utf8"))]));

// ---------------------------------------------------------------------------------------------
// (a) links

let links = 0;
for (const file of markdown) {
  const { prose } = scanned.get(file);
  for (const { n, text } of prose) {
    const targets = [
      ...[...text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)].map((m) => m[1]),
      ...[...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((m) => m[1]),
      ...[...text.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]),
    ];
    for (const target of targets) {
      if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      links++;
      const where = `${file}:${n}: link ${target}`;
      const hash = target.indexOf("#");
      let path = hash >= 0 ? target.slice(0, hash) : target;
      const anchor = hash >= 0 ? decodeURIComponent(target.slice(hash + 1)) : "";
      path = decodeURIComponent(path.split("?")[0]);
      if (path.startsWith("/")) {
        problems.push(`${where}: absolute path; write it relative to ${file} so it resolves on npm too`);
        continue;
      }
      const resolved = path === "" ? file : posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, "");
      if (resolved === ".." || resolved.startsWith("../")) {
        problems.push(`${where}: points outside the repository`);
        continue;
      }
      const target0 = resolved === "." ? "" : resolved;
      if (!fileSet.has(target0) && !dirSet.has(target0)) {
        problems.push(`${where}: no such file or folder in the repository (${target0})`);
        continue;
      }
      if (anchor !== "" && target0.endsWith(".md") && fileSet.has(target0)) {
        if (!scanned.get(target0)?.anchors.has(anchor)) problems.push(`${where}: ${target0} has no heading #${anchor}`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// (c) stale citations of the design outside Markdown

const staleName = new RegExp(`(?:DESIGN|CONVENTIONS)${"\\."}md|\\.\\./shared/`);
const textFile = /\.(?:[cm]?[jt]sx?|json|ya?ml|py|sh|toml)$/;
for (const file of files) {
  if (file === self || !textFile.test(file) || file === "pnpm-lock.yaml") continue;
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  lines.forEach((line, i) => {
    if (staleName.test(line))
      problems.push(`${file}:${i + 1}: cites the design outside the repository: ${line.trim()}`);
  });
}
if (problems.some((p) => p.includes("cites the design outside"))) {
  problems.push(
    "  fix: git ls-files -z -- ':!*.md' ':!pnpm-lock.yaml' ':!scripts/check-docs.mjs' | xargs -0 grep -lZ -e 'DESIGN\\.md' -e 'CONVENTIONS\\.md' |" +
      " xargs -0 -r sed -i -e 's/DESIGN\\.md §/docs\\/design.md §/g' -e 's/(CONVENTIONS\\.md/(docs\\/contributing.md/g'",
  );
}

// ---------------------------------------------------------------------------------------------
// (b) snippets

const snippetSources = markdown.filter(
  (f) => f === "README.md" || /^(packages|examples)\/[^/]+\/README\.md$/.test(f) || f.startsWith("docs/"),
);
const snippets = [];
let skipped = 0;
for (const file of snippetSources) {
  for (const block of scanned.get(file).blocks) {
    if (block.lang !== "ts" && block.lang !== "typescript") continue;
    if (block.flags.includes("no-check")) {
      skipped++;
      continue;
    }
    snippets.push({ file, start: block.start, code: block.lines.join("\n") });
  }
}

/** Every exported entry point of every workspace package, as `paths` to its built declarations. */
function workspacePaths() {
  const paths = {};
  const missing = [];
  for (const top of ["packages", "examples"]) {
    if (!existsSync(join(root, top))) continue;
    for (const name of readdirSync(join(root, top))) {
      const manifest = join(root, top, name, "package.json");
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, "utf8"));
      const exportsField = typeof pkg.exports === "object" && pkg.exports !== null ? pkg.exports : {};
      for (const [key, value] of Object.entries(exportsField)) {
        const types =
          typeof value === "object" && value !== null ? (value.types ?? value.import?.types ?? undefined) : undefined;
        if (typeof types !== "string") continue;
        const specifier = key === "." ? pkg.name : `${pkg.name}/${key.replace(/^\.\//, "")}`;
        const file = join(root, top, name, types);
        if (!existsSync(file)) missing.push(`${specifier} (${relative(root, file)})`);
        paths[specifier] = [file];
      }
    }
  }
  return { paths, missing };
}

function hostDirOf(file) {
  const m = file.match(/^((?:packages|examples)\/[^/]+)\/README\.md$/);
  return m ? join(root, m[1]) : root;
}

const created = [];
function cleanUp() {
  for (const { dir, tmpCreated } of created.splice(0).reverse()) {
    rmSync(dir, { recursive: true, force: true });
    if (tmpCreated) {
      try {
        rmdirSync(dirname(dir)); // only when empty
      } catch {}
    }
  }
}
let child = null;
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    child?.kill(signal);
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

// Folders left by a run that was killed outright (SIGKILL) are named after a pid that is gone.
for (const host of [root, ...["packages", "examples"].flatMap((top) => listDirs(join(root, top)))]) {
  for (const name of listDirs(join(host, ".tmp")).map((d) => d.slice(join(host, ".tmp").length + 1))) {
    const pid = Number(name.match(/^check-docs-(\d+)$/)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0); // probes only: is that process still running?
    } catch (error) {
      if (error.code === "ESRCH") rmSync(join(host, ".tmp", name), { recursive: true, force: true });
    }
  }
}

function listDirs(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(dir, d.name));
  } catch {
    return [];
  }
}

function runTsc(args) {
  return new Promise((resolvePromise, reject) => {
    child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("error", reject);
    child.on("close", (status) => {
      child = null;
      resolvePromise({ status, output });
    });
  });
}

function workDir(host) {
  const existing = created.find((c) => dirname(c.dir) === join(host, ".tmp"));
  if (existing) return existing.dir;
  const tmp = join(host, ".tmp");
  const tmpCreated = !existsSync(tmp);
  const dir = join(tmp, `check-docs-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  created.push({ dir, tmpCreated });
  return dir;
}

if (snippets.length > 0) {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  if (!existsSync(tsc)) {
    problems.push("typescript is not installed at the root: run pnpm install");
  } else {
    try {
      const { paths, missing } = workspacePaths();
      const origin = new Map();
      const inputs = snippets.map((s, k) => {
        const name = `${s.file.replace(/[^A-Za-z0-9]+/g, "-")}-${s.start}-${k}.ts`;
        const path = join(workDir(hostDirOf(s.file)), name);
        // Imports at the top are what makes a file a module; the trailing `export {}` keeps a snippet
        // without imports a module too (top-level await, no clashes) without shifting its line numbers.
        writeFileSync(path, `${s.code}\nexport {};\n`);
        origin.set(path, s);
        return path;
      });
      const configDir = workDir(root);
      const config = join(configDir, "tsconfig.json");
      const rel = (p) => relative(configDir, p).split(sep).join("/");
      writeFileSync(
        config,
        JSON.stringify(
          {
            extends: rel(join(root, "tsconfig.base.json")),
            compilerOptions: {
              noEmit: true,
              declaration: false,
              sourceMap: false,
              paths: Object.fromEntries(Object.entries(paths).map(([k, [v]]) => [k, [rel(v)]])),
            },
            files: inputs.map(rel),
          },
          null,
          2,
        ),
      );
      const run = await runTsc([tsc, "-p", config, "--pretty", "false"]);
      if (run.status !== 0) {
        const output = run.output.split("\n").filter((l) => l.trim() !== "");
        for (const line of output) {
          const m = line.match(/^(.*?\.ts)\((\d+),(\d+)\): (.*)$/);
          const s = m ? origin.get(resolve(root, m[1])) : undefined;
          if (m && s) problems.push(`${s.file}:${s.start + Number(m[2])}:${m[3]}: ${m[4]}`);
          else if (/^\s/.test(line) && problems.length > 0) problems[problems.length - 1] += `\n  ${line.trim()}`;
          else problems.push(`tsc: ${line}`);
        }
        if (missing.length > 0) problems.push(`not built (run pnpm build): ${missing.join(", ")}`);
      }
    } finally {
      cleanUp();
    }
  }
}

// ---------------------------------------------------------------------------------------------

const summary = `check-docs: ${links} links in ${markdown.length} Markdown files, ${snippets.length} snippets type-checked (${skipped} marked no-check)`;
if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`${summary}: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(summary);
