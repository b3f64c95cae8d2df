#!/usr/bin/env node
// Checks that no function in library code (packages/*/src, examples/*/src; tests and test support exempt) is longer
// than MAX_LINES lines, counted from its first to its last line. A long function is split by job (issue 23): each
// piece gets a name and a unit test. Run by `pnpm lint`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export const MAX_LINES = 120;

/** Functions over `max` lines in one source text: [{ name, line, lines }]. */
export function longFunctions(fileName, text, max = MAX_LINES) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    const isFunction =
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node);
    if (isFunction && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > max) {
        const named = node.name ?? node.parent?.name;
        found.push({ name: named === undefined ? "<anonymous>" : named.getText(source), line: first + 1, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isLibrarySource(path) {
  return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !/\.d\.ts$/.test(path) && !path.includes("/src/test/");
}

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (isLibrarySource(path)) out.push(path);
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const root = new URL("..", import.meta.url).pathname;
  const files = [];
  for (const top of ["packages", "examples"]) {
    for (const pkg of readdirSync(join(root, top))) {
      const src = join(root, top, pkg, "src");
      try {
        if (statSync(src).isDirectory()) walk(src, files);
      } catch {}
    }
  }
  const offenders = [];
  for (const file of files) {
    for (const f of longFunctions(file, readFileSync(file, "utf8")))
      offenders.push(`${relative(root, file)}:${f.line}: ${f.name} is ${f.lines} lines`);
  }
  if (offenders.length > 0) {
    console.error(`check-function-length: ${offenders.length} function(s) over ${MAX_LINES} lines; split them by job:`);
    for (const o of offenders) console.error(`  ${o}`);
    process.exit(1);
  }
  console.log(`check-function-length: no function in src is over ${MAX_LINES} lines (${files.length} files)`);
}
