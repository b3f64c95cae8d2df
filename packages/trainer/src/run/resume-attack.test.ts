import { execFileSync } from "node:child_process";
import {
  cpSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CosirError } from "@cosir/bayes";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TrainConfigSchema, resolveTrainConfig } from "../config/train-config";
import { type RunState, resumeMetrics, runPaths } from "./run-folder";
import { TrainRun } from "./train-run";

// Resume attacked with a run folder that was stopped, truncated, edited or bit-flipped: every case either resumes
// the run exactly where its checkpoint left it (saying what it repaired) or is refused with a CosirError, and a
// refused folder is left byte for byte as it was.
const root = mkdtempSync(join(tmpdir(), "cosir-resume-attack-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = resolveTrainConfig({
  preset: "smoke",
  overrides: [
    { rl: { iterations: 3, tasksPerIteration: 1, dropZeroAdvantage: false }, sft: { episodes: 6 }, checkpointEvery: 1 },
  ],
});
const parse = (json: unknown) => TrainConfigSchema.parse(json);
let said: string[] = [];
const io = () => {
  said = [];
  return { progress: { stream: { write: (t: string) => said.push(t) } as unknown as NodeJS.WriteStream, quiet: true } };
};

const pristine = join(root, "pristine");
/** state.json as written at the start (iteration 0) and after iteration 1 (the run then went on to iteration 2). */
let stateAfterZero = "";
let stateAfterOne = "";
/** The checkpoint folder as saved after iteration 1. */
const checkpointAfterOne = join(root, "checkpoint-after-one");
beforeAll(async () => {
  const run = await TrainRun.start(config, pristine, io());
  try {
    stateAfterZero = readFileSync(runPaths(pristine).state, "utf8");
    await run.train({ until: 1 });
    stateAfterOne = readFileSync(runPaths(pristine).state, "utf8");
    cpSync(runPaths(pristine).checkpoint, checkpointAfterOne, { recursive: true });
    await run.train({ until: 2 });
  } finally {
    run.dispose();
  }
}, 120_000);

let copies = 0;
function copy(): string {
  const dir = join(root, `case-${copies++}`);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** Every file under a folder with its bytes, to show that a refused resume changed nothing (links and FIFOs unread). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const stats = lstatSync(p);
      if (stats.isDirectory()) walk(p, `${prefix}${name}/`);
      else if (stats.isSymbolicLink()) out[`${prefix}${name}`] = `link to ${readlinkSync(p)}`;
      else if (!stats.isFile()) out[`${prefix}${name}`] = "not a regular file";
      else out[`${prefix}${name}`] = readFileSync(p).toString("base64");
    }
  };
  walk(dir, "");
  return out;
}

/** Overwrites the float32 at `index` of a safetensors file's data with `value`. */
function setFloat(file: string, index: number, value: number): void {
  const bytes = readFileSync(file);
  const headerLength = Number(bytes.readBigUInt64LE(0));
  bytes.writeFloatLE(value, 8 + headerLength + 4 * index);
  writeFileSync(file, bytes);
}

const editConfig = (dir: string, edit: (c: Record<string, Record<string, unknown>>) => void) => {
  const c = JSON.parse(readFileSync(runPaths(dir).config, "utf8")) as Record<string, Record<string, unknown>>;
  edit(c);
  writeFileSync(runPaths(dir).config, `${JSON.stringify(c, null, 2)}\n`);
};
const withoutField = (dir: string, field: keyof RunState) => {
  const { [field]: _gone, ...rest } = state(dir);
  writeFileSync(runPaths(dir).state, JSON.stringify(rest));
};
/** A file outside the run folder that a link in it points at; a refused resume must not append to it. */
const outside = join(root, "outside.jsonl");

const state = (dir: string) => JSON.parse(readFileSync(runPaths(dir).state, "utf8")) as RunState;
const writeState = (dir: string, patch: Partial<Record<keyof RunState, unknown>>) =>
  writeFileSync(runPaths(dir).state, JSON.stringify({ ...state(dir), ...patch }));

type Corruption = [string, (dir: string) => void, RegExp];
const refused: Corruption[] = [
  ["state.json missing", (d) => rmSync(runPaths(d).state), /state\.json: missing/],
  [
    "state.json not JSON",
    (d) => writeFileSync(runPaths(d).state, '{"version": 1, "iter'),
    /state\.json: not valid JSON/,
  ],
  ["iteration -5", (d) => writeState(d, { iteration: -5 }), /state\.json: expected .*iteration/],
  ["iteration 0", (d) => writeState(d, { iteration: 0 }), /holds iteration 2 but state\.json records iteration 0/],
  ["iteration 99", (d) => writeState(d, { iteration: 99 }), /holds iteration 2 but state\.json records iteration 99/],
  ["iteration 1.5", (d) => writeState(d, { iteration: 1.5 }), /state\.json: expected/],
  [
    "metricsLines past the file",
    (d) => writeState(d, { metricsLines: 40 }),
    /has \d+ lines but state\.json records 40/,
  ],
  [
    "a metrics line lost",
    (d) => {
      const lines = readFileSync(runPaths(d).metrics, "utf8").split("\n");
      lines.splice(1, 1);
      writeFileSync(runPaths(d).metrics, lines.join("\n"));
    },
    /lines were lost/,
  ],
  [
    "a metrics line garbled in the middle",
    (d) => {
      const lines = readFileSync(runPaths(d).metrics, "utf8").split("\n");
      lines[0] = "{not json";
      writeFileSync(runPaths(d).metrics, lines.join("\n"));
    },
    /metrics\.jsonl:1: not a JSON line/,
  ],
  [
    "a metrics value edited",
    (d) => {
      const text = readFileSync(runPaths(d).metrics, "utf8");
      writeFileSync(runPaths(d).metrics, text.replace(/"teamAccuracy":[-\d.e]+/, '"teamAccuracy":0.999'));
    },
    /differ from those hashed at the checkpoint/,
  ],
  ["a NaN weight", (d) => setFloat(join(runPaths(d).checkpoint, "model.safetensors"), 5, Number.NaN), /holds NaN/],
  [
    "an infinite Adam moment",
    (d) => setFloat(join(runPaths(d).checkpoint, "extra.safetensors"), 0, Number.POSITIVE_INFINITY),
    /holds Infinity/,
  ],
  [
    "a NaN in the base (the KL reference)",
    (d) => setFloat(join(runPaths(d).base, "model.safetensors"), 0, Number.NaN),
    /base: tensor .* holds NaN/,
  ],
  [
    "a bit-flipped weight (still finite)",
    (d) => setFloat(join(runPaths(d).checkpoint, "model.safetensors"), 3, 0.123456),
    /checkpoint was altered/,
  ],
  [
    "a truncated weights file",
    (d) => {
      const file = join(runPaths(d).checkpoint, "model.safetensors");
      writeFileSync(file, readFileSync(file).subarray(0, 100));
    },
    /model\.safetensors/,
  ],
  ["no checkpoint manifest", (d) => rmSync(join(runPaths(d).checkpoint, "manifest.json")), /manifest\.json: not found/],
  ["config.json missing", (d) => rmSync(runPaths(d).config), /config\.json: missing/],
  ["config.json not JSON", (d) => writeFileSync(runPaths(d).config, "{"), /config\.json: not valid JSON/],
  [
    "config.json with a task family that does not exist",
    (d) => {
      const c = JSON.parse(readFileSync(runPaths(d).config, "utf8")) as { task: { family: string } };
      c.task.family = "nope";
      writeFileSync(runPaths(d).config, JSON.stringify(c));
    },
    /task\.family: expected one of/,
  ],
  [
    "config.json with fewer rl.iterations than done",
    (d) => {
      const c = JSON.parse(readFileSync(runPaths(d).config, "utf8")) as { rl: { iterations: number } };
      c.rl.iterations = 1;
      writeFileSync(runPaths(d).config, JSON.stringify(c));
    },
    /config\.json: sha256 .* is not the configSha256/,
  ],
  [
    "a changed finite weight in base/",
    (d) => setFloat(join(runPaths(d).base, "model.safetensors"), 3, 0.123456),
    /base: sha256 .* is not the baseSha256 .* base \(the KL reference\) was altered/,
  ],
  [
    "config.json with another learning rate",
    (d) => editConfig(d, (c) => (c.rl!.learningRate = 0.5)),
    /config\.json: sha256 .* is not the configSha256/,
  ],
  [
    "config.json with another seed",
    (d) => editConfig(d, (c) => (c.seed = 999 as never)),
    /config\.json: .*configSha256/,
  ],
  [
    "config.json with another reward preset",
    (d) => editConfig(d, (c) => (c.rewards!.preset = c.rewards!.preset === "cosir" ? "outcomeOnly" : "cosir")),
    /config\.json: .*configSha256/,
  ],
  ...(["checkpointSha256", "metricsSha256", "baseSha256", "configSha256"] as const).map(
    (field): Corruption => [
      `state.json without ${field}`,
      (d) => withoutField(d, field),
      new RegExp(`state\\.json: expected .*\\(${field}: Required\\)`),
    ],
  ),
  [
    "state.json of version 1 (a run folder from before the hashes)",
    (d) => {
      const { version: _v, iteration, metricsLines } = state(d);
      writeFileSync(runPaths(d).state, JSON.stringify({ version: 1, iteration, metricsLines }));
    },
    /state\.json: version 1 was written before .* start it again in a new folder/,
  ],
  [
    "a checkpoint two saves ahead of state.json",
    (d) => writeFileSync(runPaths(d).state, stateAfterZero),
    /checkpoint: holds iteration 2 .* but state\.json records iteration 0 .* at most one save ahead \(iteration 1/,
  ],
  [
    "metrics.jsonl a symbolic link",
    (d) => {
      cpSync(runPaths(d).metrics, outside);
      rmSync(runPaths(d).metrics);
      symlinkSync(outside, runPaths(d).metrics);
    },
    /metrics\.jsonl: is a symbolic link; refusing to follow it/,
  ],
  [
    "metrics.jsonl a FIFO",
    (d) => {
      rmSync(runPaths(d).metrics);
      execFileSync("mkfifo", [runPaths(d).metrics]);
    },
    /metrics\.jsonl: is not a regular file/,
  ],
  [
    "state.json a symbolic link",
    (d) => {
      cpSync(runPaths(d).state, `${outside}.state`);
      rmSync(runPaths(d).state);
      symlinkSync(`${outside}.state`, runPaths(d).state);
    },
    /state\.json: is a symbolic link/,
  ],
  [
    "state.json a FIFO",
    (d) => {
      rmSync(runPaths(d).state);
      execFileSync("mkfifo", [runPaths(d).state]);
    },
    /state\.json: is not a regular file/,
  ],
  [
    "no checkpoint/ and no intact copy beside it",
    (d) => {
      renameSync(runPaths(d).checkpoint, join(d, ".checkpoint.old-4242-abcd"));
      setFloat(join(d, ".checkpoint.old-4242-abcd", "model.safetensors"), 3, 0.5);
    },
    /checkpoint: missing, and no copy beside it \(.*\.checkpoint\.old-4242-abcd\) has the sha256/,
  ],
];

describe("resume under attack", () => {
  it(`refuses ${refused.length} corrupted run folders with one CosirError each and changes nothing`, async () => {
    for (const [what, corrupt, message] of refused) {
      const dir = copy();
      corrupt(dir);
      const before = snapshot(dir);
      const error = await TrainRun.resume(dir, io(), parse).then(
        (run) => {
          run.dispose();
          return undefined;
        },
        (e: unknown) => e,
      );
      expect(error, what).toBeInstanceOf(CosirError);
      expect((error as Error).message, what).toMatch(message);
      expect((error as Error).message.includes("\n"), what).toBe(false);
      expect(snapshot(dir), what).toEqual(before);
    }
    console.log(`resume attack: ${refused.length} corrupted run folders tried, ${refused.length} refused`);
  }, 60_000);

  it("drops a torn last metrics line (a stop mid-append), says so, and resumes where the checkpoint left off", async () => {
    const dir = copy();
    const metrics = readFileSync(runPaths(dir).metrics, "utf8");
    writeFileSync(runPaths(dir).metrics, `${metrics}{"version":1,"phase":"rl","itera`);
    const run = await TrainRun.resume(dir, io(), parse);
    run.dispose();
    expect(run.completedIterations).toBe(2);
    expect(said.join("")).toMatch(/dropped a torn last line \(\d+ bytes/);
    expect(readFileSync(runPaths(dir).metrics, "utf8")).toBe(metrics);
  });

  it("resumes from a checkpoint one save ahead of state.json (a stop between the two writes)", async () => {
    const dir = copy();
    writeFileSync(runPaths(dir).state, stateAfterOne);
    const run = await TrainRun.resume(dir, io(), parse);
    try {
      expect(run.completedIterations).toBe(2);
      expect(said.join("")).toMatch(/one save ahead of state\.json \(iteration 2, state\.json 1\)/);
      await run.train();
      expect(run.completedIterations).toBe(3);
      expect(state(dir).iteration).toBe(3);
    } finally {
      run.dispose();
    }
  }, 60_000);

  // The on-disk state each instant of a save (iteration 1 -> 2) can be killed in leaves, written directly: the save
  // writes .checkpoint.tmp-*, renames checkpoint/ to .checkpoint.old-*, renames the tmp to checkpoint/, removes the
  // old one, then writes state.json (through its own .state.json.*.tmp). `at` is the iteration resume must continue
  // from; every window then trains to the end and must write the metrics of an uninterrupted run.
  const tmp = ".checkpoint.tmp-4242-0a1b2c3d";
  const old = ".checkpoint.old-4242-0a1b2c3d";
  const put = (from: string, dir: string, name: string) => cpSync(from, join(dir, name), { recursive: true });
  const windows: [string, (dir: string) => void, number][] = [
    [
      "writing the new copy",
      (d) => {
        put(runPaths(d).checkpoint, d, tmp);
        rmSync(join(d, tmp, "manifest.json"));
        rmSync(runPaths(d).checkpoint, { recursive: true });
        put(checkpointAfterOne, d, "checkpoint");
        writeFileSync(runPaths(d).state, stateAfterOne);
      },
      1,
    ],
    [
      "new copy written, before the first rename",
      (d) => {
        renameSync(runPaths(d).checkpoint, join(d, tmp));
        put(checkpointAfterOne, d, "checkpoint");
        writeFileSync(runPaths(d).state, stateAfterOne);
      },
      1,
    ],
    [
      "between the two renames (no checkpoint/)",
      (d) => {
        renameSync(runPaths(d).checkpoint, join(d, tmp));
        put(checkpointAfterOne, d, old);
        writeFileSync(runPaths(d).state, stateAfterOne);
      },
      1,
    ],
    [
      "after the second rename, before the old copy is removed",
      (d) => {
        put(checkpointAfterOne, d, old);
        writeFileSync(runPaths(d).state, stateAfterOne);
      },
      2,
    ],
    [
      "removing the old copy",
      (d) => {
        put(checkpointAfterOne, d, old);
        rmSync(join(d, old, "model.safetensors"));
        writeFileSync(runPaths(d).state, stateAfterOne);
      },
      2,
    ],
    ["before state.json is written", (d) => writeFileSync(runPaths(d).state, stateAfterOne), 2],
    [
      "writing state.json",
      (d) => {
        writeFileSync(join(d, ".state.json.4242.0a1b2c3d.tmp"), readFileSync(runPaths(d).state, "utf8").slice(0, 20));
        writeFileSync(runPaths(d).state, stateAfterOne);
      },
      2,
    ],
    ["after the save", () => {}, 2],
  ];

  it(`resumes from a save killed in each of its ${windows.length} windows, bit-identical, and leaves no copies`, async () => {
    const finish = async (dir: string) => {
      const run = await TrainRun.resume(dir, io(), parse);
      try {
        const at = run.completedIterations;
        await run.train();
        return at;
      } finally {
        run.dispose();
      }
    };
    const withoutTiming = (dir: string) =>
      readFileSync(runPaths(dir).metrics, "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => ({ ...(JSON.parse(l) as object), timing: undefined }));
    const reference = copy();
    await finish(reference);
    for (const [what, leave, at] of windows) {
      const dir = copy();
      leave(dir);
      expect(await finish(dir), what).toBe(at);
      expect(withoutTiming(dir), what).toEqual(withoutTiming(reference));
      expect(
        readdirSync(dir).filter((f) => f.startsWith(".")),
        what,
      ).toEqual([]);
      expect(state(dir).iteration, what).toBe(3);
    }
    console.log(`resume attack: a save killed in ${windows.length} windows, all resumed bit-identical`);
  }, 120_000);

  it("resumeMetrics: a metrics file cut at any byte either keeps the checkpoint's lines or is refused unchanged", async () => {
    const dir = copy();
    const full = readFileSync(runPaths(dir).metrics, "utf8");
    const recorded = state(dir);
    // The checkpoint's lines are all of them here; cut a copy anywhere, then append extra lines past the checkpoint.
    const keptLength = Buffer.byteLength(full);
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(keptLength + 200), async (cut) => {
        tried++;
        const tail = '{"version":1,"phase":"rl","iteration":2}\n{"version":1,"phase":"rl","iteration":3}\n'.repeat(2);
        const text = Buffer.from(full + tail)
          .subarray(0, cut)
          .toString("utf8");
        writeFileSync(runPaths(dir).metrics, text);
        const result = await resumeMetrics(dir, recorded, () => {}).then(
          (n) => n,
          (e: unknown) => e,
        );
        if (cut >= keptLength - 1) {
          expect(result).toBe(recorded.metricsLines);
          expect(readFileSync(runPaths(dir).metrics, "utf8")).toBe(full);
        } else {
          expect(result).toBeInstanceOf(CosirError);
          expect(readFileSync(runPaths(dir).metrics, "utf8")).toBe(text);
        }
      }),
      { numRuns: 60 },
    );
    console.log(`resume attack: ${tried} metrics truncations tried`);
  });
});
