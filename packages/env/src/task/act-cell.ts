import { cellIndex } from "@cosir/bayes";
import type { Task } from "./task";

/**
 * The cell a SHARE or ASK act names, or -1 when its option or attribute is not an integer inside the
 * task. Acts come from untrusted text, so every reader of a trace checks them through here.
 */
export function actCell(
  task: Pick<Task, "options" | "attributes">,
  act: { readonly option: number; readonly attribute: number },
): number {
  const { option, attribute } = act;
  if (!Number.isInteger(option) || option < 0 || option >= task.options) return -1;
  if (!Number.isInteger(attribute) || attribute < 0 || attribute >= task.attributes) return -1;
  return cellIndex(option, attribute, task.attributes);
}
