import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import { type TotalScratchpad, scratchpadFor, type ChoiceScratchpad } from "../teacher/choice-scratchpad";

/**
 * How a checkpoint was taught to write a total decision's scratchpad: `sft.totalScratchpad` of the base.json that
 * `cosir pretrain` writes beside its `checkpoint` folder, "distance" when there is no base.json or the field is
 * absent (every base made before the field existed). A base.json that is not JSON, or a value that is not a form,
 * is an error naming the file and the value.
 */
export function taughtTotalScratchpad(checkpoint: string): TotalScratchpad {
  const file = join(dirname(checkpoint), "base.json");
  if (!existsSync(file)) return "distance";
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new InvalidArgumentError(file, "(unreadable)", `expected a base.json manifest: ${(e as Error).message}`);
  }
  const value = (manifest as { config?: { sft?: { totalScratchpad?: unknown } } } | null)?.config?.sft?.totalScratchpad;
  if (value === undefined) return "distance";
  if (value !== "distance" && value !== "running")
    throw new InvalidArgumentError(`${file}: config.sft.totalScratchpad`, value, 'expected "distance" or "running"');
  return value;
}

/** The scratchpad a checkpoint was taught (taughtTotalScratchpad), or `override` when given. */
export function taughtScratchpad(checkpoint: string, override?: TotalScratchpad): ChoiceScratchpad {
  return scratchpadFor(override ?? taughtTotalScratchpad(checkpoint));
}
