import { parseArgs, type ParseArgsConfig } from "node:util";
import { CosirError, InvalidArgumentError } from "@cosir/bayes";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** A flag the command does not take, or one given without its value: names the flag, never the whole argv. */
export class FlagError extends CosirError {
  readonly field: string;

  constructor(flag: string, problem: string, options?: { cause?: unknown }) {
    super("invalid_argument", `${flag}: ${problem}`, options);
    this.field = flag;
  }
}

const NEGATIVE_NUMBER = /^-(\d|\.\d|Infinity$)/;

/**
 * `--seed -1` as `--seed=-1`: parseArgs takes a value that starts with a dash for a flag, so a negative number after
 * a flag that takes a value is joined to it here, to be read as the number and range-checked with the flag's name.
 */
export function joinNegativeNumbers(argv: readonly string[], options: Options): string[] {
  const takesValue = (arg: string): boolean => {
    const long = /^--([^=]+)$/.exec(arg)?.[1];
    if (long !== undefined) return options[long]?.type === "string";
    const short = /^-([^-])$/.exec(arg)?.[1];
    return short !== undefined && Object.values(options).some((o) => o.short === short && o.type === "string");
  };
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (arg === "--") {
      out.push(...argv.slice(i));
      break;
    }
    if (next !== undefined && NEGATIVE_NUMBER.test(next) && takesValue(arg)) {
      out.push(arg.startsWith("--") ? `${arg}=${next}` : `${arg}${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/**
 * Strict flag parsing: an unknown flag, a missing value or a stray positional is a FlagError naming it. A negative
 * number is a flag's value (joinNegativeNumbers), never "takes no value".
 */
export function parseFlags<T extends Options>(
  argv: string[],
  options: T,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const args = joinNegativeNumbers(argv, options);
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: false });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown }).code;
    const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
      throw new FlagError(flag ?? "(flags)", "is not a flag of this command (see --help)", { cause: error });
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
      throw new FlagError(flag ?? "(flags)", /argument missing/.test(message) ? "expects a value" : "takes no value", {
        cause: error,
      });
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      const word = /'([^']*)'/.exec(message)?.[1] ?? "";
      throw new FlagError(JSON.stringify(word), "is not a flag; every value follows its --flag (see --help)", {
        cause: error,
      });
    }
    throw new FlagError(flag ?? "(flags)", message.replace(/\. To specify.*$/s, ""), { cause: error });
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

/**
 * Positive finite number flag (a compute budget in cost units, e.g. `5e8`); absent -> fallback. Bounded above
 * so the value survives JSON (the cluster hands options to its workers as JSON).
 */
export function budgetFlag(values: Record<string, unknown>, name: string, max = 1e15): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(n) || n <= 0 || n > max) {
    throw new InvalidArgumentError(`--${name}`, raw, `expected a positive number of cost units, at most ${max}`);
  }
  return n;
}

/**
 * The reward preset a command scores with: `--rewards NAME` (default `fallback`). `--preset` names it too, for now,
 * as a deprecated alias that says so in one line on stderr: `--preset` is the training preset (train, pretrain,
 * demo). Both at once must agree.
 */
export function rewardsFlag<T extends string>(
  values: Record<string, unknown>,
  choices: readonly T[],
  fallback: T,
  stderr: { write(text: string): unknown },
): T {
  if (values.preset === undefined) return choiceFlag(values, "rewards", choices, fallback);
  const alias = choiceFlag(values, "preset", choices);
  stderr.write(`cosir: --preset is deprecated here; write --rewards ${alias} (--preset names a training preset)\n`);
  if (values.rewards !== undefined && choiceFlag(values, "rewards", choices) !== alias)
    throw new InvalidArgumentError("--preset", alias, `expected the same reward preset as --rewards ${values.rewards}`);
  return alias;
}
