import type { Act } from "../act";
import { asStatement, squeezed } from "./reread";
import { FIRST_PERSON } from "./disputed-claim";
import type { ParseState } from "./sentence";

// The confirmation reading (issue 26, session 60): a sentence in which the speaker confirms another agent's claim
// from their own table ("Agent 2 said B's food quality is a 5, and I agree — I have it at 5 as well.", "Echoing
// Agent 1: Stall D's cakes sold is -1 — that matches my own cell exactly.", "On raffle tickets, Agent 3 and I both
// have Stall B at 1.") states the cell as the speaker's own, and no reader before took it (someone else's word
// gates it). Its text is cut into the claim and the clauses of agreement; the claim, with the report's lead taken
// off, is read by the grammar whole or not at all and must give shares only; every level the agreement clauses
// repeat must be the claim's, and a claim in another agent's words ("Agent 1 said ...") must have its level said
// again in the speaker's agreement: "Agent 3 says X is 1, and that matches my notes." states no value of the
// speaker's (as "That matches mine." after a claim does not, session 57), while "Echoing Agent 1: X is 1" does. A clause of agreement is made of agreement's words alone ("I can confirm, I see 5 as
// well"): one other word — a negation ("can't confirm"), a doubt, a name — and the sentence gives nothing. A claim
// reported with no agreement ("Agent 2 told us Stall B's plants sold is -1.") is kept for the next sentence, which
// may confirm it alone ("I have the same figure, -1.").

type Share = Extract<Act, { kind: "share" }>;

/** Words that keep a sentence from this reading: a question, a doubt, a condition, a contrast, a negation. */
const REFUSE =
  /\?|\b(?:if|unless|maybe|perhaps|might|may|could|would|probably|possibly|think|believe|guess|unsure|not|no|never|can't|cannot|don't|doesn't|didn't|isn't|wasn't|aren't|disagree|differ|differs|but|however|though|although|whereas|while|except|or|either)\b|n't\b/i;

/** A lead that agrees with another agent: "Agreeing with Agent 3:", "Just to echo Agent 3 on", "Confirming Agent 2's figure:". */
const AGREE_LEAD =
  /^\s*(?:(?:building on|echoing|seconding)\s+what\s+agent\s+\d+\s+(?:said|says|shared|wrote|posted|mentioned|reported)\s*[:,—–-]\s*|(?:just\s+)?(?:to\s+)?(?:i(?:'ll|'d| will| can| would)?\s+)?(?:(?:totally|fully|completely|entirely|strongly)\s+)?(?:agreeing with|agree with|echoing|echo|confirming|confirm|seconding|second|backing up|backing)\s+(?:what\s+)?agent\s+\d+(?:['’]s\s+(?:figure|number|value|reading|claim|point|report|count))?(?:\s+(?:said|says|wrote|shared|mentioned|reported|posted|had|gave))?(?:\s+(?:about|on|for|regarding|re))?\s*[:,—–-]?\s*)/i;

/** "Agent 1 and I agree on Monday noon:": the speaker agrees with another agent on an option or a cell. */
const BOTH_AGREE_LEAD = /^\s*agent\s+\d+\s+and\s+i\s+(?:both\s+|fully\s+)?agree\s+(?:on|about|that)\s+/i;

/** "Agent 3 and I both have Stall B at 1": the speaker and another agent hold the same level. */
const BOTH_HAVE = /\bagent\s+\d+\s+and\s+i\s+(?:both\s+|also\s+)?(have|see|show|hold|read|count|got|put)\b/gi;

/** A lead that reports another agent's claim: "Agent 1 said", "Per Agent 2,", "Building on what Agent 4 said —". */
const REPORT_LEAD =
  /^\s*(?:(?:per|according to)\s+agent\s+\d+\s*,?\s*|agent\s+\d+\s+(?:said|says|reported|reports|told us|mentioned|wrote|shared|posted|noted|counted|has|had|put|gave|claimed|claims|flagged|listed|lists|marked|marks|logged|thinks|believes)(?:\s+that)?\s+)/i;

/** "Agent 3's 5 for C's food quality": another agent's level for a cell, read as "C's food quality is 5". */
const AGENT_LEVEL_FOR =
  /^\s*agent\s+\d+['’]s\s+([+\-−]?\d+)\s+for\s+(.+?)(\s+(?:matches|lines up with|agrees with|tallies with)\b.*)?$/i;

/** A claim closed by the speaker's agreement: "... being 1 matches my notes exactly", "..., which matches mine". */
const MATCH_TAIL =
  /(?:,?\s+(?:which|that|this)\s+|\s+)(?:matches|lines up with|agrees with|tallies with|is consistent with)\s+(?:mine|my\s+(?:own\s+)?[a-z]+)(?:\s+(?:exactly|too|as well|also|perfectly))?\s*[.!]*\s*$/i;

/** Where the sentence's clauses may be cut: semicolons, dashes set off by spaces, and a comma before the speaker. */
const CLAUSE_BREAK =
  /\s*(?:;|\s[—–]\s|\s-\s|—|–)\s*|,\s*(?=(?:and\s+)?(?:i\s|i've\s|i'm\s|my\s|same\s|which\s+match|that\s+match))|\s+(?=and\s+(?:i|i've|my)\s)/i;

/** The words a clause of agreement may be made of (numbers aside). */
const AGREEMENT_WORDS: ReadonlySet<string> = new Set(
  (
    "and i agree agreed fully completely totally entirely can confirm confirmed that this which it it's its matches " +
    "match lines up with mine my own notes table sheet data cell figure number value reading records view side end " +
    "numbers card too as well also exactly same the have has see show shows got hold count counted read reads here " +
    "says say gives lists puts " +
    "for me at a an there on is likewise checks out tallies consistent independently i've " +
    "i'm seeing getting identical so do does spot match up seen perfectly that's agree: copy list " +
    // "I have them at 3 as well, so that one's settled." (fresh252)
    "them one's settled"
  ).split(" "),
);
/** Words of which a clause of agreement needs one: without it, "I have it at 5" is no agreement. */
const AGREEMENT_CORE =
  /\b(?:agree|agreed|confirm|confirmed|match|matches|same|too|as well|also|likewise|lines up|tallies|consistent|identical|checks out|independently)\b/i;

/** The levels of a clause of agreement made of agreement's words alone, or null where it is not one. */
export function agreementLevels(clause: string): number[] | null {
  const text = squeezed(clause)
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[,.!:]+/g, " ")
    .trim();
  if (text === "" || !AGREEMENT_CORE.test(text) || REFUSE.test(text)) return null;
  const levels: number[] = [];
  for (const word of text.split(/\s+/)) {
    const level = /^[+\-−]?\d+$/.test(word) ? Number(word.replace("−", "-")) : null;
    if (level !== null) levels.push(level);
    else if (!AGREEMENT_WORDS.has(word)) return null;
  }
  return levels;
}

/**
 * What a sentence confirms: the shares the speaker takes as their own (or, after a lead of agreement, their one
 * proposal: "Seconding Agent 4 — Restaurant C it is."), or the one claim kept for the next sentence.
 */
export type Confirmation = { shares: Act[] } | { claim: Share };

/**
 * The confirmation read in `raw` (a whole sentence no reader before took), or null where it is none: see the file's
 * comment. `context` gives the option and attribute the talk carries.
 */
export function confirmation(
  raw: string,
  state: ParseState,
  context: Pick<ParseState, "subject" | "carried">,
): Confirmation | null {
  if (state.clauseActs === undefined || !/\bagent\s*\d/i.test(raw) || REFUSE.test(raw)) return null;
  let text = squeezed(raw).trim();
  let agreed = false;
  let reported = false;
  const lead = text.match(AGREE_LEAD) ?? text.match(BOTH_AGREE_LEAD);
  if (lead !== null) {
    text = text.slice(lead[0].length);
    agreed = true;
  } else {
    const report = text.match(REPORT_LEAD);
    if (report !== null) {
      // "Agent 3 reported Stall D's cakes sold as 2." (session 61): the claim as a plain statement
      text = asStatement(text.slice(report[0].length));
      reported = true;
    }
    const levelFor = text.match(AGENT_LEVEL_FOR);
    if (levelFor !== null) {
      text = `${levelFor[2]} is ${levelFor[1]}${levelFor[3] ?? ""}`;
      reported = true;
    }
  }
  const both = text.replace(BOTH_HAVE, "I $1");
  if (both !== text) {
    text = both;
    agreed = true;
  }
  // another speaker left in the claim ("Just to echo Agent 2: they have ...") keeps it theirs
  if (/\b(?:agents?|they|you|we)\b/i.test(text)) return null;
  const tail = text.match(MATCH_TAIL);
  if (tail !== null) {
    text = text.slice(0, tail.index);
    agreed = true;
  }
  const claims: string[] = [];
  const levels: number[] = [];
  for (const clause of text.split(CLAUSE_BREAK)) {
    if (clause === undefined || clause.trim() === "") continue;
    const repeated = agreementLevels(clause);
    if (repeated !== null && claims.length > 0) {
      levels.push(...repeated);
      agreed = true;
    } else
      claims.push(
        asStatement(clause.replace(/\bbeing\b/i, "is").replace(/\s+(?:too|as well|also)\s*([.!]*)\s*$/i, "$1")),
      );
  }
  if ((!agreed && !reported) || claims.length === 0) return null;
  // "Totally agree with Agent 3 on Apartment B's neighbourhood — I have it at 5 too!" (fresh205): the claim names the
  // cell, the agreement its one level
  const claim = claims.join("; ");
  const read = state.clauseActs(claim, context);
  const acts = read?.length ? read : levels.length === 1 ? state.clauseActs(`${claim} is ${levels[0]}`, context) : null;
  if (acts === null || acts.length === 0) return null;
  // "Seconding Agent 4 — Restaurant C it is.": after a lead of agreement the speaker's own choice is theirs too
  if (lead !== null && levels.length === 0 && acts.length === 1 && acts[0]?.kind === "propose") return { shares: acts };
  if (acts.some((a) => a.kind !== "share")) return null;
  const shares = acts as Share[];
  if (!agreed) return shares.length === 1 ? { claim: shares[0] as Share } : null;
  if (levels.length > 0 && (shares.length !== 1 || levels.some((l) => l !== (shares[0] as Share).level))) return null;
  // a claim reported in another agent's words is the speaker's only where the agreement says its level again
  // ("Agent 3 says X is 1, and that matches my notes." states no value of the speaker's: nothing)
  if (reported && levels.length === 0) return null;
  return { shares };
}

/**
 * A sentence made of agreement alone that says the level again ("I have the same figure, -1.") after a sentence that
 * reported `claim`: the claim's share as the speaker's own, or null where it is not one, states no level ("That
 * matches mine." states no value of the speaker's) or another one.
 */
export function confirmedClaim(raw: string, claim: Share): Share | null {
  const clauses = squeezed(raw)
    .trim()
    .split(CLAUSE_BREAK)
    .filter((c) => c !== undefined && c.trim() !== "");
  const levels: number[] = [];
  for (const clause of clauses) {
    const repeated = agreementLevels(clause);
    if (repeated === null) return null;
    levels.push(...repeated);
  }
  // "Same on my end.", "Same here.", "Mine says the same." (fresh244, session 65; the labelling rule: a speaker who
  // has the same value themselves shares it): "same" in the first person says the claim's level again; "That matches
  // mine." still says none (session 57)
  const same = levels.length === 0 && /\bsame\b/i.test(raw) && (FIRST_PERSON.test(raw) || /\bhere\b/i.test(raw));
  if (clauses.length === 0 || (levels.length === 0 && !same) || levels.some((l) => l !== claim.level)) return null;
  return { ...claim };
}
