import type { Act } from "./act";

function renderAct(act: Act): string {
  switch (act.kind) {
    case "share":
      return `SHARE o${act.option} a${act.attribute} ${act.level}`;
    case "ask":
      return act.to === undefined
        ? `ASK o${act.option} a${act.attribute}`
        : `ASK o${act.option} a${act.attribute} @${act.to}`;
    case "propose":
      return `PROPOSE o${act.option}`;
    case "pass":
      return "PASS";
  }
}

/** Canonical text of a message: acts joined by " ; "; an empty list is "PASS". */
export function renderCanonical(acts: readonly Act[]): string {
  return acts.length === 0 ? "PASS" : acts.map(renderAct).join(" ; ");
}
