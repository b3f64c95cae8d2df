/**
 * Prompt templates of `--protocol original`, in our own words but with the structure, placeholders and
 * content of the five prompt files of the public HiddenBench repository (prompts/system_prompt.txt,
 * first_user_prompt.txt, user_prompt.txt, first_vote_prompt.txt, vote.txt) and the initial-vote prefix
 * of sim.py. Placeholders: %description%, %information%, %extra%, %messages%, %group_discussion%,
 * %possible_answers%, %vote%, %rationale%. Pass the original files' text through
 * `runHiddenBench(..., { prompts })` (or `cosir bench --prompts DIR`) to run with their exact wording.
 */
export interface HiddenBenchPrompts {
  /** The system message: the description and the shuffled "Fact i:" list. */
  system: string;
  /** The first speaker's turn in round 1 (after the initial-vote prefix). */
  firstSpeaker: string;
  /** Any later turn: the other people's latest messages. */
  turn: string;
  /** The vote before the discussion. */
  firstVote: string;
  /** The vote after the last round, with that round's messages. */
  vote: string;
  /** Put before each agent's round-1 turn: its own initial vote and rationale. */
  initialVotePrefix: string;
}

const JSON_VOTE = `Decide, and give your decision and your rationale in this JSON format:
{
    "vote": <a string, one of: %possible_answers%>,
    "rationale": <a string, your rationale>
}`;

export const HIDDEN_BENCH_PROMPTS: Readonly<HiddenBenchPrompts> = Object.freeze({
  system:
    "%description%\n\nYou have been given the facts below. They are listed in a random order, which says nothing about how important or how related they are, so reason carefully:\n%information%\nAnswer briefly, in one or two sentences. %extra%",
  firstSpeaker: "You speak first.",
  turn: "The latest messages from the other people:\n%messages%\nNow it is your turn to speak. %extra%",
  firstVote: JSON_VOTE,
  vote: `The latest messages from the other people:\n%group_discussion%\n${JSON_VOTE}`,
  initialVotePrefix: "Your initial vote was: %vote%\nYour initial rationale was: %rationale%\n\n",
});

/** Fills %key% placeholders, each occurrence, with the given values (unknown keys stay). */
export function fillPrompt(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/%([a-z_]+)%/g, (whole, key: string) => values[key] ?? whole);
}
