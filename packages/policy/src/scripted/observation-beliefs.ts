import { applyClaim, cellIndex, createBeliefs, observeCell, type Beliefs } from "@cosir/bayes";
import type { Observation } from "@cosir/env";

function cellOf(obs: Observation, option: number, attribute: number): number {
  return cellIndex(option, attribute, obs.task.attributes);
}

function inRange(obs: Observation, option: number, attribute: number, level: number): boolean {
  const t = obs.task;
  return (
    option >= 0 &&
    option < t.options &&
    attribute >= 0 &&
    attribute < t.attributes &&
    level >= t.levels[0] &&
    level <= t.levels[1]
  );
}

/**
 * What the observing agent knows (docs/design.md §1): its own cells as point masses plus every SHARE by a
 * teammate, applied in order as claims with the task's channel noise. Built from the observation
 * alone, so a scripted agent never peeks at the table.
 */
export function observationBeliefs(obs: Observation): Beliefs {
  const b = publicBeliefs(obs, obs.agent);
  for (const [o, a, level] of obs.ownCells) if (inRange(obs, o, a, level)) observeCell(b, cellOf(obs, o, a), level);
  return b;
}

/**
 * What every agent can infer from the public record: the prior plus all SHARE acts except those of
 * `exclude` (pass -1 to include everyone), as claims.
 */
export function publicBeliefs(obs: Observation, exclude = -1): Beliefs {
  const t = obs.task;
  const b = createBeliefs({ cells: t.options * t.attributes, levels: t.levels, prior: t.prior });
  for (const m of obs.messages) {
    if (m.speaker === exclude) continue;
    for (const act of m.acts) {
      if (act.kind === "share" && inRange(obs, act.option, act.attribute, act.level))
        applyClaim(b, cellOf(obs, act.option, act.attribute), act.level, t.noise);
    }
  }
  return b;
}
