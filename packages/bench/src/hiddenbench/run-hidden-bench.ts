import { InvalidArgumentError } from "@cosir/bayes";
import { teamDecision, type ChatMessage } from "@cosir/env";
import type { ChatResponder } from "../chat/chat-responder";
import { bootstrapCi, type Estimate } from "../metrics/bootstrap-ci";
import { factStated } from "./fact-stated";
import type { HiddenBenchTask } from "./hidden-bench-task";
import { parseVote } from "./parse-vote";

export interface RunHiddenBenchOptions {
  /** Discussion rounds R; default 2. */
  rounds?: number;
  /** Agents per task; default the number of hidden facts. Agent i holds hidden fact i mod H. */
  agents?: number;
  /** Word-overlap threshold of `factStated`; default 0.8. */
  minOverlap?: number;
  /** Bootstrap seed; default 0. */
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface HiddenBenchEpisode {
  taskId: string;
  name: string;
  agents: number;
  /** Index of the hidden fact each agent holds. */
  hiddenFact: number[];
  preVotes: (number | null)[];
  postVotes: (number | null)[];
  preDecision: number | null;
  decision: number | null;
  correctAnswer: number;
  preCorrect: boolean;
  correct: boolean;
  /** Per hidden fact: stated in some discussion message. */
  disclosed: boolean[];
  transcript: { agent: number; round: number; text: string }[];
}

export interface HiddenBenchResult {
  episodes: HiddenBenchEpisode[];
  /** Majority decision correct, after and before the discussion. */
  accuracy: Estimate;
  preAccuracy: Estimate;
  /** Individual votes correct, after and before. */
  individualAccuracy: Estimate;
  individualPreAccuracy: Estimate;
  /** Share of hidden facts stated during the discussion. */
  disclosure: Estimate;
}

const bullet = (items: readonly string[]): string =>
  items.length === 0 ? "- (none)" : items.map((s) => `- ${s}`).join("\n");

function systemPrompt(task: HiddenBenchTask, agent: number, agents: number, hidden: string): string {
  return [
    `You are Agent ${agent + 1} of ${agents} in a team working on this task: ${task.name}.`,
    task.description,
    "Information everyone on the team has:",
    bullet(task.shared_information),
    "Information only you have (your teammates do not know it):",
    bullet([hidden]),
    `Possible answers: ${task.possible_answers.join("; ")}.`,
  ].join("\n");
}

function transcriptText(transcript: readonly { agent: number; text: string }[]): string {
  return transcript.length === 0
    ? "No discussion yet."
    : `Discussion so far:\n${transcript.map((m) => `Agent ${m.agent + 1}: ${m.text}`).join("\n")}`;
}

/**
 * Runs HiddenBench tasks under its protocol: each agent gets every shared fact plus one hidden fact; a
 * private vote before the discussion; R rounds in which agents speak in turn (every message seen by all);
 * a private vote after; the team answer is the strict majority of the final votes (none = wrong).
 * Disclosure of a hidden fact = `factStated` on some discussion message. Tasks run in lock-step, one
 * responder call per step with the whole batch. `team` is one responder for every seat, or one per seat.
 */
export async function runHiddenBench(
  tasks: readonly HiddenBenchTask[],
  team: ChatResponder | readonly ChatResponder[],
  opts: RunHiddenBenchOptions = {},
): Promise<HiddenBenchResult> {
  const rounds = opts.rounds ?? 2;
  if (!Number.isInteger(rounds) || rounds < 0)
    throw new InvalidArgumentError("rounds", rounds, "expected a non-negative integer");
  const seats = (t: HiddenBenchTask): number => opts.agents ?? t.hidden_information.length;
  if (opts.agents !== undefined && (!Number.isInteger(opts.agents) || opts.agents < 1))
    throw new InvalidArgumentError("agents", opts.agents, "expected a positive integer");
  const responderFor = (agent: number): ChatResponder => {
    if (!Array.isArray(team)) return team as ChatResponder;
    const r = (team as readonly ChatResponder[])[agent % (team as readonly ChatResponder[]).length];
    if (r === undefined) throw new InvalidArgumentError("team", team, "expected at least one responder");
    return r;
  };
  const episodes: HiddenBenchEpisode[] = tasks.map((t) => {
    const n = seats(t);
    const correctAnswer = t.possible_answers.indexOf(t.correct_answer);
    return {
      taskId: t.id,
      name: t.name,
      agents: n,
      hiddenFact: Array.from({ length: n }, (_, i) => i % t.hidden_information.length),
      preVotes: [],
      postVotes: [],
      preDecision: null,
      decision: null,
      correctAnswer,
      preCorrect: false,
      correct: false,
      disclosed: t.hidden_information.map(() => false),
      transcript: [],
    };
  });
  const conversation = (k: number, agent: number, user: string): ChatMessage[] => {
    const t = tasks[k] as HiddenBenchTask;
    const e = episodes[k] as HiddenBenchEpisode;
    return [
      {
        role: "system",
        content: systemPrompt(t, agent, e.agents, t.hidden_information[e.hiddenFact[agent] as number] as string),
      },
      { role: "user", content: user },
    ];
  };
  // One step: ask every (task, agent) in `asks`, grouped by responder.
  const step = async (asks: { k: number; agent: number; user: string }[]): Promise<string[]> => {
    const out = new Array<string>(asks.length);
    const groups = new Map<ChatResponder, number[]>();
    asks.forEach((a, j) => {
      const r = responderFor(a.agent);
      groups.set(r, [...(groups.get(r) ?? []), j]);
    });
    for (const [r, idx] of groups) {
      const replies = await r.complete(
        idx.map((j) =>
          conversation(
            (asks[j] as { k: number }).k,
            (asks[j] as { agent: number }).agent,
            (asks[j] as { user: string }).user,
          ),
        ),
      );
      idx.forEach((j, m) => (out[j] = typeof replies[m] === "string" ? (replies[m] as string) : ""));
    }
    return out;
  };
  const vote = async (): Promise<(number | null)[][]> => {
    const asks = episodes.flatMap((e, k) =>
      Array.from({ length: e.agents }, (_, agent) => ({
        k,
        agent,
        user: `${transcriptText(e.transcript)}\nPrivately vote for one answer. Reply with exactly one of: ${(tasks[k] as HiddenBenchTask).possible_answers.join("; ")}.`,
      })),
    );
    const replies = await step(asks);
    const votes = episodes.map((e) => new Array<number | null>(e.agents).fill(null));
    asks.forEach(
      (a, j) =>
        ((votes[a.k] as (number | null)[])[a.agent] = parseVote(
          replies[j] as string,
          (tasks[a.k] as HiddenBenchTask).possible_answers,
        )),
    );
    return votes;
  };
  const maxAgents = Math.max(0, ...episodes.map((e) => e.agents));
  const totalSteps = 2 + rounds * maxAgents;
  let done = 0;
  const pre = await vote();
  opts.onProgress?.(++done, totalSteps);
  for (let round = 0; round < rounds; round++) {
    for (let agent = 0; agent < maxAgents; agent++) {
      const asks = episodes
        .map((e, k) => ({ e, k }))
        .filter(({ e }) => agent < e.agents)
        .map(({ e, k }) => ({
          k,
          agent,
          user: `${transcriptText(e.transcript)}\nRound ${round + 1} of ${rounds}. It is your turn: write a short message to your team.`,
        }));
      const replies = await step(asks);
      asks.forEach((a, j) =>
        (episodes[a.k] as HiddenBenchEpisode).transcript.push({ agent, round, text: replies[j] as string }),
      );
      opts.onProgress?.(++done, totalSteps);
    }
  }
  const post = await vote();
  opts.onProgress?.(++done, totalSteps);
  episodes.forEach((e, k) => {
    const t = tasks[k] as HiddenBenchTask;
    e.preVotes = pre[k] as (number | null)[];
    e.postVotes = post[k] as (number | null)[];
    e.preDecision = teamDecision(e.preVotes);
    e.decision = teamDecision(e.postVotes);
    e.preCorrect = e.preDecision === e.correctAnswer;
    e.correct = e.decision === e.correctAnswer;
    e.disclosed = t.hidden_information.map((fact) =>
      e.transcript.some((m) => factStated(fact, m.text, opts.minOverlap)),
    );
  });
  const seed = opts.seed ?? 0;
  const ci = (name: string, num: number[], den: number[] | null = null): Estimate =>
    bootstrapCi(num, den, { seed: `hiddenbench:${seed}:${name}` });
  return {
    episodes,
    accuracy: ci(
      "accuracy",
      episodes.map((e) => (e.correct ? 1 : 0)),
    ),
    preAccuracy: ci(
      "preAccuracy",
      episodes.map((e) => (e.preCorrect ? 1 : 0)),
    ),
    individualAccuracy: ci(
      "individual",
      episodes.map((e) => e.postVotes.filter((v) => v === e.correctAnswer).length),
      episodes.map((e) => e.agents),
    ),
    individualPreAccuracy: ci(
      "individualPre",
      episodes.map((e) => e.preVotes.filter((v) => v === e.correctAnswer).length),
      episodes.map((e) => e.agents),
    ),
    disclosure: ci(
      "disclosure",
      episodes.map((e) => e.disclosed.filter(Boolean).length),
      episodes.map((e) => e.disclosed.length),
    ),
  };
}
