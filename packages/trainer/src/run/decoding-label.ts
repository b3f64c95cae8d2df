import type { TrainConfig } from "../config/train-config";

/** How the demo's evaluations decode, in words: "greedy decoding" or "sampled at temperature T". */
export function decodingLabel(config: Pick<TrainConfig, "eval">): string {
  const t = config.eval.temperature;
  return t === 0 ? "greedy decoding" : `sampled at temperature ${t}`;
}
