import { type ChatMessage, teamDecision } from "@cosir/env";
import { dealCosir, dealOriginal } from "./deal-hidden-bench";
import { cosirTranscriptText, discussCosir, discussOriginal } from "./discuss-hidden-bench";
import type { HiddenBenchCaller } from "./hidden-bench-caller";
import { fillPrompt } from "./hidden-bench-prompts";
import type { HiddenBenchJob } from "./hidden-bench-types";
import type { ResolvedHiddenBenchOptions } from "./resolve-hidden-bench-options";
import { pluralityVote } from "./score-hidden-bench";
import { type AskAgent, askVotes } from "./vote-hidden-bench";

/**
 * Plays one task run of the original protocol into its episode: deal, a JSON vote before (asked on a
 * copy of each history, never entering it), the discussion, a JSON vote after with the last round's
 * messages, and the plurality decisions. Each step is recorded on the episode as soon as it is done, so
 * a run stopped half-way leaves what it got.
 */
export async function playOriginal(
  { task, condition, run, episode: e }: HiddenBenchJob,
  o: ResolvedHiddenBenchOptions,
  caller: HiddenBenchCaller,
): Promise<void> {
  const { hiddenFact, histories } = dealOriginal(task, condition, run, e.agents, o.seed, o.prompts.system);
  e.hiddenFact = hiddenFact;
  const ask: AskAgent = (agent, messages) => caller.ask(e, agent, messages);
  const answers = task.possible_answers;
  const possible = answers.join(", ");
  const withPrompt = (prompt: string): ChatMessage[][] =>
    histories.map((h) => [...h, { role: "user", content: prompt }]);
  const pre = await askVotes(
    withPrompt(fillPrompt(o.prompts.firstVote, { possible_answers: possible, group_discussion: "" })),
    answers,
    ask,
  );
  e.preReplies = pre.replies;
  e.preVotes = pre.votes;
  await discussOriginal({
    histories,
    pre,
    answers,
    rounds: o.rounds,
    prompts: o.prompts,
    maxReplyChars: o.maxReplyChars,
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
  );
  e.postReplies = post.replies;
  e.postVotes = post.votes;
  e.preDecision = pluralityVote(e.preVotes);
  e.decision = pluralityVote(e.postVotes);
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
  const ask: AskAgent = (agent, messages) => caller.ask(e, agent, messages);
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
    );
  };
  const pre = await voteAll();
  e.preReplies = pre.replies;
  e.preVotes = pre.votes;
  await discussCosir({
    agents: n,
    rounds: o.rounds,
    maxReplyChars: o.maxReplyChars,
    conversation,
    transcript: e.transcript,
    ask,
  });
  const post = await voteAll();
  e.postReplies = post.replies;
  e.postVotes = post.votes;
  e.preDecision = teamDecision(e.preVotes);
  e.decision = teamDecision(e.postVotes);
}
