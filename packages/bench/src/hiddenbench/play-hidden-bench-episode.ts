import { type ChatMessage, teamDecision } from "@cosir/env";
import { dealCosir, dealOriginal } from "./deal-hidden-bench";
import { cosirTranscriptText, discussCosir, discussOriginal } from "./discuss-hidden-bench";
import type { HiddenBenchCaller } from "./hidden-bench-caller";
import { fillPrompt } from "./hidden-bench-prompts";
import type { HiddenBenchJob } from "./hidden-bench-types";
import type { ResolvedHiddenBenchOptions } from "./resolve-hidden-bench-options";
import { pluralityVote } from "./score-hidden-bench";
import { type AskAgent, askVotes, type VoteRound } from "./vote-hidden-bench";

/** Records a vote round on the episode, before or after the discussion. */
function recordVotes(e: HiddenBenchJob["episode"], when: "pre" | "post", v: VoteRound): void {
  if (when === "pre") {
    e.preReplies = v.replies;
    e.preVotes = v.votes;
    e.preVoteKeys = v.keys;
    e.preVoteTries = v.tries;
  } else {
    e.postReplies = v.replies;
    e.postVotes = v.votes;
    e.postVoteKeys = v.keys;
    e.postVoteTries = v.tries;
  }
}

/** The team's answer: the plurality of the vote keys (see `pluralityVote`) as an option, null if it is none. */
function decide(
  keys: readonly (string | null)[],
  answers: readonly string[],
  missing: "drop" | "bucket",
): number | null {
  const top = pluralityVote(keys, missing);
  const k = top === null ? -1 : answers.indexOf(top);
  return k >= 0 ? k : null;
}

/**
 * Plays one task run of the original protocol into its episode: deal, a JSON vote before (asked on a
 * copy of each history, never entering it, up to `tries` times until a JSON vote arrives), the
 * discussion, a JSON vote after with the last round's messages, and the plurality decisions. Each step is recorded on the episode as soon as it is done, so
 * a run stopped half-way leaves what it got.
 */
export async function playOriginal(
  { task, condition, run, episode: e }: HiddenBenchJob,
  o: ResolvedHiddenBenchOptions,
  caller: HiddenBenchCaller,
): Promise<void> {
  const { hiddenFact, histories } = dealOriginal(task, condition, run, e.agents, o.seed, o.prompts.system);
  e.hiddenFact = hiddenFact;
  const ask: AskAgent = (agent, messages, opts) => caller.askUntil(e, agent, messages, opts);
  const answers = task.possible_answers;
  const possible = answers.join(", ");
  const withPrompt = (prompt: string): ChatMessage[][] =>
    histories.map((h) => [...h, { role: "user", content: prompt }]);
  const pre = await askVotes(
    withPrompt(fillPrompt(o.prompts.firstVote, { possible_answers: possible, group_discussion: "" })),
    answers,
    ask,
    o.voteReader,
    o.tries,
  );
  recordVotes(e, "pre", pre);
  await discussOriginal({
    histories,
    pre,
    answers,
    rounds: o.rounds,
    prompts: o.prompts,
    maxReplyChars: o.maxReplyChars,
    failedTurns: o.failedTurns,
    tries: o.tries,
    transcript: e.transcript,
    ask,
  });
  const finalRound = e.transcript.filter((m) => m.round === o.rounds - 1 && m.error === undefined);
  const post = await askVotes(
    withPrompt(
      fillPrompt(o.prompts.vote, {
        group_discussion: finalRound.map((m) => `Person ${m.agent + 1}: ${m.text}`).join("\n"),
        possible_answers: possible,
      }),
    ),
    answers,
    ask,
    o.voteReader,
    o.tries,
  );
  recordVotes(e, "post", post);
  e.preDecision = decide(e.preVoteKeys, answers, o.missingVotes);
  e.decision = decide(e.postVoteKeys, answers, o.missingVotes);
}

/**
 * Plays one task run of the cosir protocol into its episode: deal, a private vote before, the discussion
 * (each prompt a fresh single message with the transcript so far), a private vote after, and the strict-
 * majority decisions.
 */
export async function playCosir(
  { task, episode: e }: HiddenBenchJob,
  o: ResolvedHiddenBenchOptions,
  caller: HiddenBenchCaller,
): Promise<void> {
  const n = e.agents;
  const { hiddenFact, system } = dealCosir(task, n);
  e.hiddenFact = hiddenFact;
  const ask: AskAgent = (agent, messages, opts) => caller.askUntil(e, agent, messages, opts);
  const conversation = (agent: number, user: string): ChatMessage[] => [
    { role: "system", content: system(agent) },
    { role: "user", content: user },
  ];
  const voteAll = () => {
    const user = `${cosirTranscriptText(e.transcript)}\nPrivately vote for one answer. Reply with exactly one of: ${task.possible_answers.join("; ")}.`;
    return askVotes(
      Array.from({ length: n }, (_, agent) => conversation(agent, user)),
      task.possible_answers,
      ask,
      o.voteReader,
      o.tries,
    );
  };
  const pre = await voteAll();
  recordVotes(e, "pre", pre);
  await discussCosir({
    agents: n,
    rounds: o.rounds,
    maxReplyChars: o.maxReplyChars,
    conversation,
    transcript: e.transcript,
    ask,
  });
  const post = await voteAll();
  recordVotes(e, "post", post);
  e.preDecision = teamDecision(e.preVotes);
  e.decision = teamDecision(e.postVotes);
}
