import { PassThrough, Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { progressReporter } from "./progress-reporter";

function io(tty: boolean) {
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (tty) stderr.isTTY = true;
  const chunks: string[] = [];
  stderr.on("data", (c: Buffer) => chunks.push(c.toString()));
  return { io: { stdin: Readable.from([]), stdout: new PassThrough(), stderr }, chunks };
}

describe("progressReporter", () => {
  it("off a terminal: one line per tenth reached and the last, each a 20-wide bar", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (total) => {
        const { io: cli, chunks } = io(false);
        const report = progressReporter(cli, "x");
        for (let done = 0; done <= total; done++) report(done, total);
        const tenths = new Set(Array.from({ length: total + 1 }, (_, d) => Math.floor((10 * d) / total)));
        expect(chunks).toHaveLength(tenths.size);
        expect(chunks.at(-1)).toBe(`[${"#".repeat(20)}] ${total}/${total} x\n`);
        for (const c of chunks) expect(c).toMatch(/^\[[#-]{20}\] +\d+\/\d+ x\n$/);
      }),
    );
  });

  it("on a terminal: redraws in place and ends the line when done", () => {
    const { io: cli, chunks } = io(true);
    const report = progressReporter(cli, "y");
    report(1, 2);
    report(2, 2);
    expect(chunks).toEqual([`\r[${"#".repeat(10)}${"-".repeat(10)}] 1/2 y`, `\r[${"#".repeat(20)}] 2/2 y\n`]);
  });
});
