import type { TrainConfig } from "../config/train-config";

/**
 * How the demo's evaluations decode, in words: "greedy decoding" or "sampled at temperature T", and with
 * `eval.choiceTemperature` set apart, how the choices decode ("sampled at temperature 1, choices greedy").
 */
export function decodingLabel(config: Pick<TrainConfig, "eval">): string {
  const word = (t: number) => (t === 0 ? "greedy decoding" : `sampled at temperature ${t}`);
  const t = config.eval.temperature;
  const c = config.eval.choiceTemperature;
  if (c === undefined || c === t) return word(t);
  return `${word(t)}, choices ${c === 0 ? "greedy" : `at temperature ${c}`}`;
}
