import { PassThrough, Readable, Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type StreamLine, readLines, writeLine } from "./jsonl";
import { main } from "./main";

async function collect(chunks: string[], max?: number): Promise<StreamLine[]> {
  const out: StreamLine[] = [];
  for await (const line of readLines(Readable.from(chunks.map((c) => Buffer.from(c))), max)) out.push(line);
  return out;
}

/** The simple oracle: split the whole text on newlines, number them, drop blank ones and a trailing "\r". */
function oracle(text: string, max: number): StreamLine[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out: StreamLine[] = [];
  lines.forEach((raw, i) => {
    const bytes = Buffer.byteLength(raw);
    if (bytes > max) out.push([i + 1, null, bytes]);
    else {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (line.trim() !== "") out.push([i + 1, line]);
    }
  });
  return out;
}

describe("readLines", () => {
  it("yields what splitting the whole text yields, however the stream is chunked (comparison with an oracle)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("\n", "\r\n", "é", "💡", " ")), {
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 4, max: 40 }),
        async (pieces, chunk, max) => {
          const text = pieces.join("");
          const bytes = Buffer.from(text);
          // split on byte boundaries (multi-byte characters may be cut)
          const buffers: Buffer[] = [];
          for (let i = 0; i < bytes.length; i += chunk) buffers.push(bytes.subarray(i, i + chunk));
          const out: StreamLine[] = [];
          for await (const line of readLines(Readable.from(buffers), max)) out.push(line);
          expect(out).toEqual(oracle(text, max));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("skips a line over the limit without holding it, reporting its length", async () => {
    const big = "x".repeat(1000);
    expect(await collect(["a\n", big.slice(0, 400), big.slice(400), "\nb"], 100)).toEqual([
      [1, "a"],
      [2, null, 1000],
      [3, "b"],
    ]);
  });
});

describe("writeLine on a stream that fails", () => {
  const broken = () =>
    new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
      },
    });
  it("rejects with one line naming the error instead of waiting for a drain that never comes", async () => {
    await expect(writeLine(broken(), { a: 1 })).rejects.toThrow(
      /^could not write to stdout \(EPIPE\); the output is incomplete$/,
    );
    const gone = new PassThrough();
    gone.destroy();
    await expect(writeLine(gone, "x")).rejects.toThrow(/could not write to stdout \(closed\)/);
  });
  it("a command whose stdout fails exits 1 with one stderr line", async () => {
    const errs: string[] = [];
    const stderr = new PassThrough().on("data", (c: Buffer) => errs.push(c.toString()));
    const stdout = broken().on("error", () => {});
    const code = await main(["generate", "--family", "random", "--seed", "1", "--n", "50"], {
      stdin: Readable.from([""]),
      stdout,
      stderr,
    });
    expect(code).toBe(1);
    expect(errs.join("")).toMatch(
      /^cosir generate: [^\n]*could not write to stdout \(EPIPE\); the output is incomplete\n$/,
    );
  });
});
