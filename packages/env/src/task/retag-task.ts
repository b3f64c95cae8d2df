import { hashSeed } from "../rng/hash-seed";
import type { Task } from "./task";
import { validateTask } from "./validate-task";

/**
 * A task built by another family's generator, re-labelled as `family` with `seed`: the id is recomputed
 * from the content exactly as `finishTask` does, so it stays byte-reproducible.
 */
export function retagTask(task: Task, family: string, seed: number): Task {
  const body: Task = { ...task, id: "", family, seed };
  const hash = hashSeed(JSON.stringify(body)).toString(16).padStart(8, "0");
  body.id = `${family}-${seed}-${hash}`;
  return validateTask(body);
}
