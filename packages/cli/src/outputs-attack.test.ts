import { spawnSync } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinNegativeNumbers, parseFlags } from "./flags";
import { stdoutWriteError } from "./stdout-write-error";
import { runCli } from "./test/run-cli";

// Issue 28, outputs and CLI: every output refused before work starts when it is a link, a folder or a device, or
// cannot be created; --metrics must be a metrics JSONL; negative numbers are numbers; a failed write to stdout is
// a failure (EPIPE). A stdout closed with `>&-` is not detectable: Node reopens it on /dev/null read-write, exactly
// as `stdio: "ignore"` or Python's DEVNULL hand it over. Each case: exit 1, one stderr line naming the flag, the scratch folder as it was.
const cliPath = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "cosir-outputs-attack-"));
const s = (name: string) => join(root, name);
const smoke = ["--preset", "smoke"];
const policies = ["--policies", "oracle", "--n", "2"];
const fixture = fileURLToPath(
  new URL("../../bench/src/hiddenbench/fixtures/hidden-bench-fixture.json", import.meta.url),
);
const hiddenBench = (port: number, out: string) => [
  "bench",
  "--hiddenbench",
  fixture,
  "--endpoint",
  `http://127.0.0.1:${port}/v1`,
  "--model",
  "m",
  "--out",
  out,
];

beforeAll(() => {
  writeFileSync(s("precious"), "keep me\n");
  for (const dir of ["pretrain-manifest", "pretrain-log", "demo-report", "demo-summary", "hb"]) mkdirSync(s(dir));
  symlinkSync(s("precious"), s("hb/episodes.jsonl"));
  symlinkSync(s("precious"), s("pretrain-manifest/base.json"));
  symlinkSync(s("precious"), s("pretrain-log/pretrain-log.jsonl"));
  symlinkSync(s("precious"), s("demo-report/report.html"));
  mkdirSync(s("demo-summary/summary.json"));
  writeFileSync(s("text.jsonl"), "not json at all\n");
  writeFileSync(s("arrays.jsonl"), "[1, 2]\n[3, 4]\n");
  writeFileSync(s("empty.jsonl"), "");
  writeFileSync(s("words.jsonl"), '{"phase": "rl", "note": "no numbers"}\n');
  writeFileSync(s("metrics.jsonl"), '{"step": 1, "loss": 2}\n{"step": 2, "loss": 1}\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under the scratch folder with its kind and bytes (links as their target). */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out[p] = "(link)";
      else if (st.isDirectory()) {
        out[p] = "(folder)";
        walk(p);
      } else out[p] = readFileSync(p).toString("base64");
    }
  };
  walk(root);
  return out;
}

type Case = [argv: string[], message: RegExp];
const cases: Case[] = [
  [["pretrain", ...smoke, "--out", s("pretrain-manifest")], /--out: is a symbolic link.*base\.json/],
  [["pretrain", ...smoke, "--out", s("pretrain-log")], /--out: is a symbolic link.*pretrain-log\.jsonl/],
  [["pretrain", ...smoke, "--out", "/proc/cosir-x"], /--out: .*expected a writable folder/],
  [["demo", ...smoke, "--out", s("demo-report")], /--out: is a symbolic link.*report\.html/],
  [["demo", ...smoke, "--out", s("demo-summary")], /--out: is a folder.*summary\.json/],
  [["train", ...smoke, "--out", "/proc/cosir-x"], /--out: .*expected a writable folder/],
  [["bench", ...policies, "--out", "/proc/cosir-x"], /--out: .*expected a writable folder/],
  [["bench", ...policies, "--out", "/proc/cosir-x/deeper"], /--out: .*expected a writable folder/],
  [["bench", ...policies, "--metrics", s("text.jsonl")], /--metrics: .*line 1 is not a JSON object.*text\.jsonl/],
  [["bench", ...policies, "--metrics", s("arrays.jsonl")], /--metrics: .*line 1 is not a JSON object/],
  [["bench", ...policies, "--metrics", s("empty.jsonl")], /--metrics: .*the file is empty.*empty\.jsonl/],
  [["bench", ...policies, "--metrics", s("words.jsonl")], /--metrics: .*no line has a numeric field/],
  [hiddenBench(6000, s("hb")), /--out: is a symbolic link.*episodes\.jsonl/],
  [
    hiddenBench(6000, s("hb-new")),
    /endpoint http:\/\/127\.0\.0\.1:6000\/v1\/chat\/completions is unreachable: bad port/,
  ],
  [hiddenBench(10080, s("hb-new")), /is unreachable: bad port/],
  [["generate", "--family", "random", "--seed", "-1", "--n", "1"], /--seed: expected an integer in 0\.\./],
  [["generate", "--family", "random", "--seed", "1", "--n", "-3"], /--n: expected an integer in 0\.\./],
  [["bench", ...policies, "--seed", "-1"], /--seed: expected an integer in 0\.\./],
  [["bench", "--policies", "oracle", "--n", "-2"], /--n: expected an integer/],
  [["bench", ...policies, "--batch", "-0.5"], /--batch: expected an integer/],
  [["bench", ...policies, "--temperature", "-1"], /--temperature: expected a number in 0\.\.2/],
  [["demo", ...smoke, "--seeds", "-2", "--out", s("never")], /--seeds: expected an integer in 1\.\.16/],
  [["demo", ...smoke, "--first-seed", "1.5", "--out", s("never")], /--first-seed: expected an integer in 0\.\.1000/],
  [["demo", ...smoke, "--first-seed", "-1", "--out", s("never")], /--first-seed: expected an integer in 0\.\.1000/],
];

describe("outputs and flags under attack", () => {
  it(`${cases.length} outputs and numbers: refused before any work, one line naming the flag`, async () => {
    const before = snapshot();
    for (const [argv, message] of cases) {
      const r = await runCli(argv);
      const what = argv.join(" ");
      // Soft: every case that fails is listed, not only the first.
      expect.soft(r.code, what).toBe(1);
      expect.soft(r.stderr.trimEnd().split("\n"), what).toHaveLength(1);
      expect.soft(r.stderr, what).toMatch(message);
      expect.soft(r.stderr, what).not.toMatch(/takes no value|^\s+at /m);
      expect.soft(snapshot(), what).toEqual(before);
    }
    console.log(`outputs attack: ${cases.length} command lines tried, every one refused before work`);
  }, 120_000);

  it("a real metrics JSONL is still taken by --metrics", async () => {
    const r = await runCli(["bench", ...policies, "--metrics", s("metrics.jsonl"), "--out", s("bench-ok")]);
    expect(r.stderr).not.toMatch(/--metrics/);
    expect(r.code).toBe(0);
    expect(readFileSync(s("bench-ok/training-curves.svg"), "utf8")).toMatch(/loss/);
  }, 60_000);
});

describe("negative numbers are values", () => {
  const options = { seed: { type: "string" }, n: { type: "string", short: "n" }, json: { type: "boolean" } } as const;
  it("any number after a flag that takes a value is that flag's value, as written", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true })), (x) => {
        const text = String(x);
        expect(parseFlags(["--seed", text], options).values.seed).toBe(text);
        expect(parseFlags(["-n", text], options).values.n).toBe(text);
      }),
    );
  });
  it("a dash word that is not a number, after a boolean flag or after --, is left alone", () => {
    expect(joinNegativeNumbers(["--json", "-1"], options)).toEqual(["--json", "-1"]);
    expect(joinNegativeNumbers(["--seed", "-x"], options)).toEqual(["--seed", "-x"]);
    expect(joinNegativeNumbers(["--", "--seed", "-1"], options)).toEqual(["--", "--seed", "-1"]);
    expect(joinNegativeNumbers(["--seed", "-.5", "-n", "-Infinity"], options)).toEqual(["--seed=-.5", "-n-Infinity"]);
    expect(() => parseFlags(["--seed", "-x"], options)).toThrow(/--seed: takes no value|--seed/);
  });
});

describe("stdout write errors", () => {
  it("one line naming stdout and the error code", () => {
    expect(stdoutWriteError({ code: "EPIPE" })).toBe("could not write to stdout (EPIPE); the output is incomplete");
    expect(stdoutWriteError(null)).toBe("could not write to stdout (error); the output is incomplete");
  });

  const bash = (script: string) =>
    spawnSync("bash", ["-c", `set -o pipefail; ${script}`], {
      encoding: "utf8",
      env: { ...process.env, CLI: cliPath },
    });
  it.runIf(process.platform === "linux")(
    "the built binary: EPIPE is exit 1 and one line; /dev/null and an ignored stdout are still fine",
    () => {
      const pipe = bash('node "$CLI" generate --family random --seed 1 --n 20000 | head -c 1 >/dev/null');
      expect([pipe.status, pipe.stderr]).toEqual([
        1,
        "cosir: could not write to stdout (EPIPE); the output is incomplete\n",
      ]);
      const devnull = bash('node "$CLI" generate --family random --seed 1 --n 3 >/dev/null');
      expect([devnull.status, devnull.stderr]).toEqual([0, ""]);
      const ignored = spawnSync(
        process.execPath,
        [cliPath, "generate", "--family", "random", "--seed", "1", "--n", "3"],
        {
          stdio: ["ignore", "ignore", "pipe"],
          encoding: "utf8",
        },
      );
      expect([ignored.status, ignored.stderr]).toEqual([0, ""]);
    },
    30_000,
  );
});
