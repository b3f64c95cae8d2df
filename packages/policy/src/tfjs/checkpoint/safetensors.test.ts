import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeHfSafetensors, encodeHfSafetensors } from "../../hf/hf-safetensors";
import { CheckpointError } from "./checkpoint-error";
import { decodeSafetensors, encodeSafetensors, readSafetensorsHeader, safetensorsHeader } from "./safetensors";

const f32 = { F32: 4 } as const;
const hfDtypes = { F32: 4, F16: 2, BF16: 2 } as const;

/** A file with `header` as its JSON (unpadded) and `dataLength` zero bytes of data. */
function withHeader(header: unknown, dataLength = 0): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + json.length + dataLength);
  new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
  out.set(json, 8);
  return out;
}

/** What a call does, as plain data: the entries it read, or the error's class and message. */
function outcome(read: () => unknown): unknown {
  try {
    return { ok: read() };
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
}

describe("readSafetensorsHeader", () => {
  it("reads what encodeSafetensors wrote: dtype, shape, size, byte range and metadata", () => {
    const bytes = encodeSafetensors(
      new Map([
        ["a", { shape: [2, 3], data: new Float32Array(6) }],
        ["b", { shape: [], data: new Float32Array(1) }],
      ]),
      { note: "x" },
    );
    const n = Number(new DataView(bytes.buffer).getBigUint64(0, true));
    const { tensors, metadata, dataStart } = readSafetensorsHeader(bytes, "mem", f32);
    expect(dataStart).toBe(8 + n);
    expect(metadata).toEqual({ note: "x" });
    expect([...tensors]).toEqual([
      ["a", { dtype: "F32", shape: [2, 3], size: 6, begin: 0, end: 24 }],
      ["b", { dtype: "F32", shape: [], size: 1, begin: 24, end: 28 }],
    ]);
  });

  it("reads each dtype's width from the table it is given", () => {
    const bytes = encodeHfSafetensors(new Map([["w", { shape: [3], data: new Float32Array(3) }]]), "BF16");
    expect(readSafetensorsHeader(bytes, "m", hfDtypes).tensors.get("w")).toEqual({
      dtype: "BF16",
      shape: [3],
      size: 3,
      begin: 0,
      end: 6,
    });
    expect(() => readSafetensorsHeader(bytes, "m.safetensors", f32)).toThrow(
      /^m\.safetensors: tensor "w": dtype "BF16" is not supported \(expected "F32"\)$/,
    );
  });

  const entry = { dtype: "F32", shape: [2], data_offsets: [0, 8] };
  it.each([
    ["a short file", new Uint8Array(5), /f\.st: file is truncated: 5 bytes/],
    ["a header length past the end", withHeader({}).subarray(0, 9), /f\.st: .*header length 2 exceeds the 1 bytes/],
    ["a header that is not JSON", withHeader("x").fill(0x7b, 8), /f\.st: header is not valid JSON/],
    ["a header that is not UTF-8", withHeader("x").fill(0xff, 8), /f\.st: header is not valid JSON/],
    ["a header that is a list", withHeader([entry]), /f\.st: header is not a JSON object/],
    ["an entry that is null", withHeader({ w: null }), /f\.st: tensor "w": header entry is not an object/],
    ["an entry that is a list", withHeader({ w: [1] }), /f\.st: tensor "w": header entry is not an object/],
    ["another dtype", withHeader({ w: { ...entry, dtype: "I8" } }, 8), /f\.st: tensor "w": dtype "I8"/],
    ["a dtype that is an Object key", withHeader({ w: { ...entry, dtype: "toString" } }, 8), /dtype "toString"/],
    ["a shape that is not a list", withHeader({ w: { ...entry, shape: "2" } }, 8), /tensor "w": shape "2" is not/],
    ["a negative size", withHeader({ w: { ...entry, shape: [-2] } }, 8), /tensor "w": shape \[-2\] is not/],
    ["one offset", withHeader({ w: { ...entry, data_offsets: [8] } }, 8), /tensor "w": data_offsets \[8\] is not/],
    ["offsets backwards", withHeader({ w: { ...entry, data_offsets: [8, 0] } }, 8), /data_offsets \[8,0\] is not/],
    ["a range that misfits the shape", withHeader({ w: { ...entry, shape: [3] } }, 8), /needs 12 bytes but .* 8$/],
    ["a range past the data", withHeader({ w: entry }, 7), /f\.st: file is truncated: tensor "w" ends at byte 8 of/],
  ])("refuses %s, naming the file, the tensor and the field", (_, bytes, message) => {
    expect(() => readSafetensorsHeader(bytes, "f.st", f32)).toThrow(CheckpointError);
    expect(() => readSafetensorsHeader(bytes, "f.st", f32)).toThrow(message);
  });

  it("keeps only the string values of __metadata__, and a __proto__ key as a plain key", () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ __metadata__: { format: "pt", total: 3, nested: {}, __proto__: "p" } }),
    );
    const file = new Uint8Array(8 + bytes.length);
    new DataView(file.buffer).setBigUint64(0, BigInt(bytes.length), true);
    file.set(bytes, 8);
    const { metadata } = readSafetensorsHeader(file, "f", f32);
    expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
    expect(Object.entries(metadata)).toEqual([["format", "pt"]]);
    const raw = withHeader({ __metadata__: JSON.parse('{"__proto__":"p"}') });
    expect(Object.entries(readSafetensorsHeader(raw, "f", f32).metadata)).toEqual([["__proto__", "p"]]);
    expect(readSafetensorsHeader(withHeader({ __metadata__: [1] }), "f", f32).metadata).toEqual({});
  });

  it("never throws anything but a CheckpointError on untrusted bytes or headers, and what it accepts fits the file", () => {
    const header = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.oneof(fc.constantFrom("w", "__metadata__", "__proto__"), fc.string()),
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              dtype: fc.oneof(fc.constantFrom("F32", "F16", "BF16", "I8", "constructor"), fc.jsonValue()),
              shape: fc.oneof(fc.array(fc.integer({ min: -1, max: 4 }), { maxLength: 3 }), fc.jsonValue()),
              data_offsets: fc.oneof(fc.array(fc.integer({ min: -1, max: 40 }), { maxLength: 3 }), fc.jsonValue()),
            },
            { requiredKeys: [] },
          ),
        ),
      ),
    );
    const file = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.tuple(header, fc.nat(40)).map(([h, n]) => withHeader(h, n)),
    );
    fc.assert(
      fc.property(file, (bytes) => {
        let read: ReturnType<typeof readSafetensorsHeader<keyof typeof hfDtypes>>;
        try {
          read = readSafetensorsHeader(bytes, "f", hfDtypes);
        } catch (error) {
          expect(error).toBeInstanceOf(CheckpointError);
          expect((error as CheckpointError).message).toMatch(/^f: /);
          return;
        }
        for (const e of read.tensors.values()) {
          expect(e.end - e.begin).toBe(e.size * hfDtypes[e.dtype]);
          expect(read.dataStart + e.end).toBeLessThanOrEqual(bytes.length);
        }
        for (const value of Object.values(read.metadata)) expect(typeof value).toBe("string");
      }),
    );
  });

  it("gives the checkpoint and Hugging Face decoders the same answer on F32 files, good or broken", () => {
    const tensors = fc.dictionary(
      fc.constantFrom("a", "b", "c"),
      fc.array(fc.float({ noNaN: true }), { maxLength: 6 }).map((xs) => ({
        shape: [xs.length],
        data: Float32Array.from(xs),
      })),
    );
    fc.assert(
      fc.property(tensors, fc.nat(80), fc.nat(255), (t, at, byte) => {
        const bytes = encodeSafetensors(new Map(Object.entries(t)));
        const broken = bytes.slice(0, bytes.length - (at % 3));
        if (at < broken.length) broken[at] = byte;
        const checkpoint = outcome(() => [...decodeSafetensors(broken, "f").tensors]);
        const hf = outcome(() => [...decodeHfSafetensors(broken, "f")]);
        if ("ok" in (checkpoint as object)) expect(hf).toEqual(checkpoint);
        else expect((hf as { error: string }).error).toBe("CheckpointError");
        expect("ok" in (hf as object)).toBe("ok" in (checkpoint as object));
      }),
    );
  });
});

describe("safetensorsHeader (both encoders)", () => {
  const names = fc.oneof(fc.constantFrom("w", "__proto__", "constructor", "0", "toString"), fc.string());
  const tensors = fc
    .uniqueArray(
      fc.tuple(
        names.filter((n) => n !== "__metadata__"),
        fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), { maxLength: 4 }),
      ),
      { selector: ([n]) => n, maxLength: 5 },
    )
    .map((entries) => new Map(entries.map(([n, xs]) => [n, { shape: [xs.length], data: Float32Array.from(xs) }])));

  it("keeps every tensor, whatever its name (a __proto__ or an integer-like name too), with its values (seed 1)", () => {
    fc.assert(
      fc.property(tensors, (t) => {
        const read = decodeSafetensors(encodeSafetensors(t, { note: "x" }), "f");
        expect([...read.tensors.keys()].sort()).toEqual([...t.keys()].sort());
        for (const [name, want] of t) expect(read.tensors.get(name)?.data).toEqual(want.data);
        const hf = decodeHfSafetensors(encodeHfSafetensors(t, "F32"), "f");
        expect([...hf.keys()].sort()).toEqual([...t.keys()].sort());
        for (const [name, want] of t) expect(hf.get(name)?.data).toEqual(want.data);
      }),
      { seed: 1 },
    );
  });

  it("pads the header with spaces to a multiple of 8 bytes, and writes what JSON.stringify writes for plain names", () => {
    const t = new Map([
      ["layer.w", { shape: [2], data: new Float32Array(2) }],
      ["é", { shape: [1], data: new Float32Array(1) }],
    ]);
    const { headerBytes, dataLength } = safetensorsHeader(t, "BF16", 2, { format: "pt" });
    expect(dataLength).toBe(6);
    expect(headerBytes.length % 8).toBe(0);
    const text = new TextDecoder().decode(headerBytes);
    const expected = JSON.stringify({
      __metadata__: { format: "pt" },
      "layer.w": { dtype: "BF16", shape: [2], data_offsets: [0, 4] },
      é: { dtype: "BF16", shape: [1], data_offsets: [4, 6] },
    });
    expect(text.trimEnd()).toBe(expected);
    expect(text.slice(expected.length)).toMatch(/^ *$/);
  });

  it("refuses a tensor named __metadata__, naming it, in both encoders", () => {
    const t = new Map([["__metadata__", { shape: [1], data: new Float32Array(1) }]]);
    expect(() => encodeSafetensors(t)).toThrow(CheckpointError);
    expect(() => encodeHfSafetensors(t)).toThrow(/__metadata__/);
  });
});
