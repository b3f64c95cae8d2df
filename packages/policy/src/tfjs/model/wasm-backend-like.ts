import type * as tf from "@tensorflow/tfjs-core";

/**
 * tfjs-wasm's back end as the kernels of this folder use it (its class is not exported): the module's memory, where
 * each tensor's data sits on it, and how a kernel allocates its output there.
 */
export interface WasmBackendLike {
  wasm: { asm?: { memory?: { readonly buffer: ArrayBuffer } } };
  dataIdMap: { get(dataId: unknown): { memoryOffset: number } | undefined };
  makeOutput(shape: number[], dtype: "float32"): tf.TensorInfo;
  /** Frees a tensor's data (a kernel's scratch made by makeOutput and not returned). */
  disposeData?(dataId: unknown): boolean;
}

/** What tfjs passes a registered kernel function. */
export type WasmKernelParams = Parameters<tf.KernelFunc>[0];
