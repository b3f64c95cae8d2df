import { execFileSync } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkOutputFolder,
  checkOutputPath,
  openOutputAtomic,
  prepareOutputFolder,
  writeOutputAtomic,
} from "./write-output-atomic";

const root = mkdtempSync(join(tmpdir(), "cosir-output-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const dir = join(root, `case-${n++}`);
  mkdirSync(dir);
  return dir;
};
const leftovers = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".tmp"));

describe("writeOutputAtomic", () => {
  it("writes and replaces a regular file whole, leaving no temporary file (round trip)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), fc.string(), (bytes, text) => {
        const dir = fresh();
        const path = join(dir, "out.bin");
        writeOutputAtomic(path, bytes);
        expect(new Uint8Array(readFileSync(path))).toEqual(bytes);
        writeOutputAtomic(path, text);
        expect(readFileSync(path, "utf8")).toBe(text);
        expect(leftovers(dir)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it("refuses to replace anything that is not a regular file, and leaves it as it was", () => {
    const dir = fresh();
    const target = join(dir, "target.txt");
    writeFileSync(target, "precious");
    symlinkSync(target, join(dir, "link"));
    symlinkSync(join(dir, "missing"), join(dir, "dangling"));
    mkdirSync(join(dir, "folder"));
    const cases: [string, RegExp][] = [
      [join(dir, "link"), /is a symbolic link/],
      [join(dir, "dangling"), /is a symbolic link/],
      [join(dir, "folder"), /is a folder/],
      ["/dev/null", /is a device/],
      [join(dir, "no-such-folder", "x"), /existing folder/],
      [join(target, "x"), /is not a folder/],
      ["", /expected a file path/],
    ];
    try {
      execFileSync("mkfifo", [join(dir, "fifo")]);
      cases.push([join(dir, "fifo"), /is a named pipe/]);
    } catch {
      // no mkfifo here: the other kinds still run
    }
    for (const [path, message] of cases) {
      expect(() => writeOutputAtomic(path, "x", "--out")).toThrow(InvalidArgumentError);
      expect(() => writeOutputAtomic(path, "x", "--out")).toThrow(message);
    }
    expect(readlinkSync(join(dir, "link"))).toBe(target);
    expect(readFileSync(target, "utf8")).toBe("precious");
    expect(lstatSync(join(dir, "folder")).isDirectory()).toBe(true);
    expect(lstatSync("/dev/null").isCharacterDevice()).toBe(true);
    expect(leftovers(dir)).toEqual([]);
    console.log(`output attack: ${cases.length} non-file targets tried, ${cases.length} refused`);
  });

  it("an aborted or failed output leaves the old file whole and no temporary file", () => {
    const dir = fresh();
    const path = join(dir, "rows.jsonl");
    writeFileSync(path, "old\n");
    const out = openOutputAtomic(path, "--out");
    out.write("new 1\n");
    expect(readFileSync(path, "utf8")).toBe("old\n");
    out.abort();
    expect(readFileSync(path, "utf8")).toBe("old\n");
    expect(leftovers(dir)).toEqual([]);
    // Something put at the path while the output was written (a link) is not replaced either.
    const raced = openOutputAtomic(join(dir, "raced"), "--out");
    raced.write("x");
    symlinkSync(path, join(dir, "raced"));
    expect(() => raced.commit()).toThrow(/--out: is a symbolic link/);
    expect(readFileSync(path, "utf8")).toBe("old\n");
    expect(leftovers(dir)).toEqual([]);
  });

  it("checkOutputPath and prepareOutputFolder name the field and the path", () => {
    const dir = fresh();
    writeFileSync(join(dir, "file"), "");
    expect(checkOutputPath(join(dir, "new.txt"), "--out")).toBe(join(dir, "new.txt"));
    expect(prepareOutputFolder(join(dir, "a", "b"), "--out")).toBe(join(dir, "a", "b"));
    expect(() => prepareOutputFolder(join(dir, "file"), "--out")).toThrow(/^--out: .*is a file/);
    expect(() => prepareOutputFolder(join(dir, "file", "sub"), "--out")).toThrow(/^--out: .*is a file/);
    // mkdirSync's own `recursive` never returns here; prepareOutputFolder does
    expect(() => prepareOutputFolder("/proc/cosir-no/such", "--out")).toThrow(/^--out: expected a folder/);
  });
});

describe("checkOutputFolder", () => {
  it("a folder that cannot be created is refused now, even where access() says yes (root under /proc)", () => {
    for (const dir of ["/proc/cosir-x", "/proc/cosir-x/deeper"])
      expect(() => checkOutputFolder(dir, "--out"), dir).toThrow(
        /^--out: expected a writable folder \(\/proc is not writable/,
      );
  });
  it("a creatable folder is accepted and nothing is left behind", () => {
    const parent = mkdtempSync(join(tmpdir(), "cosir-check-folder-"));
    expect(checkOutputFolder(join(parent, "a", "b"), "--out")).toBe(join(parent, "a", "b"));
    expect(checkOutputFolder(parent, "--out")).toBe(parent);
    expect(readdirSync(parent)).toEqual([]);
    rmSync(parent, { recursive: true });
  });
});
