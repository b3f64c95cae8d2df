/** The RL learning-rate schedule: the `rl` section of a TrainConfig has every field. */
export interface LearningRateSchedule {
  /** Peak rate, reached at the end of warm-up. */
  learningRate: number;
  /** Floor the decay ends at. */
  minLearningRate: number;
  warmupIterations: number;
  decay: "cosine" | "linear" | "none";
  /** Iterations of the whole run: the decay spans iterations - warmupIterations. */
  iterations: number;
}

/** Learning rate at an RL iteration: linear warm-up, then cosine or linear decay to the minimum. */
export function learningRateAt(iteration: number, schedule: LearningRateSchedule): number {
  const { learningRate: peak, minLearningRate: floor, warmupIterations: warm, decay, iterations } = schedule;
  if (warm > 0 && iteration < warm) return (peak * (iteration + 1)) / warm;
  if (decay === "none") return peak;
  const span = Math.max(1, iterations - warm);
  const progress = Math.min(1, Math.max(0, (iteration - warm) / span));
  const shape = decay === "cosine" ? 0.5 * (1 + Math.cos(Math.PI * progress)) : 1 - progress;
  return floor + (peak - floor) * shape;
}
