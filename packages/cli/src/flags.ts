import { parseArgs, type ParseArgsConfig } from "node:util";
import { InvalidArgumentError } from "@cosir/bayes";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Strict flag parsing: an unknown flag or a missing value is an InvalidArgumentError naming it. */
export function parseFlags<T extends Options>(
  argv: string[],
  options: T,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? "(flags)";
    throw new InvalidArgumentError(flag, argv.join(" "), message.replace(/\. To specify.*$/s, ""), { cause: error });
  }
}

/** Integer flag with bounds; absent -> fallback. */
export function intFlag(
  values: Record<string, unknown>,
  name: string,
  fallback: number | undefined,
  min: number,
  max: number,
): number {
  const raw = values[name];
  if (raw === undefined) {
    if (fallback === undefined) throw new InvalidArgumentError(`--${name}`, raw, "is required");
    return fallback;
  }
  const n = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isInteger(n) || n < min || n > max) {
    throw new InvalidArgumentError(`--${name}`, raw, `expected an integer in ${min}..${max}`);
  }
  return n;
}

export function choiceFlag<T extends string>(
  values: Record<string, unknown>,
  name: string,
  choices: readonly T[],
  fallback?: T,
): T {
  const raw = values[name];
  if (raw === undefined) {
    if (fallback === undefined)
      throw new InvalidArgumentError(`--${name}`, raw, `is required (one of ${choices.join(", ")})`);
    return fallback;
  }
  if (typeof raw !== "string" || !(choices as readonly string[]).includes(raw)) {
    throw new InvalidArgumentError(`--${name}`, raw, `expected one of ${choices.join(", ")}`);
  }
  return raw as T;
}
