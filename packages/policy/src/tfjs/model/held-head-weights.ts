/*
 * Whether the forward passes that take no gradient (prefill, decode steps, a packed tree's log-probs without a
 * gradient) multiply by a transpose of the token embedding held until the embedding changes, rather than one made
 * anew at every call: XNNPACK (tfjs-wasm's dense products) makes and packs a new operator for every new right
 * operand, so a fresh transpose cost an operator and a packing of [width, vocab] at each decode step. The same values
 * bit for bit (a transpose is a copy; the product is the same). On by default; off is the benchmark's previous path
 * and the tests' reference.
 */
let enabled = true;

/** Sets whether the no-gradient passes use the held transpose of the token embedding; returns the previous setting. */
export function setHeldHeadWeights(on: boolean): boolean {
  const previous = enabled;
  enabled = on;
  return previous;
}

/** The current setting of setHeldHeadWeights. */
export function heldHeadWeights(): boolean {
  return enabled;
}
