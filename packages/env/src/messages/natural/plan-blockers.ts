import { naturalCues as cue } from "../natural-cues";

/**
 * Words that make a clause no plan of the speaker's, shared by the two proposal readings (lone-proposal.ts' BLOCKERS,
 * team-proposal.ts' NOT_A_PLAN), which each add their own: modals, comparison, alternatives, an earlier intent,
 * reporting, other people ("you", "they", "anyone", "else"), leaving out ("against", "away", "out"), "also" / "too",
 * weighing ("consider") and an information question's "what".
 */
export const NOT_THE_SPEAKERS_PLAN: readonly string[] = [
  ...cue.modals,
  ...cue.comparatives,
  ...cue.alternatives,
  ...cue.pastIntent,
  ...cue.reporting,
  "agent",
  "you",
  "your",
  "he",
  "she",
  "they",
  "them",
  "his",
  "her",
  "their",
  "anyone",
  "anybody",
  "else",
  "instead",
  "rather",
  "against",
  "away",
  "out",
  "also",
  "too",
  "consider",
  "what",
];
