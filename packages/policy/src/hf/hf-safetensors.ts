import { readSafetensorsHeader, safetensorsHeader } from "../tfjs/checkpoint/safetensors";

/** The weight dtypes a Hugging Face checkpoint may use that this loader reads (all widened to float32). */
export type HfDtype = "F32" | "F16" | "BF16";

/** One tensor read from (or to be written to) a safetensors file, as float32 in row-major order. */
export interface HfTensor {
  shape: number[];
  data: Float32Array;
}

const bytesPer: Record<HfDtype, number> = { F32: 4, F16: 2, BF16: 2 };

/** IEEE half to float. */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const mantissa = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (mantissa / 1024);
  if (exponent === 31) return mantissa === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
  return sign * 2 ** (exponent - 15) * (1 + mantissa / 1024);
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Float to IEEE half, round to nearest even (through Math.fround's bits). */
export function floatToHalf(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exponent = ((x >>> 23) & 0xff) - 127 + 15;
  let mantissa = x & 0x7fffff;
  if (((x >>> 23) & 0xff) === 0xff) return sign | 0x7c00 | (mantissa !== 0 ? 0x200 : 0);
  if (exponent >= 31) return sign | 0x7c00;
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - exponent;
    const half = 1 << (shift - 1);
    const rounded = (mantissa + half - 1 + ((mantissa >>> shift) & 1)) >>> shift;
    return sign | rounded;
  }
  const rounded = mantissa + 0xfff + ((mantissa >>> 13) & 1);
  if (rounded & 0x800000) return exponent + 1 >= 31 ? sign | 0x7c00 : sign | ((exponent + 1) << 10);
  return sign | (exponent << 10) | (rounded >>> 13);
}

/** Float to bfloat16, round to nearest even. */
export function floatToBfloat16(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  if (Number.isNaN(value)) return 0x7fc0;
  return ((x + 0x7fff + ((x >>> 16) & 1)) >>> 16) & 0xffff;
}

function widen(bytes: Uint8Array, dtype: HfDtype, size: number): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(size);
  if (dtype === "F32") for (let i = 0; i < size; i++) out[i] = view.getFloat32(i * 4, true);
  else if (dtype === "F16") for (let i = 0; i < size; i++) out[i] = halfToFloat(view.getUint16(i * 2, true));
  else {
    // bfloat16 is the top half of a float32
    const bits = new Uint32Array(out.buffer);
    for (let i = 0; i < size; i++) bits[i] = view.getUint16(i * 2, true) << 16;
  }
  return out;
}

/**
 * Decodes a Hugging Face safetensors file holding F32, F16 or BF16 tensors into float32. The header is checked by
 * `readSafetensorsHeader`: a truncated file, bad header, another dtype, or a shape that does not match its byte
 * range raises a CheckpointError naming `source` and the tensor.
 */
export function decodeHfSafetensors(bytes: Uint8Array, source: string): Map<string, HfTensor> {
  const { tensors: entries, dataStart } = readSafetensorsHeader(bytes, source, bytesPer);
  const tensors = new Map<string, HfTensor>();
  for (const [name, { dtype, shape, size, begin, end }] of entries) {
    const at = dataStart + begin;
    tensors.set(name, { shape, data: widen(bytes.subarray(at, at + end - begin), dtype, size) });
  }
  return tensors;
}

/** Encodes tensors as one safetensors file in `dtype` (rounded to nearest even for F16/BF16). */
export function encodeHfSafetensors(
  tensors: ReadonlyMap<string, HfTensor>,
  dtype: HfDtype = "F32",
  metadata: Record<string, string> = { format: "pt" },
): Uint8Array {
  const width = bytesPer[dtype];
  const { headerBytes, dataLength: offset } = safetensorsHeader(tensors, dtype, width, metadata);
  const out = new Uint8Array(8 + headerBytes.length + offset);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(headerBytes.length), true);
  out.set(headerBytes, 8);
  let at = 8 + headerBytes.length;
  for (const t of tensors.values()) {
    for (let i = 0; i < t.data.length; i++) {
      if (dtype === "F32") view.setFloat32(at + i * 4, t.data[i]!, true);
      else view.setUint16(at + i * 2, dtype === "F16" ? floatToHalf(t.data[i]!) : floatToBfloat16(t.data[i]!), true);
    }
    at += t.data.length * width;
  }
  return out;
}
