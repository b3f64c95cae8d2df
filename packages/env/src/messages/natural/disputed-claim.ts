import type { Act } from "../act";
import { asStatement, namesIn, squeezed } from "./reread";
import type { ParseState } from "./sentence";

// The disputed claim (issue 26, session 61): another agent's claim, then the speaker's own, other level for the same
// cell, in the same sentence or the next ("Agent 1 lists Restaurant A's cleanliness as 4; my copy of that cell says
// 1.", "Agent 2 put Omar's calendar for Monday noon at 2, but what I have says 0 — he's fully booked then.", "Agent 3
// reported Stall D's cakes sold as 2. That doesn't match mine: I have -2 for D's cakes."). The claim is read by the
// grammar alone and must be one share; the speaker's words are cut into clauses, of which exactly one holds a number:
// that clause must hold that one level and no doubt, negation, condition, question, another's word or earlier entry;
// some clause must be in the first person ("Per my calendar, he's free: 1."), none may take the level back ("but
// scratch that", "I could be misremembering"), and every clause may name no option, attribute or person but the
// claim's. The speaker's level, another than the claim's (the same one is a confirmation), is read again as the plain
// statement of the claim's cell. Anything else: nothing.

type Share = Extract<Act, { kind: "share" }>;

/** "Agent 2 marked", "Agent 1 lists", "Agent 3 put": a claim reported at the start of a sentence. */
const REPORT =
  /^\s*(?:(?:correction|quick note|note|heads up|fyi)\s*:\s*)?(?:(?:per|according to)\s+agent\s+\d+\s*,\s*|agent\s+\d+\s+(?:said|says|reported|reports|lists|listed|marked|marks|put|puts|has|had|gave|gives|claimed|claims|flagged|noted|posted|wrote|counted|rated|scored|logged|entered|thinks|believes)(?:\s+that)?\s+)/i;

/** Where the claim ends and the speaker's words begin: a semicolon, ", but", a dash set off by spaces. */
const CLAIM_END = /\s*(?:;|,?\s+but\s+|\s[—–]\s)\s*/i;

/** Where the speaker's words are cut into clauses. */
const CLAUSE = /\s*(?:[;:,]|\s[—–-]\s|—|–)\s*/;

/** A clause in the first person. */
export const FIRST_PERSON = /\b(?:i|i've|i'm|my|mine|me)\b/i;

/**
 * Words that keep the speaker's level clause from stating a level: a doubt, a negation, a condition, another's word,
 * an earlier or a wished entry ("I'd posted 4 for it earlier", "I'd have said 4").
 */
const DOUBT =
  /\?|\b(?:if|unless|maybe|perhaps|might|may|could|would|should|probably|possibly|think|believe|guess|unsure|not|no|never|or|either|around|about|roughly|approximately|agent|agents|you|they|i'd|earlier|before|previously|posted|said|given|wrote|typed|entered|had)\b|n't\b/i;

/** Words in any clause that take the speaker's level back or doubt it: "but scratch that", "I could be misremembering". */
const RETRACT =
  /\b(?:scratch|ignore|disregard|misread|misremember\w*|mistake|mistaken|typo|could|might|may|maybe|perhaps|unsure|withdraw\w*|don't count|not sure|no idea|wrong|then some|or so)\b/i;

/**
 * The words the speaker's level clause may be made of besides the cell's names and the level: "my copy of that cell
 * says 1", "in the data I'm looking at it's 0", "on my end it's definitely a 1" ("I have 2 questions" is no level).
 */
const OWN_WORDS: ReadonlySet<string> = new Set(
  (
    "i i've i'm my mine me have has got get see show shows showed says say reads read copy cell cells of that this " +
    "the data table sheet notes note records record view reading it it's its at is was are a an for on in what " +
    "looking look there side end here count counted value figure number level actually really definitely clearly " +
    "certainly row column list card grid own slice stars points marks and so clue slot item score rating just only " +
    "currently now today fact firmly solidly cleanly right as hold holds too also schedule calendar him them then " +
    // "but I only see 1 apple there myself" (fresh251), "my sheet disagrees and shows 0 for it" (fresh251)
    "only myself disagrees disagree"
  ).split(" "),
);

/** Is the level clause made of the speaker's words, the cell's names and its level alone? */
function ownWords(clause: string, claim: Share, state: ParseState): boolean {
  const { options, attributes } = state.task.domain;
  const named = `${options[claim.option]} ${attributes[claim.attribute]}`
    .toLowerCase()
    .replace(/'s\b/g, "")
    .split(/\s+/);
  const words = clause
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/'s\b/g, "")
    .split(/[^a-z0-9'+\-−]+/)
    .filter((w) => w !== "");
  // "1 apple" of the attribute "apples": a count's noun in the singular is its name too
  return words.every((w) => /^[+\-−]?\d+$/.test(w) || OWN_WORDS.has(w) || named.includes(w) || named.includes(`${w}s`));
}

/** A closing clause that puts the slip on one of the two, not on the speaker: "so one of us misread". */
const MUTUAL_SLIP =
  /\s*\b(?:so|which means|meaning|and)?\s*(?:one of us|someone|somebody)\s+(?:misread|misread it|is wrong|has it wrong|made a (?:typo|mistake)|slipped|miscounted)\b.*$/i;

/** A hedge in a clause after the speaker's level that gives no level: "My sheet says 4, if memory serves." */
const AFTER_HEDGE = /\b(?:i guess|i suppose|if memory serves|from memory|i'm told|give or take|or so)\b/i;

/** Capitalised words a first-person clause may hold besides the claim's names: "I", "My", "That". */
const PLAIN_CAPITALS = new Set(["I", "I'm", "I've", "I'd", "My", "Mine", "That", "That's", "This", "In", "On", "What"]);

/** Does `clause` hold a capitalised word (a name: "Alice") that is not part of the claim's cell's names? */
function otherName(clause: string, claim: Share, state: ParseState): boolean {
  const { options, attributes } = state.task.domain;
  // "Omar" names "Omar's calendar"
  const own = `${options[claim.option]} ${attributes[claim.attribute]}`.toLowerCase().replace(/'s\b/g, "");
  const words = clause.replace(/[’]/g, "'").match(/[A-Za-z][\w']*/g) ?? [];
  return words.some((w, k) => {
    if (!/^[A-Z]/.test(w) || PLAIN_CAPITALS.has(w) || (k === 0 && !/'s$/.test(w))) return false;
    const bare = w.replace(/'s$/, "").toLowerCase();
    return !own.split(/\s+/).includes(bare);
  });
}

/** A level as written: digits, maybe signed. */
const LEVEL = /(?:^|\s)([+\-−]?\d+)(?=$|[\s.!,;:)])/g;

/** The speaker's own level for `claim`'s cell in `text` (see the file's comment), or null. */
function ownLevel(text: string, claim: Share, state: ParseState): Share | null {
  const clauses = squeezed(text)
    .trim()
    .replace(/[.!]+$/, "")
    .split(CLAUSE)
    .filter((c) => c.trim() !== "");
  // "My sheet says 4, right?": a question anywhere, or a hedge after the level, leaves it open
  if (text.includes("?")) return null;
  // "..., so one of us misread." (fresh248, fresh280): a disagreement between the two, no retraction of the speaker's
  for (let c = 0; c < clauses.length; c++) clauses[c] = (clauses[c] as string).replace(MUTUAL_SLIP, "");
  let found: Share | null = null;
  // "Per my calendar, he's free: 1.": the first person in any clause
  if (clauses.some((c) => RETRACT.test(c)) || !clauses.some((c) => FIRST_PERSON.test(c))) return null;
  for (const clause of clauses) {
    const names = namesIn(clause, state);
    if (names.options.some((o) => o !== claim.option) || names.attributes.some((a) => a !== claim.attribute))
      return null;
    const levels = [...clause.matchAll(LEVEL)].map((m) => Number((m[1] as string).replace("−", "-")));
    if (levels.length === 0) {
      if (found !== null && AFTER_HEDGE.test(clause)) return null;
      continue;
    }
    if (found !== null || levels.length !== 1 || DOUBT.test(clause)) return null;
    if (otherName(clause, claim, state) || !ownWords(clause, claim, state)) return null;
    const level = levels[0] as number;
    if (level === claim.level) return null;
    const { options, attributes } = state.task.domain;
    const acts = state.clauseActs?.(`${options[claim.option]}: ${attributes[claim.attribute]} ${level}.`) ?? null;
    const act = acts?.length === 1 ? acts[0] : undefined;
    if (act?.kind !== "share" || act.option !== claim.option || act.attribute !== claim.attribute) return null;
    found = act;
  }
  return found;
}

/**
 * The speaker's share that disputes a claim (see the file's comment): the claim reported at the start of `raw`, or
 * `before`, the claim the sentence before reported. Null where there is none.
 */
export function disputedClaim(raw: string, state: ParseState, before: Share | null): Share | null {
  if (state.clauseActs === undefined || raw.length > 400) return null;
  // "**Correction:** ... shows **0** onions": emphasis is no word
  const text = squeezed(raw).replace(/\*\*/g, "").trim();
  const report = text.match(REPORT);
  if (report !== null) {
    const rest = text.slice(report[0].length);
    const end = rest.match(CLAIM_END);
    if (end === null || end.index === undefined) return null;
    // "Agent 1 lists Restaurant A's cleanliness as 4": the claim as a plain statement
    const claimText = asStatement(rest.slice(0, end.index));
    const acts = state.clauseActs(`${claimText}.`);
    const claim = acts?.length === 1 ? acts[0] : undefined;
    if (claim?.kind !== "share") return null;
    return ownLevel(rest.slice(end.index + end[0].length), claim, state);
  }
  return before === null ? null : ownLevel(text, before, state);
}
