import { PassThrough, Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDuration, runProgress } from "./run-progress";

function io(tty: boolean) {
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (tty) stderr.isTTY = true;
  const chunks: string[] = [];
  stderr.on("data", (c: Buffer) => chunks.push(c.toString()));
  return { io: { stdin: Readable.from([]), stdout: new PassThrough(), stderr }, chunks };
}

/** A fake clock and interval timer the test drives. */
function clock() {
  let t = 0;
  const ticks: (() => void)[] = [];
  return {
    now: () => t,
    setInterval: (f: () => void) => {
      ticks.push(f);
      return ticks.length;
    },
    clearInterval: () => {
      ticks.length = 0;
    },
    advance(ms: number) {
      t += ms;
      for (const f of ticks) f();
    },
  };
}

describe("runProgress", () => {
  it("log mode: done/total, elapsed, ETA and failed calls, one line per tenth and the last", () => {
    const c = clock();
    const { io: cli, chunks } = io(false);
    const p = runProgress(cli, "hiddenbench x m (calls)", c);
    c.advance(10_000);
    p.update(10, 40, 2);
    expect(chunks.at(-1)).toBe(
      `[${"#".repeat(5)}${"-".repeat(15)}] 10/40 hiddenbench x m (calls), 10 s elapsed, ETA 30 s, 2 failed calls\n`,
    );
    p.update(11, 40, 2); // same tenth: no line
    expect(chunks).toHaveLength(1);
    c.advance(80_000);
    p.update(40, 40, 3);
    expect(chunks.at(-1)).toBe(
      `[${"#".repeat(20)}] 40/40 hiddenbench x m (calls), 1 min 30 s elapsed, 3 failed calls\n`,
    );
    p.stop();
  });

  it("log mode: a line at least every 30 s while nothing finishes, none after stop", () => {
    const c = clock();
    const { io: cli, chunks } = io(false);
    const p = runProgress(cli, "x", c);
    p.update(1, 1000, 0);
    for (let k = 0; k < 10; k++) c.advance(10_000);
    // 100 s without a new tenth: lines at 30, 60 and 90 s
    expect(chunks).toHaveLength(4);
    expect(chunks[1]).toMatch(/^\[-{20}\] +1\/1000 x, 30 s elapsed, ETA 8 h 19 min, 0 failed calls\n$/);
    p.stop();
    c.advance(60_000);
    expect(chunks).toHaveLength(4);
  });

  it("on a terminal: redraws in place and ends the line when done", () => {
    const c = clock();
    const { io: cli, chunks } = io(true);
    const p = runProgress(cli, "y", c);
    p.update(1, 2, 1);
    p.update(2, 2, 1);
    expect(chunks).toEqual([
      `\r[${"#".repeat(10)}${"-".repeat(10)}] 1/2 y, 0 s elapsed, ETA 0 s, 1 failed call`,
      `\r[${"#".repeat(20)}] 2/2 y, 0 s elapsed, 1 failed call\n`,
    ]);
  });

  it("formatDuration: seconds, minutes, hours; never negative", () => {
    expect([formatDuration(0), formatDuration(59_400), formatDuration(61_000), formatDuration(3_725_000)]).toEqual([
      "0 s",
      "59 s",
      "1 min 01 s",
      "1 h 02 min",
    ]);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (ms) => {
        expect(formatDuration(ms)).toMatch(/^\d+ (s|min \d\d s|h \d\d min)$/);
      }),
    );
  });
});
