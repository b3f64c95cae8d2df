/*
 * A minimal WebAssembly writer for the SIMD matmul modules (simd-batch-mat-mul.ts, simd-tiled-mat-mul.ts): sections,
 * LEB128 numbers and the instructions they use, each helper returning its bytes. No build step, no dependency.
 */

export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

export const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
export const vector = (items: number[][]) => [...uleb(items.length), ...items.flat()];
export const name = (s: string) => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

export const I32 = 0x7f;
export const V128 = 0x7b;
export const F32 = 0x7d;

/** Instruction helpers: each returns its bytes. Locals by index. */
export const op = {
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  tee: (i: number) => [0x22, ...uleb(i)],
  i32: (n: number) => [0x41, ...sleb(n)],
  add: [0x6a],
  sub: [0x6b],
  mul: [0x6c],
  shl2: [0x41, 2, 0x74],
  ltU: [0x49],
  geU: [0x4f],
  select: [0x1b],
  f32Load: [0x2a, 2, 0],
  f32Store: [0x38, 2, 0],
  f32Add: [0x92],
  f32Mul: [0x94],
  f32Zero: [0x43, 0, 0, 0, 0],
  v128Load: [0xfd, 0x00, 4, 0],
  v128Store: [0xfd, 0x0b, 4, 0],
  v128Zero: [0xfd, 0x0c, ...new Array<number>(16).fill(0)],
  splat: [0xfd, 0x13],
  vAdd: [0xfd, ...uleb(0xe4)],
  vMul: [0xfd, ...uleb(0xe6)],
  memoryFill: [0xfc, ...uleb(11), 0],
  and: [0x71],
  or: [0x72],
  divU: [0x6e],
  shr2: [0x41, 2, 0x76],
  i32Load: [0x28, 2, 0],
  /** Loads and stores at a constant byte offset from the address on the stack. */
  f32LoadAt: (offset: number) => [0x2a, 2, ...uleb(offset)],
  f32StoreAt: (offset: number) => [0x38, 2, ...uleb(offset)],
  v128LoadAt: (offset: number) => [0xfd, 0x00, 4, ...uleb(offset)],
  v128StoreAt: (offset: number) => [0xfd, 0x0b, 4, ...uleb(offset)],
};

/** `if (cond) body`, cond an i32 instruction sequence. */
export function ifThen(cond: number[], body: number[]): number[] {
  return [...cond, 0x04, 0x40, ...body, 0x0b];
}

/** `do body while (cond)`, cond an i32 instruction sequence evaluated after each turn. */
export function doWhile(body: number[], cond: number[]): number[] {
  return [0x03, 0x40, ...body, ...cond, 0x0d, 0, 0x0b];
}

/** `for (v = from; v < to; v += step) body`, with `to` an instruction sequence evaluated each turn. */
export function forLoop(v: number, from: number[], to: number[], step: number, body: number[]): number[] {
  return [
    ...from,
    ...op.set(v),
    0x02,
    0x40, // block
    0x03,
    0x40, // loop
    ...op.get(v),
    ...to,
    ...op.geU,
    0x0d,
    1, // br_if out of the block
    ...body,
    ...op.get(v),
    ...op.i32(step),
    ...op.add,
    ...op.set(v),
    0x0c,
    0, // br to the loop
    0x0b,
    0x0b,
  ];
}

/** A function exported by a generated module: i32 (and f32) arguments, no result. */
export type WasmFunction = (...args: number[]) => void;

// The WebAssembly API as these modules use it (the package's TypeScript libs do not declare it).
interface WasmApi {
  Memory: abstract new (...args: never[]) => object;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  validate(bytes: Uint8Array): boolean;
}
const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

/**
 * A generated module instantiated on `memory` (a WebAssembly.Memory: tfjs-wasm's, which it imports as env.memory),
 * its exported functions by name; null where it cannot run (no WebAssembly, no such memory, or a feature the engine
 * lacks, such as SIMD).
 */
export function bindModule(bytes: Uint8Array, memory: unknown): Record<string, WasmFunction> | null {
  if (wasmApi === undefined || !(memory instanceof wasmApi.Memory)) return null;
  try {
    if (!wasmApi.validate(bytes)) return null;
    const module = new wasmApi.Module(bytes);
    return new wasmApi.Instance(module, { env: { memory } }).exports as Record<string, WasmFunction>;
  } catch {
    return null;
  }
}
