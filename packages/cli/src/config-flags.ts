import { parseOverride, resolveTrainConfig, type TrainConfig } from "@cosir/trainer";

/** The flags every command that resolves a training config shares (`--preset`, `--set`, `--out`, `--quiet`). */
export const CONFIG_FLAGS = {
  out: { type: "string" },
  preset: { type: "string" },
  set: { type: "string", multiple: true },
  quiet: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** Resolves `--preset` (default `demo`) then every `--set key.path=value`, in order; errors name the field. */
export function configFromFlags(values: { preset?: unknown; set?: unknown }): {
  config: TrainConfig;
  preset: string;
  sets: string[];
} {
  const preset = typeof values.preset === "string" ? values.preset : "demo";
  const sets = (values.set as string[] | undefined) ?? [];
  return { config: resolveTrainConfig({ preset, overrides: sets.map(parseOverride) }), preset, sets };
}
