import * as tf from "@tensorflow/tfjs-core";

/*
 * Whether a gradient pass run through withSavedTensorViews saves the tensors its kernels keep for the backward pass
 * as views of their data instead of copies. tfjs' engine keeps every saved tensor (a kernel's saved inputs and
 * outputs, a custom gradient's `save`) through its `clone`, which on tfjs-wasm is an Identity kernel that copies the
 * data (about 1,100 copies and kernels in a demo RL iteration's train step); the cpu back end's Identity shares the
 * data instead. A view is what a Reshape to the same shape makes (the data's reference count raised, no copy). Tensors
 * are immutable and no kernel here writes into an input, so a view reads the same values as the copy: the same
 * gradients bit for bit. On by default; off is the benchmark's previous step and the tests' reference.
 */
let views = true;

/** Sets whether gradient passes save views instead of copies (see `views`); returns the previous setting. */
export function setSavedTensorViews(on: boolean): boolean {
  const previous = views;
  views = on;
  return previous;
}

/** The engine's method that keeps a tensor for the backward pass (tfjs-core 4: `Engine.prototype.clone`). */
interface EngineWithClone {
  clone?: (x: tf.Tensor) => tf.Tensor;
}

/** A view of `x`'s data: the kernel that reshapes `x` to its own shape (called inside a kernel, so no tape records it). */
function savedView(x: tf.Tensor): tf.Tensor {
  return tf.engine().runKernel("Reshape", { x }, { shape: [...x.shape] }) as tf.Tensor;
}

/**
 * Runs `run` (a gradient pass: tf.variableGrads, tf.grads) with the tensors it saves for the backward pass kept as
 * views where setSavedTensorViews is on; the engine's own saving is back in place when it returns or throws. An engine
 * without the method (another tfjs version) saves copies as before.
 */
export function withSavedTensorViews<T>(run: () => T): T {
  const engine = tf.engine() as unknown as EngineWithClone;
  if (!views || typeof engine.clone !== "function" || Object.hasOwn(engine, "clone")) return run();
  engine.clone = savedView;
  try {
    return run();
  } finally {
    delete engine.clone;
  }
}
