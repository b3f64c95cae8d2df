import { InvalidArgumentError } from "@cosir/bayes";

/**
 * A `--choice-temperature` flag's value: undefined when the flag is absent, else a number in 0..10 (0: greedy), the
 * range TfjsPolicy's choiceTemperature takes. Anything else, an empty or blank value included, is an error naming
 * the flag.
 */
export function choiceTemperatureFlag(raw: unknown, flag = "--choice-temperature"): number | undefined {
  if (raw === undefined) return undefined;
  const t = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  if (!(Number.isFinite(t) && t >= 0 && t <= 10))
    throw new InvalidArgumentError(flag, raw, "expected a number in 0..10");
  return t;
}
