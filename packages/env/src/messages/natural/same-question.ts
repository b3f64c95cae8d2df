import type { Act } from "../act";
import { namesIn, squeezed } from "./reread";
import type { ParseState } from "./sentence";

// The same question again (issue 26, session 61): after a sentence that asked for a cell, "Agent 3, same for
// Erin.", "Same question for Agent 1 about B's ambience.", "@Agent 3 same question but for B's teamwork", "Agent 1 —
// same question on Lena, but Monday evening." ask again with the option or the attribute (or both) the sentence
// names in place of the last ask's, put to the agent it names (else to no one in particular). The sentence must be
// made of "same" and filler words besides those names and the agent: anything else ("same here", a level, a
// question of its own) and it gives nothing.

type Ask = Extract<Act, { kind: "ask" }>;

/** The words such a sentence may hold besides "same", the names and the agent. */
const FILLERS: ReadonlySet<string> = new Set(
  (
    "question thing ask query request but for about on with to and also please again the hey then too one ones " +
    "goes applies here over regarding re at in of instead"
  ).split(" "),
);

/** "Agent 3", "@Agent 3", "@agent3": the agent addressed, its number. */
const AGENT = /@?\bagent\s*(\d{1,2})\b/gi;

/** The ask the sentence `raw` makes again after `last`, or null. */
export function sameQuestion(raw: string, last: Ask | undefined, state: ParseState): Ask | null {
  if (last === undefined || raw.length > 200) return null;
  const text = squeezed(raw).replace(/\*\*/g, "").trim();
  if (!/\bsame\b/i.test(text)) return null;
  const agents = [...text.matchAll(AGENT)].map((m) => Number(m[1]));
  if (agents.length > 1) return null;
  const to = agents[0];
  if (to !== undefined && (to < 1 || to > state.task.agents)) return null;
  const rest = text.replace(AGENT, " ");
  const { options, attributes } = namesIn(rest, state);
  if (options.length + attributes.length === 0 || options.length > 1 || attributes.length > 1) return null;
  // every other word a filler: remove the names' words, then check what is left
  const { options: optionNames, attributes: attributeNames } = state.task.domain;
  const named = [...options.map((o) => optionNames[o] as string), ...attributes.map((a) => attributeNames[a] as string)]
    .join(" ")
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/'s\b/g, "")
    .split(/\s+/);
  const words = rest
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/'s\b/g, "")
    .split(/[^a-z0-9']+/)
    .filter((w) => w !== "");
  let same = false;
  for (const w of words) {
    if (w === "same") same = true;
    else if (!FILLERS.has(w) && !named.includes(w)) return null;
  }
  if (!same) return null;
  const ask: Ask = {
    kind: "ask",
    option: options[0] ?? last.option,
    attribute: attributes[0] ?? last.attribute,
    ...(to === undefined ? {} : { to: to - 1 }),
  };
  if (ask.option === last.option && ask.attribute === last.attribute && ask.to === last.to) return null;
  return ask;
}
