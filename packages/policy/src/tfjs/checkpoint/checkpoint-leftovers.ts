import { readdir } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/** A copy that an interrupted saveCheckpoint left beside the checkpoint directory. */
export interface CheckpointLeftover {
  path: string;
  /** `old`: the previous checkpoint moved aside; `tmp`: the new one being written (complete or not). */
  kind: "old" | "tmp";
  /** The process that wrote it (from its name). */
  pid: number;
}

/**
 * The `.NAME.old-PID-TAG` and `.NAME.tmp-PID-TAG` folders beside checkpoint directory `dir`, in name order. A save
 * killed between its renames leaves them, and for an instant no `dir` at all; a caller that knows which copy is
 * the right one (by its hash) can put it back.
 */
export async function checkpointLeftovers(dir: string): Promise<CheckpointLeftover[]> {
  const target = resolve(dir);
  const prefix = `.${basename(target)}.`;
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  const out: CheckpointLeftover[] = [];
  for (const name of names.sort()) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(old|tmp)-(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length));
    if (match === null) continue;
    out.push({ path: join(dirname(target), name), kind: match[1] as "old" | "tmp", pid: Number(match[2]) });
  }
  return out;
}
