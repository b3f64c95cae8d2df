import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { type Server, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./test/run-cli";

// Bad and extreme input to every command, as a careless user or an attacker gives it: each case must exit != 0
// with exactly one stderr line naming the field or file, no stack trace, and leave the scratch folder as it was.
const cliPath = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "cosir-cli-attack-"));
const scratch = join(root, "scratch");
let busy: Server;
let busyPort = 0;
let closedPort = 0;
beforeAll(async () => {
  mkdirSync(scratch);
  writeFileSync(join(scratch, "precious.jsonl"), "keep me\n");
  symlinkSync(join(scratch, "precious.jsonl"), join(scratch, "link.jsonl"));
  writeFileSync(join(scratch, "file"), "a file, not a folder\n");
  writeFileSync(join(scratch, "bad.json"), "{");
  writeFileSync(join(scratch, "huge.json"), `{"seed": 1, "pad": "${"x".repeat(2 * 1024 * 1024)}"}`);
  mkdirSync(join(scratch, "corrupt-run"));
  writeFileSync(join(scratch, "corrupt-run", "config.json"), '{"seed": 1,');
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
  busyPort = (busy.address() as { port: number }).port;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  closedPort = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => busy.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

/** Every path under the scratch folder with its kind and bytes. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const s = statSync(p, { throwIfNoEntry: false });
      if (s?.isDirectory()) {
        out[p] = "(folder)";
        walk(p);
      } else out[p] = s ? readFileSync(p).toString("base64") : "(dangling)";
    }
  };
  walk(scratch);
  return out;
}

const s = (name: string) => join(scratch, name);
const exportFlags = ["--family", "random", "--seed", "1", "--n", "2", "--format", "openrlhf-jsonl"];
const smoke = ["--preset", "smoke"];

type Case = [argv: () => string[], message: RegExp];
const cases: Case[] = [
  [() => ["nope"], /^cosir: unknown command "nope"; expected one of posterior, generate/],
  [() => ["toString"], /unknown command "toString"/],
  [() => ["export", "--bogus"], /--bogus: is not a flag of this command/],
  [() => ["export", "--family", "random", "--seed", "1", "--n"], /--n: expects a value/],
  [() => ["export", "stray"], /"stray": is not a flag/],
  [() => ["export", ...exportFlags, "--n", "0", "--out", s("a.jsonl")], /--n: expected an integer in 1\.\.1000000/],
  [() => ["export", ...exportFlags, "--n", "1000001", "--out", s("a.jsonl")], /--n: expected an integer/],
  [() => ["export", ...exportFlags, "--format", "csv", "--out", s("a.jsonl")], /--format: expected one of/],
  [() => ["export", ...exportFlags, "--out", "/dev/null"], /--out: is a device/],
  [() => ["export", ...exportFlags, "--out", s("link.jsonl")], /--out: is a symbolic link/],
  [() => ["export", ...exportFlags, "--out", scratch], /--out: is a folder/],
  [() => ["export", ...exportFlags, "--out", s("missing/x.jsonl")], /--out: expected a file in an existing folder/],
  [() => ["export", ...exportFlags, "--out", s("file/x.jsonl")], /--out: expected a file in a folder/],
  [() => ["export", ...exportFlags, "--options", "1", "--out", s("a.jsonl")], /--options: expected an integer/],
  [() => ["export", ...exportFlags, "--domain", "toString", "--out", s("a.jsonl")], /--domain: expected one of/],
  [
    () => ["train", ...smoke, "--out", s("run"), "--set", "rewards.preset=nope"],
    /rewards\.preset: is not a reward preset; expected one of cosir, outcomeOnly, got "nope"/,
  ],
  [() => ["train", ...smoke, "--out", s("run"), "--set", "task.family=nope"], /task\.family: expected one of/],
  [
    () => ["train", ...smoke, "--out", s("run"), "--set", "model.width=abc"],
    /model\.width: expected number, got "abc"/,
  ],
  [
    () => [
      "train",
      ...smoke,
      "--out",
      s("run"),
      "--set",
      "model.width=4096",
      "--set",
      "model.layers=48",
      "--set",
      "model.context=4096",
    ],
    /model: builds [\d,]+ parameters, over budget\.maxParameters/,
  ],
  [() => ["train", ...smoke, "--out", s("run"), "--set", "nokey"], /--set: expected key\.path=value/],
  [
    () => ["train", "--preset", "toString", "--out", s("run")],
    /preset: expected one of smoke, demo\b.*, got "toString"/,
  ],
  [() => ["train", ...smoke, "--out", s("run"), "--config", s("none.json")], /--config: expected a readable file/],
  [() => ["train", ...smoke, "--out", s("run"), "--config", s("bad.json")], /--config: expected valid JSON/],
  [
    () => ["train", ...smoke, "--out", s("run"), "--config", s("huge.json")],
    /--config: expected a config file of at most/,
  ],
  [() => ["train", ...smoke, "--out", s("file")], /--out: is a file; expected a folder/],
  [
    () => ["train", ...smoke, "--out", "/proc/cosir-run"],
    /--out: expected a writable folder \(\/proc is not writable: ENOENT\), got "\/proc\/cosir-run"/,
  ],
  [() => ["demo", ...smoke, "--out", s("file")], /--out: is a file; expected a folder/],
  [() => ["train", ...smoke], /--out: is required/],
  [() => ["train", "--resume", s("no-run")], /no-run\/config\.json: missing/],
  [() => ["train", "--resume", s("corrupt-run")], /corrupt-run\/config\.json: not valid JSON/],
  [() => ["train", "--resume", s("corrupt-run"), ...smoke], /--resume: takes no --out, --preset/],
  [() => ["pretrain", ...smoke, "--out", s("run"), "--set", "task.family=nope"], /task\.family: expected one of/],
  [() => ["pretrain", ...smoke, "--out", s("file")], /--out: is a file; expected a folder/],
  [() => ["demo", ...smoke, "--out", s("run"), "--set", "rewards.preset=toString"], /rewards\.preset: is not a/],
  [() => ["bench", "--policies", "nope"], /--policies: expected a scripted policy/],
  [() => ["bench", "--policies", "oracle", "--n", "0"], /--n: expected an integer/],
  [
    () => ["bench", "--policies", "oracle", "--n", "1", "--out", s("bench"), "--metrics", s("none.jsonl")],
    /--metrics: expected a readable metrics\.jsonl file \(ENOENT\)/,
  ],
  [() => ["bench", "--policies", "oracle", "--n", "1", "--out", s("file")], /--out: is a file; expected a folder/],
  [() => ["bench", "--policies", "oracle", "--n", "1", "--out", "/dev/null"], /--out: is a device/],
  [() => ["bench", "--policies", "a=/nonexistent-cosir", "--n", "1", "--out", s("b")], /manifest\.json: not found/],
  [
    () => ["bench", "--policies", `m=chat:x@http://127.0.0.1:${closedPort}/v1`, "--n", "1", "--out", s("b")],
    /--policies: expected a reachable chat endpoint \(ECONNREFUSED at http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\)/,
  ],
  [() => ["serve", "--checkpoint", "/nonexistent-cosir"], /manifest\.json: not found/],
  [() => ["serve", "--checkpoint", "x", "--port", "99999"], /--port: expected an integer in 0\.\.65535/],
  [() => ["serve-env", "--host", " "], /--host: expected an interface address/],
  [() => ["serve-env", "--port", String(busyPort)], /--port: is already in use on 127\.0\.0\.1 \(EADDRINUSE\)/],
  [() => ["serve-env", "--preset", "toString"], /--preset: expected one of cosir, outcomeOnly/],
  [() => ["score", "--preset", "__proto__"], /--preset: expected one of/],
  [() => ["serve-env", "--rewards", "toString"], /--rewards: expected one of cosir, outcomeOnly/],
  [() => ["score", "--rewards", "__proto__"], /--rewards: expected one of/],
  [() => ["play", "--team", "nope"], /--team: expected one of/],
  [() => ["generate", "--family", "constructor", "--seed", "1"], /--family: expected one of/],
  [() => ["posterior", "--n", "3"], /--n: is not a flag/],
];

describe("cosir under attack", () => {
  it(`${cases.length} bad command lines: one line naming the field or file, exit != 0, nothing written`, async () => {
    const before = snapshot();
    let traces = 0;
    for (const [argv, message] of cases) {
      const args = argv();
      const r = await runCli(args);
      const what = args.join(" ");
      expect(r.code, what).not.toBe(0);
      expect(r.stderr.endsWith("\n"), what).toBe(true);
      expect(r.stderr.trimEnd().split("\n"), what).toHaveLength(1);
      if (/^\s+at /m.test(r.stderr)) traces++;
      expect(r.stderr, what).toMatch(message);
      expect(r.stderr, what).not.toMatch(/, got [^,]*, got /);
      expect(snapshot(), what).toEqual(before);
    }
    expect(traces).toBe(0);
    console.log(`cli attack: ${cases.length} bad command lines tried, ${traces} stack traces, 0 exits with 0`);
  }, 60_000);

  it("a stdin line far over the limit is that line's one-line error, and the lines around it are still read", async () => {
    const task = { options: 2, attributes: 1, levels: [1, 2], aggregate: "sum" };
    const huge = `{"task": ${JSON.stringify(task)}, "pad": "${"x".repeat(17 * 1024 * 1024)}"}`;
    const r = await runCli(["posterior"], `${JSON.stringify({ task })}\n${huge}\n${JSON.stringify({ task })}\n`);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[1] as string)).toEqual({
      error: `line 2: line of ${Buffer.byteLength(huge)} bytes is longer than the 16777216-byte limit; skipped`,
    });
    expect(JSON.parse(lines[2] as string)).toEqual(JSON.parse(lines[0] as string));
    const scored = await runCli(["score"], `${huge}\n`);
    expect(scored.code).toBe(1);
    expect(scored.stdout).toMatch(/^\{"error":"line 1: line of \d+ bytes is longer than/);
  });

  it("the built binary: one line and exit 1; the stack only with COSIR_DEBUG=1", () => {
    expect(existsSync(cliPath)).toBe(true);
    const run = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, [cliPath, ...args], { encoding: "utf8", env: { ...process.env, ...env } });
    const errorLines = (stderr: string) => stderr.split("\n").filter((l) => l !== "" && !l.startsWith("[cosir]"));
    const spawned: [string[], RegExp][] = [
      [["train", "--resume", s("no-run")], /^cosir train: CosirError: .*no-run\/config\.json: missing/],
      [["export", ...exportFlags, "--out", "/dev/null"], /^cosir export: InvalidArgumentError: --out: is a device/],
      [["serve-env", "--port", String(busyPort)], /^cosir serve-env: InvalidArgumentError: --port: is already in use/],
    ];
    for (const [args, message] of spawned) {
      const r = run(args);
      expect(r.status, args.join(" ")).toBe(1);
      expect(errorLines(r.stderr), args.join(" ")).toHaveLength(1);
      expect(errorLines(r.stderr)[0], args.join(" ")).toMatch(message);
    }
    const debug = run(["export", ...exportFlags, "--out", "/dev/null"], { COSIR_DEBUG: "1" });
    expect(debug.status).toBe(1);
    expect(debug.stderr).toMatch(/--out: is a device[\s\S]*\n\s+at /);
    expect(readFileSync(s("precious.jsonl"), "utf8")).toBe("keep me\n");
    console.log(`cli attack: ${spawned.length + 1} runs of the built binary, 0 stack traces without COSIR_DEBUG`);
  });
});
