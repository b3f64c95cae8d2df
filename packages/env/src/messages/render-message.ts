import type { PublicTask } from "../task/task";
import type { Act, Surface } from "./act";
import { renderCanonical } from "./render-canonical";
import { renderNatural } from "./render-natural";
import { renderToolText } from "./render-tool-text";

/** Text of a message on a surface; `parseMessage` reads it back to the same acts. */
export function renderMessage(acts: readonly Act[], surface: Surface, task: Pick<PublicTask, "domain">): string {
  if (surface === "tool") return renderToolText(acts, task);
  return surface === "natural" ? renderNatural(acts, task) : renderCanonical(acts);
}
