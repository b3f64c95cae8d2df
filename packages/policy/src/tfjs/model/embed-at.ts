import { InvalidArgumentError } from "@cosir/bayes";
import * as tf from "@tensorflow/tfjs-core";
import type { TokenShiftTables } from "./token-shift-embedding";
import type { WasmBackendLike, WasmKernelParams } from "./wasm-backend-like";
import { heapKernelsAvailable } from "./wasm-heap-kernels";

/*
 * A prefill's or decode step's input rows in one kernel: the token embedding's rows at the ids, plus (token shift) the
 * previous- and before-previous-token tables' rows (an id outside a table adds an all-zero row), plus the position
 * embedding's rows, instead of two gathers, two int32 tensors, two embedding lookups, a cast each and three additions
 * (about 15 kernels a decode step). Each element is summed in the same order with each float32 addition rounded as
 * tfjs-wasm's Add rounds it (the two float32 operands summed in float64 are exact before the one rounding, as float32
 * addition is), so the same values bit for bit. On by default where the heap kernels run; off is the benchmark's
 * previous step and the tests' reference.
 */
let fused = true;

/** Sets whether prefills and decode steps make their input rows in one kernel; returns the previous setting. */
export function setEmbedAtKernel(on: boolean): boolean {
  const previous = fused;
  fused = on;
  return previous;
}

/** The kernel's name in tfjs' registry. */
export const embedAtKernel = "CosirEmbedAt";
let registered = false;

/** The tables of a model's input rows: [vocab, width] each, the position table [context, width]. */
export interface EmbedAtTables {
  token: tf.Tensor2D;
  position: tf.Tensor2D;
  shift?: TokenShiftTables;
}

/** The ids of each input row: its token and position, and (token shift) the tokens one and two back (-1: none). */
export interface EmbedAtIds {
  ids: Int32Array;
  positions: Int32Array;
  previous: Int32Array;
  beforePrevious: Int32Array;
}

/**
 * The input rows [n, width]: token[ids] (+ (previous[previousIds] + beforePrevious[beforePreviousIds])) + position[
 * positions], bit for bit the gathers and additions of Transformer's embedAt; undefined where the kernel does not run
 * (setEmbedAtKernel off, or no heap kernels: the caller runs those). Every id and position must be in its table.
 */
export function embedAtRows(tables: EmbedAtTables, ids: EmbedAtIds): tf.Tensor2D | undefined {
  if (!fused || !heapKernelsAvailable()) return undefined;
  const all = [tables.token, tables.position, tables.shift?.previous, tables.shift?.beforePrevious];
  if (all.some((t) => t !== undefined && t.dtype !== "float32")) return undefined;
  checkRows("ids", ids.ids, tables.token.shape[0]);
  checkRows("positions", ids.positions, tables.position.shape[0]);
  if (!registered) {
    registered = true;
    tf.registerKernel({ kernelName: embedAtKernel, backendName: "wasm", kernelFunc: embedAtFunc });
  }
  const inputs: Record<string, tf.Tensor> = { token: tables.token, position: tables.position };
  if (tables.shift !== undefined) {
    inputs.previous = tables.shift.previous;
    inputs.beforePrevious = tables.shift.beforePrevious;
  }
  return tf.engine().runKernel(embedAtKernel, inputs, { ids } as unknown as tf.NamedAttrMap) as tf.Tensor2D;
}

function checkRows(field: string, rows: Int32Array, n: number): void {
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as number;
    if (!(row >= 0 && row < n))
      throw new InvalidArgumentError(`${field}[${r}]`, row, `expected a row index in 0..${n - 1}`);
  }
}

function embedAtFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const { ids } = attrs as unknown as { ids: EmbedAtIds };
  const token = inputs.token as tf.TensorInfo;
  const width = token.shape[1] as number;
  const shiftRows = ((inputs.previous as tf.TensorInfo | undefined)?.shape[0] ?? 0) as number;
  const n = ids.ids.length;
  const out = wasm.makeOutput([n, width], "float32");
  const f32 = new Float32Array(wasm.wasm.asm?.memory?.buffer as ArrayBuffer);
  const at = (t: tf.TensorInfo | undefined) =>
    t === undefined ? -1 : (wasm.dataIdMap.get(t.dataId) as { memoryOffset: number }).memoryOffset >> 2;
  const [pt, pp, pPrev, pBefore, po] = [
    at(token),
    at(inputs.position as tf.TensorInfo),
    at(inputs.previous as tf.TensorInfo | undefined),
    at(inputs.beforePrevious as tf.TensorInfo | undefined),
    at(out),
  ];
  const fround = Math.fround;
  // a row of a shift table, or -1 for an id outside it (tokenShiftEmbedding's all-zero row)
  const shiftRow = (table: number, id: number) => (table >= 0 && id >= 0 && id < shiftRows ? table + id * width : -1);
  for (let r = 0; r < n; r++) {
    const t = pt + (ids.ids[r] as number) * width;
    const q = pp + (ids.positions[r] as number) * width;
    const o = po + r * width;
    const a = shiftRow(pPrev, ids.previous[r] as number);
    const b = shiftRow(pBefore, ids.beforePrevious[r] as number);
    for (let j = 0; j < width; j++) {
      let x = f32[t + j] as number;
      if (pPrev >= 0) {
        const shift = fround((a >= 0 ? (f32[a + j] as number) : 0) + (b >= 0 ? (f32[b + j] as number) : 0));
        x = fround(x + shift);
      }
      f32[o + j] = x + (f32[q + j] as number);
    }
  }
  return out;
}
