import type { Act } from "../act";
import { namesIn, squeezed } from "./reread";
import type { ParseState } from "./sentence";

// The same question again (issue 26, session 61): after a sentence that asked for a cell, "Agent 3, same for
// Erin.", "Same question for Agent 1 about B's ambience.", "@Agent 3 same question but for B's teamwork", "Agent 1 —
// same question on Lena, but Monday evening." ask again with the option or the attribute (or both) the sentence
// names in place of the last ask's, put to the agent it names (else to the agent the last ask went to, if any).
// The sentence must be made of "same" and filler words besides those names and the agent: anything else ("same
// here", a level, a question of its own) and it gives nothing.

type Ask = Extract<Act, { kind: "ask" }>;

/** The words such a sentence may hold besides "same", the names and the agent. */
const FILLERS: ReadonlySet<string> = new Set(
  (
    "question thing ask query request but for about on with to and also please again the hey then too one ones " +
    "goes applies here over regarding re at in of instead slot time cell row column spot"
  ).split(" "),
);

/** How a short elliptical question opens: "And ...?", "What about ...?", "How about ...?". */
const ELLIPTICAL_LEAD = /^(?:and|what about|how about)\b/i;
/** Its words besides the fillers and the names. */
const ELLIPTICAL_WORDS: ReadonlySet<string> = new Set(["what", "how", "and"]);

/** "Agent 3", "@Agent 3", "@agent3": the agent addressed, its number. */
const AGENT = /@?\bagent\s*(\d{1,2})\b/gi;

/** The ask the sentence `raw` makes again after `last`, or null. */
export function sameQuestion(raw: string, last: Ask | undefined, state: ParseState): Ask | null {
  if (last === undefined || raw.length > 200) return null;
  const text = squeezed(raw).replace(/\*\*/g, "").trim();
  // "And for D?", "What about Restaurant D?", "And Erin's?" (fresh215, session 62): a short question of fillers and
  // one name asks the last question again as "same" does
  const agents = [...text.matchAll(AGENT)].map((m) => Number(m[1]));
  // "Agent 4, what's its wait time? Agent 5 — cleanliness, please." (fresh219, session 62): an agent and one name,
  // asked or asked for, the same question put to that agent
  const elliptical =
    text.length <= 60 &&
    ((text.endsWith("?") && ELLIPTICAL_LEAD.test(text)) ||
      (agents.length === 1 && /^@?agent\s*\d/i.test(text) && (text.endsWith("?") || /\bplease[.!]?$/i.test(text))));
  if (!elliptical && !/\bsame\b/i.test(text)) return null;
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
  let same = elliptical;
  for (const w of words) {
    if (w === "same") same = true;
    else if (!FILLERS.has(w) && !named.includes(w) && !(elliptical && ELLIPTICAL_WORDS.has(w))) return null;
  }
  if (!same) return null;
  const ask: Ask = {
    kind: "ask",
    option: options[0] ?? last.option,
    attribute: attributes[0] ?? last.attribute,
    // "@Agent 2 what's X's torn glove? Same question for the poison bottle." (fresh215, session 62): with no agent
    // named, the question goes to whom the last one went
    ...(to === undefined ? (last.to === undefined ? {} : { to: last.to }) : { to: to - 1 }),
  };
  if (ask.option === last.option && ask.attribute === last.attribute && ask.to === last.to) return null;
  return ask;
}

/**
 * A wish put to a named agent ("I'd love to hear from Agent 1 on Stall C's plants sold", "I'd like Agent 2's number
 * for Restaurant C's menu variety"; fresh215, session 62), a closing clause with no number after a dash or semicolon
 * allowed ("— my sheet is blank there"): the question it stands for, "Agent N, what is <cell>?", else null. The
 * caller reads that text and takes it only where it gives asks alone.
 */
export function wishedQuestion(raw: string): string | null {
  if (raw.length > 240) return null;
  const text = squeezed(raw).trim();
  const cut = text.search(/\s[—–-]\s|;/);
  const head = (cut < 0 ? text : text.slice(0, cut)).replace(/[.!]+$/, "").trim();
  if (cut >= 0 && /\d/.test(text.slice(cut))) return null;
  const m = WISH.exec(head);
  if (m === null || /\d/.test(m[3] as string)) return null;
  return `Agent ${m[1] ?? m[2]}, what is ${m[3]}?`;
}

/** "I'd love to hear from Agent 1 on X", "I'd like Agent 2's number for X", "I would appreciate Agent 3's figure on X". */
const WISH =
  /^(?:i'd|i would|i|i'll)\s+(?:really\s+)?(?:love|like|want|appreciate)\s+(?:(?:to\s+(?:hear|get)\s+)?from\s+agent\s+(\d{1,2})\s+(?:on|about|regarding)|agent\s+(\d{1,2})['’]s\s+(?:number|figure|value|level|rating|score|reading|count|take)\s+(?:for|on))\s+([^?]{3,100})$/i;
