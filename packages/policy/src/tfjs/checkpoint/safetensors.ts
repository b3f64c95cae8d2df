import { CheckpointError } from "./checkpoint-error";

/** One float32 tensor as stored in a safetensors file. */
export interface NamedTensorData {
  shape: readonly number[];
  data: Float32Array;
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Encodes float32 tensors in the safetensors format (https://github.com/huggingface/safetensors):
 * an 8-byte little-endian header length N, N bytes of JSON ({name: {dtype, shape, data_offsets}},
 * optional "__metadata__" of strings, padded with spaces to a multiple of 8), then the raw
 * little-endian data of each tensor back to back in the order given.
 */
export function encodeSafetensors(
  tensors: ReadonlyMap<string, NamedTensorData>,
  metadata: Readonly<Record<string, string>> = {},
): Uint8Array {
  const { headerBytes, dataLength: offset } = safetensorsHeader(
    tensors,
    "F32",
    4,
    Object.keys(metadata).length > 0 ? metadata : undefined,
  );
  const out = new Uint8Array(8 + headerBytes.length + offset);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(headerBytes.length), true);
  out.set(headerBytes, 8);
  let at = 8 + headerBytes.length;
  for (const t of tensors.values()) {
    if (littleEndian) out.set(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength), at);
    else for (let i = 0; i < t.data.length; i++) view.setFloat32(at + i * 4, t.data[i]!, true);
    at += t.data.byteLength;
  }
  return out;
}

/**
 * The JSON header of a safetensors file for `tensors` in the order given, each `width` bytes a value, padded with
 * spaces to a multiple of 8 bytes, and the length of the data section it describes. The JSON is written key by key,
 * so a tensor named "__proto__" stays a tensor (an object literal's `header[name] = ...` would set its prototype and
 * drop the tensor); a tensor named "__metadata__" is refused, since readers take that key as the metadata.
 */
export function safetensorsHeader(
  tensors: ReadonlyMap<string, { readonly shape: readonly number[]; readonly data: { readonly length: number } }>,
  dtype: string,
  width: number,
  metadata: Readonly<Record<string, string>> | undefined,
): { headerBytes: Uint8Array; dataLength: number } {
  const fields: string[] = [];
  if (metadata !== undefined) fields.push(`"__metadata__":${JSON.stringify(metadata)}`);
  let offset = 0;
  for (const [name, t] of tensors) {
    if (name === "__metadata__")
      throw new CheckpointError(name, "is the header's metadata key in safetensors, so no tensor may be named so");
    const size = t.shape.reduce((a, b) => a * b, 1);
    if (size !== t.data.length)
      throw new CheckpointError(
        name,
        `shape [${t.shape.join(", ")}] holds ${size} values but the data has ${t.data.length}`,
      );
    const entry = { dtype, shape: [...t.shape], data_offsets: [offset, offset + size * width] };
    fields.push(`${JSON.stringify(name)}:${JSON.stringify(entry)}`);
    offset += size * width;
  }
  const raw = new TextEncoder().encode(`{${fields.join(",")}}`);
  const headerBytes = new Uint8Array(Math.ceil(raw.length / 8) * 8).fill(0x20);
  headerBytes.set(raw);
  return { headerBytes, dataLength: offset };
}

/** One tensor's entry in a safetensors header, checked against the file: its dtype, sizes and byte range. */
export interface SafetensorsEntry<Dtype extends string> {
  dtype: Dtype;
  shape: number[];
  /** Number of values: the product of `shape`. */
  size: number;
  /** Byte range within the data section (which starts at `dataStart`), end exclusive. */
  begin: number;
  end: number;
}

/**
 * Reads and checks the header of a safetensors file (layout as in `encodeSafetensors`) without touching the data:
 * a truncated file, a header that is not a JSON object, an entry that is not an object, a dtype missing from
 * `bytesPerDtype`, a shape that is not a list of sizes, `data_offsets` that are not a [begin, end] byte range or do
 * not match the shape, or a range past the end of the file each raise a CheckpointError naming `source`, the tensor
 * and the field. Untrusted bytes raise nothing else. `__metadata__` keeps only its string values (the format's
 * string-to-string map); anything else there is ignored, as readers that do not use it always have.
 */
export function readSafetensorsHeader<Dtype extends string>(
  bytes: Uint8Array,
  source: string,
  bytesPerDtype: Readonly<Record<Dtype, number>>,
): { tensors: Map<string, SafetensorsEntry<Dtype>>; metadata: Record<string, string>; dataStart: number } {
  if (bytes.length < 8)
    throw new CheckpointError(
      source,
      `file is truncated: ${bytes.length} bytes, shorter than the 8-byte header length`,
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getBigUint64(0, true);
  if (headerLength > BigInt(bytes.length - 8)) {
    throw new CheckpointError(
      source,
      `file is truncated or corrupt: header length ${headerLength} exceeds the ${bytes.length - 8} bytes after it`,
    );
  }
  const n = Number(headerLength);
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(8, 8 + n)));
  } catch (error) {
    throw new CheckpointError(source, `header is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  if (header === null || typeof header !== "object" || Array.isArray(header))
    throw new CheckpointError(source, "header is not a JSON object");
  const dataStart = 8 + n;
  const dataLength = bytes.length - dataStart;
  const supported = Object.keys(bytesPerDtype);
  const tensors = new Map<string, SafetensorsEntry<Dtype>>();
  let metadata: Record<string, string> = {};
  for (const [name, entry] of Object.entries(header as Record<string, unknown>)) {
    if (name === "__metadata__") {
      metadata = stringEntries(entry);
      continue;
    }
    const what = `tensor ${JSON.stringify(name)}`;
    const e = entry as { dtype?: unknown; shape?: unknown; data_offsets?: unknown } | null;
    if (e === null || typeof e !== "object" || Array.isArray(e))
      throw new CheckpointError(source, `${what}: header entry is not an object`);
    const dtype = e.dtype;
    if (typeof dtype !== "string" || !supported.includes(dtype))
      throw new CheckpointError(
        source,
        `${what}: dtype ${JSON.stringify(dtype)} is not supported (expected ${supported.map((d) => JSON.stringify(d)).join(", ")})`,
      );
    const width = bytesPerDtype[dtype as Dtype];
    const shape = e.shape;
    if (!Array.isArray(shape) || !shape.every((d) => Number.isInteger(d) && d >= 0))
      throw new CheckpointError(source, `${what}: shape ${JSON.stringify(shape)} is not a list of sizes`);
    const offsets = e.data_offsets;
    if (
      !Array.isArray(offsets) ||
      offsets.length !== 2 ||
      !offsets.every((d) => Number.isInteger(d) && d >= 0) ||
      offsets[0] > offsets[1]
    ) {
      throw new CheckpointError(
        source,
        `${what}: data_offsets ${JSON.stringify(offsets)} is not a [begin, end] byte range`,
      );
    }
    const [begin, end] = offsets as [number, number];
    const size = (shape as number[]).reduce((a, b) => a * b, 1);
    if (end - begin !== size * width)
      throw new CheckpointError(
        source,
        `${what}: shape [${shape.join(", ")}] in ${dtype} needs ${size * width} bytes but data_offsets cover ${end - begin}`,
      );
    if (end > dataLength)
      throw new CheckpointError(
        source,
        `file is truncated: ${what} ends at byte ${end} of a ${dataLength}-byte data section`,
      );
    tensors.set(name, { dtype: dtype as Dtype, shape: shape as number[], size, begin, end });
  }
  return { tensors, metadata, dataStart };
}

function stringEntries(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  // fromEntries defines own keys, so a "__proto__" key stays a plain key
  return Object.fromEntries(Object.entries(value).filter((kv): kv is [string, string] => typeof kv[1] === "string"));
}

/**
 * Decodes a safetensors file holding float32 tensors, checking the header against the file with
 * `readSafetensorsHeader`: a truncated file, malformed header JSON, another dtype, a shape that does not match its
 * byte range, or a range outside the data all raise a CheckpointError naming `source` and the tensor.
 */
export function decodeSafetensors(
  bytes: Uint8Array,
  source: string,
): { tensors: Map<string, NamedTensorData>; metadata: Record<string, string> } {
  const { tensors: entries, metadata, dataStart } = readSafetensorsHeader(bytes, source, { F32: 4 });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tensors = new Map<string, NamedTensorData>();
  for (const [name, { shape, size, begin }] of entries) {
    const data = new Float32Array(size);
    const at = dataStart + begin;
    if (littleEndian) new Uint8Array(data.buffer).set(bytes.subarray(at, at + size * 4));
    else for (let i = 0; i < size; i++) data[i] = view.getFloat32(at + i * 4, true);
    tensors.set(name, { shape, data });
  }
  return { tensors, metadata };
}
