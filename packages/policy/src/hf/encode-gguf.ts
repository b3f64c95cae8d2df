import { InvalidArgumentError } from "@cosir/bayes";

/** A GGUF metadata value with its GGUF type spelled out (GGUF is typed; JS numbers are not). */
export type GgufValue =
  | { type: "u32"; value: number }
  | { type: "i32"; value: number }
  | { type: "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "string[]"; value: readonly string[] }
  | { type: "i32[]"; value: ArrayLike<number> }
  | { type: "f32[]"; value: ArrayLike<number> };

/** One tensor for a GGUF file: float32 data in row-major order of `shape` (the PyTorch shape). */
export interface GgufTensor {
  name: string;
  shape: readonly number[];
  data: Float32Array;
}

// GGUF value type ids (ggml/include/gguf.h)
const T = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9, u64: 10 } as const;
const ALIGNMENT = 32;

/** A growable little-endian byte writer. */
class ByteWriter {
  private buffer = new Uint8Array(1 << 16);
  private view = new DataView(this.buffer.buffer);
  length = 0;
  private readonly encoder = new TextEncoder();

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }
  u32(v: number): void {
    this.reserve(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }
  i32(v: number): void {
    this.reserve(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
  }
  f32(v: number): void {
    this.reserve(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
  }
  u64(v: number): void {
    this.reserve(8);
    this.view.setBigUint64(this.length, BigInt(v), true);
    this.length += 8;
  }
  u8(v: number): void {
    this.reserve(1);
    this.view.setUint8(this.length, v);
    this.length += 1;
  }
  string(s: string): void {
    const bytes = this.encoder.encode(s);
    this.u64(bytes.length);
    this.bytes(bytes);
  }
  bytes(b: Uint8Array): void {
    this.reserve(b.length);
    this.buffer.set(b, this.length);
    this.length += b.length;
  }
  pad(): void {
    while (this.length % ALIGNMENT !== 0) this.u8(0);
  }
  result(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

function writeValue(w: ByteWriter, v: GgufValue): void {
  switch (v.type) {
    case "u32":
      w.u32(T.u32);
      w.u32(v.value);
      return;
    case "i32":
      w.u32(T.i32);
      w.i32(v.value);
      return;
    case "f32":
      w.u32(T.f32);
      w.f32(v.value);
      return;
    case "bool":
      w.u32(T.bool);
      w.u8(v.value ? 1 : 0);
      return;
    case "string":
      w.u32(T.string);
      w.string(v.value);
      return;
    case "string[]":
      w.u32(T.array);
      w.u32(T.string);
      w.u64(v.value.length);
      for (const s of v.value) w.string(s);
      return;
    case "i32[]":
    case "f32[]":
      w.u32(T.array);
      w.u32(v.type === "i32[]" ? T.i32 : T.f32);
      w.u64(v.value.length);
      for (let i = 0; i < v.value.length; i++) (v.type === "i32[]" ? w.i32 : w.f32).call(w, v.value[i]!);
      return;
  }
}

/**
 * Encodes a GGUF v3 file (ggml/docs/gguf.md): magic, version, counts, typed metadata, tensor infos, then the
 * 32-byte-aligned F32 tensor data. GGUF lists dimensions innermost first, so a PyTorch shape is written reversed;
 * the bytes themselves are the same row-major order.
 */
export function encodeGguf(metadata: ReadonlyMap<string, GgufValue>, tensors: readonly GgufTensor[]): Uint8Array {
  const w = new ByteWriter();
  w.u32(0x46554747); // "GGUF"
  w.u32(3);
  w.u64(tensors.length);
  w.u64(metadata.size);
  for (const [key, value] of metadata) {
    w.string(key);
    writeValue(w, value);
  }
  let offset = 0;
  for (const t of tensors) {
    const size = t.shape.reduce((a, b) => a * b, 1);
    if (size !== t.data.length)
      throw new InvalidArgumentError(`tensors.${t.name}`, t.shape, `a shape holding ${t.data.length} values`);
    w.string(t.name);
    w.u32(t.shape.length);
    for (const d of [...t.shape].reverse()) w.u64(d);
    w.u32(0); // GGML_TYPE_F32
    w.u64(offset);
    offset += Math.ceil((size * 4) / ALIGNMENT) * ALIGNMENT;
  }
  w.pad();
  for (const t of tensors) {
    w.bytes(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.pad();
  }
  return w.result();
}
