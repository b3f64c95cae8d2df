// A lead in which the speaker only announces a statement of their own (issue 26, session 63; fresh223): "I can tell
// you Dan is unavailable at Monday 4pm (0)", "I can confirm that Stall B sold 2 cakes". The modal "can" would keep
// the statement after it unread; the lead says nothing of its own, so it is blanked (spaces, the text's length kept,
// as glossed-levels does) where it opens a sentence or a line; after a semicolon or dash it is left, since there
// the clause before may be someone else's word ("According to Agent 1, ...; I can confirm A has rent 2", fresh8).
// "I can't tell you", "If I can confirm ..." and a lead with nothing after it are left as they are.

// "Agent 2 said C's service is 5. My sheet agrees — I have it at 5 too." (fresh340, session 68): the speaker's
// source agreeing, then the statement
// "What I can say definitely is that Restaurant A's value for money is 5." (fresh310, session 66): the same lead as a
// cleft, maybe with a word of certainty ("What I can say flat out is that ...", fresh506, session 73)
const LEAD =
  /(^|[.!?]\s+|\n[ \t]*)((?:(?:and|but|also|so|now),?\s+)?(?:I can (?:tell you|confirm|report|say)(?: that)?|What I can (?:say|tell you|confirm)(?: (?:definitely|for sure|with certainty|for certain|flat out|outright|confidently))? is(?: that)?|My (?:sheet|notes|data|numbers|records|table|list) (?:agrees|concurs|matches)(?:[ \t]*(?:—|–| -|,|:))))(?=[ \t]+[^\s.!?,;:])/gi;

/** `text` with each announcing lead ("I can tell you (that)") blanked to spaces of its length. */
export function withoutSpeakerLeads(text: string): string {
  return text.replace(LEAD, (_, before: string, lead: string) => before + " ".repeat(lead.length));
}

/**
 * A line that relays another agent's figure by an arrow: "Agent 1  ->  E service 4", "- Agent 3 → A ambience 2"
 * (fresh239, session 63: read as the speaker's). The whole line is someone else's word, blanked to spaces.
 */
// "1. Agent 2 → Restaurant A ambience 5" (fresh275, session 64): a numbered item too
// "- Agent 1 — camera footage for Employee B is 1" under "Recap of what others posted:" (fresh527, session 73: a wrong
// act): a list item opened by the agent and a dash, stating a number (not "- Agent 5 — menu variety for F?", a request)
const RELAYED_LINE =
  /^[ \t]*(?:(?:(?:[-*•]|\d{1,2}[.)])[ \t]*)?agents?[ \t]*\d{1,2}[ \t]*(?:->|→|=>|⇒)|(?:[-*•]|\d{1,2}[.)])[ \t]*agents?[ \t]*\d{1,2}[ \t]*(?:—|–)(?![^\n]*(?:\?|\bplease\b|\bpls\b))(?=[^\n]*\d))[^\n]*$/gim;

/** `text` with each line relaying another agent's figure by an arrow blanked to spaces of its length. */
export function withoutRelayedLines(text: string): string {
  return text.replace(RELAYED_LINE, (line) => " ".repeat(line.length));
}
