import { availabilityState } from "./availability-share";
import { INTEGER } from "../read-tool-call";
import { foldCell, type Names, pairKey } from "./table-acts";

/** Keys that name an act's kind in JSON or YAML: {"act": "share", ...}, "type: pass". */
export const KIND_KEYS = ["act", "type", "kind", "action", "name", "tool"] as const;
/** Keys a model may give a level under ({"count": 1}, {"rating": 4}), and an addressee under. */
// "correction: {option: ..., attribute: ..., old: 3, new: 5}" (fresh113's YAML): the new value, never the old
export const LEVEL_KEYS = [
  "level",
  "count",
  "value",
  "rating",
  "score",
  "amount",
  "quantity",
  "number",
  "available",
  "new",
  "corrected",
  // "correction: {previously_said: 2, actual: 4}" (fresh209's YAML, session 61): the value now, never the earlier one
  "actual",
  "actual_value",
  "new_value",
  "corrected_value",
  "updated",
  "revised",
  "should_be",
  // {"was": 2, "now": 5} (fresh229, fresh233; session 63): the value now ("was" is a withdrawn key)
  "now",
  "current",
  // {"option": "Restaurant A", "attr": "service", "val": 3} (fresh457, session 70: a wrong act, "val" read as the
  // attribute "value for money"): clipped level keys
  "val",
  "lvl",
];
export const TO_KEYS = ["to", "agent", "recipient", "addressee", "ask_to", "asked"];
/** Keys that hold a list of acts of any kind. */
// "message:" over "share:", "request:" and "to:" (fresh113's YAML)
// "type: share" over "data: [{restaurant: B, food quality: 1}]" (fresh121's YAML)
export const LIST_KEYS = new Set([
  "acts",
  "actions",
  "messages",
  "message",
  "moves",
  "turn",
  "response",
  "reply",
  "data",
]);
/** Keys that hold acts of one kind: {"share": [...], "propose": "X"}, {"questions": [{...}]}. */
export const GROUP_KEYS = new Map<string, string>([
  ["share", "share"],
  ["shares", "share"],
  ["facts", "share"],
  ["shared", "share"],
  ["fact", "share"],
  ["ask", "ask"],
  ["asks", "ask"],
  ["question", "ask"],
  ["questions", "ask"],
  ["request", "ask"],
  ["requests", "ask"],
  // "need:", "open_question:", "missing:" over the cells wanted (fresh112, fresh113's YAML)
  ["need", "ask"],
  ["needed", "ask"],
  ["missing", "ask"],
  ["open question", "ask"],
  ["open questions", "ask"],
  // "asking: {Agent 1: Restaurant C food quality}" (fresh213, session 62)
  ["asking", "ask"],
  // "who_has: [Restaurant F location]", "ask_everyone: ..." (fresh241, session 64)
  ["who has", "ask"],
  ["ask everyone", "ask"],
  ["ask all", "ask"],
  ["ask team", "ask"],
  ["queries", "ask"],
  ["query", "ask"],
  ["propose", "propose"],
  ["proposal", "propose"],
  ["proposals", "propose"],
  ["vote", "propose"],
  // "votes: {Restaurant D: yes, Restaurant B: no}" (fresh213, session 62): see `votedOption`
  ["votes", "propose"],
  ["recommendation", "propose"],
  ["recommend", "propose"],
  ["pick", "propose"],
  ["choice", "propose"],
  ["decision", "propose"],
  // "final_answer", "my_vote", "accuse" (fresh102): keys are read with "_" and "-" as spaces
  ["final answer", "propose"],
  ["final choice", "propose"],
  ["final pick", "propose"],
  ["my vote", "propose"],
  ["my pick", "propose"],
  ["top pick", "propose"],
  ["accuse", "propose"],
  ["accusation", "propose"],
  // "accused: Employee C" (fresh301, session 66)
  ["accused", "propose"],
  // "suspect_pick: Employee E", "my_accusation" (fresh317, session 67); a bare "suspect" may label an option's
  // cells, so it is none
  ["suspect pick", "propose"],
  ["my accusation", "propose"],
  ["prime suspect", "propose"],
  ["main suspect", "propose"],
  ["culprit", "propose"],
  // "verdict: Employee C" (fresh221, session 63)
  ["verdict", "propose"],
  ["conclusion", "propose"],
  ["leaning", "propose"],
  ["backing", "propose"],
  ["preference", "propose"],
  ["my choice", "propose"],
  // "preferred: Apartment D" (fresh237, session 63's fifth wave)
  ["preferred", "propose"],
  ["pass", "pass"],
  ["evidence", "share"],
  ["correction", "share"],
  ["corrections", "share"],
  ["findings", "share"],
  ["observations", "share"],
]);

/** First words of a key that hold the cells the speaker asks for: "missing_please_share", "need_from_team" (fresh121). */
const ASKING_HEADS: ReadonlySet<string> = new Set(["missing", "need", "needed", "needs", "wanted"]);

/** The kind of acts a (folded) key holds: GROUP_KEYS, or an ask under a key led by ASKING_HEADS. */
export function groupOf(key: string): string | undefined {
  return GROUP_KEYS.get(key) ?? (ASKING_HEADS.has(key.split(" ")[0] as string) ? "ask" : undefined);
}

/** A key as the group and name lookups read it: "final_answer" -> "final answer", "Food-Quality" -> "food quality". */
export const foldKey = (key: string): string => foldCell(key.replace(/[_-]+/g, " "));

/** Keys that hold the parts of one act, never a name of the table: "option", "level", "to". */
const FIELD_KEYS = new Set<string>(["option", "attribute", ...KIND_KEYS, ...LEVEL_KEYS, ...TO_KEYS].map(foldKey));

/**
 * Keys whose value is another agent's word, not the speaker's ("from_agent_2", "reported", "teammates_said",
 * "heard"): nothing under them is a share.
 */
const OTHERS_KEY =
  /\bagents?\b|\bagent ?\d|\b(?:reported|heard|relayed|received|others?|teammates?|claimed|said|told)\b/;

/**
 * Keys whose value the speaker takes back ("withdrawn", "retracted", "old_value", "previous", "was", "wrong";
 * fresh213, session 62: {"withdrawn": {"Restaurant C": {"ambience": 5}}, "corrected": {...}}): nothing under them is
 * a share, and the rest of the object is still read.
 */
const WITHDRAWN_KEY =
  /\b(?:withdrawn|withdraw|retracted|retract|old|previous|previously|was|wrong|incorrect|mistaken|erroneous|outdated|superseded|struck|scratched|ignore)\b/;

/** Deepest nesting walked, and most shares taken from one value: a hostile value stays cheap. */
const MAX_DEPTH = 5;
const MAX_SHARES = 64;

interface PathContext {
  option?: number;
  attribute?: number;
}

/** A level after a word of near-certainty, as a YAML or JSON value: "probably 3", "I think 1", "pretty sure 0". */
const SURE_LEVEL =
  /^(?:probably|likely|most likely|definitely|certainly|i think|i'm fairly sure|fairly sure|pretty sure|i'm pretty sure)[,:]?\s+([+-]?\d{1,3})$/i;

/** The names in the task (options and attributes) that a walk reads keys and values against. */
export interface PathNames {
  names: Names;
  options: readonly string[];
  attributes: readonly string[];
  /** Set when a walk skipped a key of another agent's word: the value is then read by no one (masked whole). */
  others: boolean;
  /** A 0..1 availability task: "free" / "busy" values are its levels 1 / 0. */
  availability?: boolean;
}

/**
 * Shares stated as levels at the leaves of a JSON or YAML value whose keys (or sibling values) name the cell: a map
 * keyed by option then attribute ({"Restaurant A": {"ambience": 5}}, either way round), a list of one-key maps
 * under an option (`Apartment B:` / `- size: 1`), an object naming its option by value with its levels under any
 * key ({"shelf": "Shelf A", "counts": {"apples": 1}}), and an object naming both by value with its level under a
 * level key ({"restaurant": "B", "attribute": "food quality", "value": "5"}). Keys for another agent's word
 * ("from_agent_2", "reported") are skipped, as are the group keys of other kinds ("vote", "question": read by the
 * act reader). Names are read as table cells are (whole, a letter, a person, a short form). Each share is pushed as
 * an act object {act: "share", option, attribute, level} for the tool-call reader, which checks the level's range.
 * `top`: the value's own group and list keys are read elsewhere (the act reader), so they are skipped here too.
 */
export function namePathShares(
  value: unknown,
  names: PathNames,
  out: Record<string, unknown>[],
  top = true,
  ctx: PathContext = {},
  depth = 0,
): void {
  if (depth > MAX_DEPTH || out.length >= MAX_SHARES) return;
  // "email_records: I think 1", "ambience": "probably 3" (fresh237, fresh241): a word of near-certainty before the
  // level still states it (docs: "probably" is no hedge)
  const sure = typeof value === "string" && value.length <= 40 ? SURE_LEVEL.exec(value.trim()) : null;
  const state =
    names.availability === true && typeof value === "string" ? availabilityState(foldKey(value)) : undefined;
  const leaf = state !== undefined ? state : sure === null ? value : sure[1];
  if (typeof leaf === "number" || (typeof leaf === "string" && INTEGER.test(leaf.trim()))) {
    if (ctx.option !== undefined && ctx.attribute !== undefined)
      out.push({
        act: "share",
        option: names.options[ctx.option],
        attribute: names.attributes[ctx.attribute],
        level: leaf,
      });
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, MAX_SHARES)) namePathShares(item, names, out, false, ctx, depth + 1);
    return;
  }
  const o = value as Record<string, unknown>;
  const local = { ...ctx, ...siblingNames(o, names.names) };
  const levelKey = LEVEL_KEYS.find((k) => o[k] !== undefined);
  // {"service": {"value": 4, "from": "Agent 1"}} (fresh283, session 65: a wrong act): a level another agent gave;
  // "Restaurant B: {location: 5, source: Agent 4}" (fresh293): any levels of an object another agent is the source of
  if ((levelKey !== undefined && sourcedByAgent(o, SOURCE_OF_LEVEL)) || sourcedByAgent(o, SOURCE_OF_OBJECT)) {
    names.others = true;
    return;
  }
  if (levelKey !== undefined) namePathShares(o[levelKey], names, out, false, local, depth + 1);
  for (const [key, v] of Object.entries(o)) {
    const k = foldKey(key);
    if (FIELD_KEYS.has(k) || v === null || typeof v === "boolean") continue;
    if (OTHERS_KEY.test(k)) {
      names.others = true;
      continue;
    }
    // (marked as set apart, so the value's text is masked and no sentence reads its levels either)
    if (WITHDRAWN_KEY.test(k) && names.names.option(k) === undefined && names.names.attribute(k) === undefined) {
      names.others = true;
      continue;
    }
    const group = groupOf(k);
    if ((top && (group !== undefined || LIST_KEYS.has(k))) || (group !== undefined && group !== "share")) continue;
    const option = names.names.option(k);
    const attribute = option === undefined ? names.names.attribute(k) : undefined;
    // "Employee C camera footage: 1", "Restaurant A's wait time: 2" (fresh221, session 63): one key naming both
    const pair = option === undefined && attribute === undefined ? pairKey(k, names.names) : undefined;
    if (pair !== undefined) namePathShares(v, names, out, false, { ...local, ...pair }, depth + 1);
    else if (option !== undefined) namePathShares(v, names, out, false, { ...local, option }, depth + 1);
    else if (attribute !== undefined) namePathShares(v, names, out, false, { ...local, attribute }, depth + 1);
    // a container of no name ("known_values", "counts", "my_notes") is read through; a number under it is no level
    else if (typeof v === "object") namePathShares(v, names, out, false, local, depth + 1);
  }
}

/** Keys naming whose a level object's level is: {"value": 4, "from": "Agent 1"}, {"level": 2, "source": "agent_3"}. */
const SOURCE_OF_LEVEL = new Set(["from", "source", "by", "via", "per", "reported by", "according to"]);

/** Keys naming another agent as the source of a whole object's levels ("from" names a message's sender). */
const SOURCE_OF_OBJECT = new Set(["source", "via", "per", "reported by", "according to"]);

/** A value that names one agent: "Agent 3", "agent_2". */
export const AGENT_VALUE = /^\s*agent\s*_?\d{1,2}\s*$/i;

/** Does an object name another agent as the source of its word, under one of `keys`? */
export function sourcedByAgent(o: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  return Object.entries(o).some(([key, v]) => keys.has(foldKey(key)) && typeof v === "string" && AGENT_VALUE.test(v));
}

/**
 * The option and attribute an object names by its values ({"shelf": "Shelf A"}, {"restaurant": "B", "attribute":
 * "food quality"}): each where exactly one is named. Values under group keys ("vote": "C") and others' keys name
 * nothing here.
 */
function siblingNames(o: Record<string, unknown>, names: Names): PathContext {
  const own = Object.fromEntries(
    Object.entries(o).filter(([key]) => !GROUP_KEYS.has(foldKey(key)) && !OTHERS_KEY.test(foldKey(key))),
  );
  const found: PathContext = {};
  const option = nameByValue(own, names.option);
  const attribute = nameByValue(own, names.attribute);
  if (option !== undefined) found.option = option;
  if (attribute !== undefined) found.attribute = attribute;
  return found;
}

/** The name a string value states, read as a table cell is (whole, a letter, a person, a short form), or undefined. */
export function cellName(v: unknown, pick: (cell: string) => number | undefined): number | undefined {
  return typeof v === "string" && v.length <= 60 ? pick(foldCell(v)) : undefined;
}

/** The one name (option or attribute, as `pick` reads a value) the object's string values state, or undefined. */
export function nameByValue(
  o: Record<string, unknown>,
  pick: (cell: string) => number | undefined,
): number | undefined {
  const found = new Set<number>();
  for (const v of Object.values(o)) {
    const k = cellName(v, pick);
    if (k !== undefined) found.add(k);
  }
  return found.size === 1 ? ([...found][0] as number) : undefined;
}
