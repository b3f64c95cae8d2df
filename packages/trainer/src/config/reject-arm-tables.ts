import { InvalidConfigError } from "@cosir/bayes";

/** The per-preset tables arms overlays replaced, and the overlay field each entry becomes. */
const REPLACED = { gammaByPreset: "gamma", klCoefByPreset: "klCoef" } as const;

/**
 * Refuses a config written before arms overlays (`rl.gammaByPreset`, `rl.klCoefByPreset`) with an error that says
 * what to write instead, rather than zod's bare "unrecognized key". Such configs are refused, not translated: the
 * saved config.json of a run says exactly what it trained with, in one spelling.
 */
export function rejectArmTables(input: unknown): void {
  if (input === null || typeof input !== "object") return;
  const rl = (input as { rl?: unknown }).rl;
  if (rl === null || typeof rl !== "object") return;
  for (const [old, field] of Object.entries(REPLACED)) {
    if (!Object.hasOwn(rl, old)) continue;
    const table = (rl as Record<string, unknown>)[old];
    const entries =
      table !== null && typeof table === "object" && !Array.isArray(table) ? Object.entries(table) : [["cosir", 0]];
    const example = entries.map(([preset, value]) => `arms.${preset}.rl.${field}=${JSON.stringify(value)}`).join(" ");
    throw new InvalidConfigError(
      `rl.${old}`,
      table,
      `was replaced by per-arm overlays; write arms: { <preset>: { rl: { ${field}: ... } } } instead (--set ${example})`,
    );
  }
}
