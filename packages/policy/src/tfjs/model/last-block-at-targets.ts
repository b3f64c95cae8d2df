/*
 * Whether the forward passes that take no gradient (a packed tree's log-probs without a gradient, prefill, cached
 * prefill) run the last block at the columns whose output is read only (transformerBlockAt): a tree's target
 * columns, a prompt's last column. The last block's keys and values still cover every column (its queries attend to
 * them, and a prefill caches them); its queries, attention, projection and MLP feed nothing elsewhere. On by default;
 * off runs every column as before (the same values bit for bit: the benchmark's previous path and the tests).
 */
let enabled = true;

/** Sets whether the no-gradient passes run the last block at the read columns only; returns the previous setting. */
export function setLastBlockAtTargets(on: boolean): boolean {
  const previous = enabled;
  enabled = on;
  return previous;
}

/** The current setting of setLastBlockAtTargets. */
export function lastBlockAtTargets(): boolean {
  return enabled;
}

/*
 * Whether the train step (a packed tree's forward with a gradient) runs its last block at the target columns only too
 * (transformerBlockAtRows, treeTargetAttentionGrad): the same loss and gradients bit for bit where the dense layers'
 * backward products run on the SIMD kernel (`rl.gradientMatMul: "simd"`; elsewhere every column runs as before). On
 * by default; off is the benchmark's previous step.
 */
let trainEnabled = true;

/** Sets whether the train step runs the last block at the target columns only; returns the previous setting. */
export function setTrainLastBlockAtTargets(on: boolean): boolean {
  const previous = trainEnabled;
  trainEnabled = on;
  return previous;
}

/** The current setting of setTrainLastBlockAtTargets. */
export function trainLastBlockAtTargets(): boolean {
  return trainEnabled;
}
