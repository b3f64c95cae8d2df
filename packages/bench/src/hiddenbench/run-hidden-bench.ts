import { setMaxListeners } from "node:events";
import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import { Rng, teamDecision, type ChatMessage } from "@cosir/env";
import type { ChatReply, ChatResponder } from "../chat/chat-responder";
import { bootstrapCi, type Estimate } from "../metrics/bootstrap-ci";
import { factStated } from "./fact-stated";
import type { HiddenBenchTask } from "./hidden-bench-task";
import { fillPrompt, HIDDEN_BENCH_PROMPTS, type HiddenBenchPrompts } from "./hidden-bench-prompts";
import { parseVote } from "./parse-vote";

/** "original": the published protocol and metric (README "HiddenBench"); "cosir": our earlier variant. */
export type HiddenBenchProtocol = "original" | "cosir";
/** "hidden": each agent holds one hidden fact; "full": every agent holds them all (original only). */
export type HiddenBenchCondition = "hidden" | "full";

export interface RunHiddenBenchOptions {
  /** Default "original". */
  protocol?: HiddenBenchProtocol;
  /** Discussion rounds R; default 15 (original) or 2 (cosir). */
  rounds?: number;
  /** Agents per task (cosir only); default the number of hidden facts. Agent i holds hidden fact i mod H. */
  agents?: number;
  /** Runs of each task per condition (the original's num_duplications); default 1. */
  runs?: number;
  /** Conditions of the original protocol; default both, ["hidden", "full"]. */
  conditions?: readonly HiddenBenchCondition[];
  /** Prompt templates of the original protocol (e.g. the original files' text); default HIDDEN_BENCH_PROMPTS. */
  prompts?: Partial<HiddenBenchPrompts>;
  /** Word-overlap threshold of `factStated`; default 0.8. */
  minOverlap?: number;
  /** Seed of the fact shuffles and hidden-fact assignment (original) and of the bootstraps; default 0. */
  seed?: number;
  /** Characters of a reply kept before it enters any prompt (longer replies are cut); default 2000. */
  maxReplyChars?: number;
  /** Task runs played at once, each at its own pace; default 8. */
  concurrency?: number;
  /** Wall-clock budget of the whole run (ms): task runs not finished by then are reported as unfinished. */
  deadlineMs?: number;
  /** Stops the run like the deadline does. */
  signal?: AbortSignal;
  /** Calls done / calls planned, after every call. */
  onProgress?: (done: number, total: number) => void;
}

/** One message of the discussion; a failed call has `error` and empty `text` and is shown to no one. */
export interface HiddenBenchMessage {
  agent: number;
  round: number;
  text: string;
  error?: string;
  /** The reply was longer than `maxReplyChars` and was cut. */
  truncated?: boolean;
}

export interface HiddenBenchEpisode {
  taskId: string;
  name: string;
  protocol: HiddenBenchProtocol;
  condition: HiddenBenchCondition;
  /** 0-based repetition of this task and condition. */
  run: number;
  agents: number;
  /** Index (into hidden_information) of the hidden fact each agent holds; -1 under "full". */
  hiddenFact: number[];
  preVotes: (number | null)[];
  postVotes: (number | null)[];
  /** Vote replies before and after the discussion (an error's text is ""). */
  preReplies: ChatReply[];
  postReplies: ChatReply[];
  /** Team answer before/after: plurality (original; ties to the first agent's vote) or strict majority (cosir). */
  preDecision: number | null;
  decision: number | null;
  correctAnswer: number;
  preCorrect: boolean;
  correct: boolean;
  /** Share of agents whose vote is correct, before and after the discussion. */
  individualPreAccuracy: number;
  individualAccuracy: number;
  /** Per hidden fact: its distinctive content stated in some discussion message (hidden condition). */
  disclosed: boolean[];
  /** Per agent: some discussion message of it asks a question ("?"). */
  asked: boolean[];
  transcript: HiddenBenchMessage[];
  /** Calls made and calls that failed. */
  calls: number;
  errors: number;
  /** False when the deadline (or the signal) stopped the episode; it is left out of every figure. */
  finished: boolean;
}

export interface HiddenBenchConditionResult {
  /** Plurality (original) or strict-majority (cosir) team answer correct, after and before. */
  accuracy: Estimate;
  preAccuracy: Estimate;
  /** Individual accuracy after and before (original: averaged per run; cosir: pooled over agents). */
  individualAccuracy: Estimate;
  individualPreAccuracy: Estimate;
}

export interface HiddenBenchResult extends HiddenBenchConditionResult {
  protocol: HiddenBenchProtocol;
  rounds: number;
  /** Every episode, finished or not, of every condition. */
  episodes: HiddenBenchEpisode[];
  /** Share of hidden facts disclosed in the hidden condition (ours, beside the original metric). */
  disclosure: Estimate;
  /** Agents whose initial vote was wrong and who never asked a question (ours). */
  failToAsk: Estimate;
  /** Agents whose initial vote was wrong, who heard every other hidden fact, and kept their vote (ours). */
  ignoredInput: Estimate;
  /** The top-level figures are the hidden condition's; `full` is the full-information condition (original). */
  full: HiddenBenchConditionResult | null;
  /** full - hidden individual accuracy, before and after (original; null without both conditions). */
  gap: { individualPreAccuracy: number | null; individualAccuracy: number | null } | null;
  calls: number;
  errors: number;
  unfinished: number;
  deadlineReached: boolean;
}

const CHAT_ERROR = "[chat error: ";

/** Thrown inside a task run when the deadline or the caller's signal stopped the run. */
class RunStopped extends CosirError {
  constructor() {
    super("run_stopped", "the HiddenBench run was stopped (deadline or signal)");
  }
}

/** A responder's reply to one conversation, as a ChatReply whether or not it implements `reply`. */
async function askOne(responder: ChatResponder, messages: ChatMessage[], signal: AbortSignal): Promise<ChatReply> {
  if (typeof responder.reply === "function") return responder.reply(messages, signal);
  const [text] = await responder.complete([messages]);
  if (typeof text !== "string") return { error: "no reply" };
  if (text.startsWith(CHAT_ERROR)) return { error: text.slice(CHAT_ERROR.length).replace(/\]$/, "") };
  return { text };
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Plurality of the votes (a missing vote is a bucket of its own); ties go to the earliest agent's vote. */
function pluralityVote(votes: readonly (number | null)[]): number | null {
  const counts = new Map<number | null, number>();
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  let bestCount = 0;
  for (const [v, n] of counts)
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  return best;
}

/** The JSON vote's fields, for the initial-vote prefix: the vote string and rationale as the agent gave them. */
function voteFields(
  reply: string,
  answers: readonly string[],
  vote: number | null,
): { vote: string; rationale: string } {
  const start = reply.indexOf("{");
  const end = reply.lastIndexOf("}");
  if (start >= 0 && end > start) {
    try {
      const o = JSON.parse(reply.slice(start, end + 1)) as { vote?: unknown; rationale?: unknown };
      if (typeof o.vote === "string" || typeof o.rationale === "string")
        return {
          vote: typeof o.vote === "string" ? o.vote : vote === null ? "" : (answers[vote] as string),
          rationale: typeof o.rationale === "string" ? o.rationale : "",
        };
    } catch {
      // not JSON: fall back to the parsed vote and the whole reply
    }
  }
  return { vote: vote === null ? "" : (answers[vote] as string), rationale: reply };
}

const bullet = (items: readonly string[]): string =>
  items.length === 0 ? "- (none)" : items.map((s) => `- ${s.replace(/\n/g, "\n  ")}`).join("\n");

interface Job {
  task: HiddenBenchTask;
  condition: HiddenBenchCondition;
  run: number;
  episode: HiddenBenchEpisode;
}

/**
 * Runs HiddenBench tasks. `protocol: "original"` (default) reproduces the published protocol and metric
 * point by point (README "HiddenBench"): per task and condition, one agent per hidden fact, shared and
 * hidden facts shuffled into one numbered "Fact i:" list (hidden condition: the shared facts plus one
 * hidden fact assigned at random; full condition: all of them), per-agent multi-turn histories, a JSON
 * vote before the discussion, R rounds of one-or-two-sentence messages, a JSON vote after; the metric is
 * the share of agents voting `correct_answer` before and after, averaged per run, plus the plurality
 * vote, for the hidden and full conditions side by side and their gap. `protocol: "cosir"` keeps our
 * earlier single-prompt variant (private fact labelled, strict majority). Disclosure, fail-to-ask and
 * ignored input are reported beside. Task runs are scheduled independently under `concurrency`; a failed
 * call is recorded as an error and shown to no one; replies are cut to `maxReplyChars` before they enter
 * a prompt. Throws `EndpointUnreachableError` (from the responder) when the endpoint cannot be used, and
 * a CosirError "all_calls_failed" when every call failed. `team` is one responder for every seat, or one
 * per seat.
 */
export async function runHiddenBench(
  tasks: readonly HiddenBenchTask[],
  team: ChatResponder | readonly ChatResponder[],
  opts: RunHiddenBenchOptions = {},
): Promise<HiddenBenchResult> {
  const protocol = opts.protocol ?? "original";
  if (protocol !== "original" && protocol !== "cosir")
    throw new InvalidArgumentError("protocol", protocol, 'expected "original" or "cosir"');
  const rounds = opts.rounds ?? (protocol === "original" ? 15 : 2);
  const runs = opts.runs ?? 1;
  const maxReplyChars = opts.maxReplyChars ?? 2000;
  const concurrency = opts.concurrency ?? 8;
  for (const [field, value, min] of [
    ["rounds", rounds, 0],
    ["runs", runs, 1],
    ["maxReplyChars", maxReplyChars, 1],
    ["concurrency", concurrency, 1],
  ] as const) {
    if (!Number.isInteger(value) || value < min)
      throw new InvalidArgumentError(field, value, `expected an integer >= ${min}`);
  }
  if (opts.agents !== undefined && (!Number.isInteger(opts.agents) || opts.agents < 1))
    throw new InvalidArgumentError("agents", opts.agents, "expected a positive integer");
  if (opts.deadlineMs !== undefined && !(Number.isFinite(opts.deadlineMs) && opts.deadlineMs > 0))
    throw new InvalidArgumentError("deadlineMs", opts.deadlineMs, "expected a positive number of milliseconds");
  const conditions: readonly HiddenBenchCondition[] =
    protocol === "original" ? (opts.conditions ?? ["hidden", "full"]) : ["hidden"];
  if (conditions.length === 0 || conditions.some((c) => c !== "hidden" && c !== "full"))
    throw new InvalidArgumentError("conditions", conditions, 'expected a non-empty list of "hidden" and "full"');
  const prompts: HiddenBenchPrompts = { ...HIDDEN_BENCH_PROMPTS, ...opts.prompts };
  const seed = opts.seed ?? 0;
  const seats = team as readonly ChatResponder[];
  if (Array.isArray(team) && seats.length === 0)
    throw new InvalidArgumentError("team", team, "expected at least one responder");
  const responderFor = (agent: number): ChatResponder =>
    Array.isArray(team) ? (seats[agent % seats.length] as ChatResponder) : (team as ChatResponder);

  // one job per (condition, run, task)
  const jobs: Job[] = [];
  for (const condition of conditions)
    for (let run = 0; run < runs; run++)
      for (const task of tasks) {
        const agents =
          protocol === "original" ? task.hidden_information.length : (opts.agents ?? task.hidden_information.length);
        jobs.push({
          task,
          condition,
          run,
          episode: {
            taskId: task.id,
            name: task.name,
            protocol,
            condition,
            run,
            agents,
            hiddenFact: [],
            preVotes: new Array<number | null>(agents).fill(null),
            postVotes: new Array<number | null>(agents).fill(null),
            preReplies: [],
            postReplies: [],
            preDecision: null,
            decision: null,
            correctAnswer: task.possible_answers.indexOf(task.correct_answer),
            preCorrect: false,
            correct: false,
            individualPreAccuracy: 0,
            individualAccuracy: 0,
            disclosed: task.hidden_information.map(() => false),
            asked: new Array<boolean>(agents).fill(false),
            transcript: [],
            calls: 0,
            errors: 0,
            finished: false,
          },
        });
      }
  const totalCalls = jobs.reduce((s, j) => s + j.episode.agents * (rounds + 2), 0);
  let doneCalls = 0;

  const stop = new AbortController();
  // every call in flight listens on the run's signal
  setMaxListeners(0, stop.signal);
  let deadlineReached = false;
  const timer =
    opts.deadlineMs !== undefined
      ? setTimeout(() => {
          deadlineReached = true;
          stop.abort();
        }, opts.deadlineMs)
      : undefined;
  const onOuterAbort = (): void => stop.abort();
  opts.signal?.addEventListener("abort", onOuterAbort, { once: true });
  if (opts.signal?.aborted) stop.abort();
  let fatal: unknown = null;

  const cut = (text: string): { text: string; truncated: boolean } =>
    text.length > maxReplyChars ? { text: text.slice(0, maxReplyChars), truncated: true } : { text, truncated: false };

  const ask = async (e: HiddenBenchEpisode, agent: number, messages: ChatMessage[]): Promise<ChatReply> => {
    if (stop.signal.aborted) throw new RunStopped();
    let reply: ChatReply;
    try {
      reply = await askOne(responderFor(agent), messages, stop.signal);
    } catch (error) {
      if (fatal === null) fatal = error;
      stop.abort();
      throw error;
    }
    if (stop.signal.aborted && reply.error !== undefined) throw new RunStopped();
    e.calls++;
    if (reply.error !== undefined) e.errors++;
    opts.onProgress?.(++doneCalls, totalCalls);
    return reply;
  };

  const context = (t: HiddenBenchTask): string[] => [t.description, ...t.possible_answers, ...t.shared_information];

  const playOriginal = async ({ task, condition, run, episode: e }: Job): Promise<void> => {
    const rng = new Rng(`hiddenbench:${seed}:${condition}:${run}:${task.id}`);
    const n = e.agents;
    const order = shuffled(
      task.hidden_information.map((_, k) => k),
      rng,
    );
    e.hiddenFact = condition === "hidden" ? order.slice(0, n) : new Array<number>(n).fill(-1);
    const answers = task.possible_answers;
    const histories: ChatMessage[][] = e.hiddenFact.map((h) => {
      const facts =
        condition === "hidden"
          ? [...task.shared_information, task.hidden_information[h] as string]
          : [...task.shared_information, ...order.map((k) => task.hidden_information[k] as string)];
      const information = shuffled(facts, rng)
        .map((f, i) => `Fact ${i + 1}: ${f}\n`)
        .join("");
      return [
        {
          role: "system",
          content: fillPrompt(prompts.system, { description: task.description, information, extra: "" }),
        },
      ];
    });
    const possible = answers.join(", ");
    // the vote is asked on a copy of the history and never enters it
    const voteAll = async (prompt: string): Promise<{ replies: ChatReply[]; votes: (number | null)[] }> => {
      const replies = await Promise.all(
        histories.map((h, agent) => ask(e, agent, [...h, { role: "user", content: prompt }])),
      );
      return { replies, votes: replies.map((r) => (r.error === undefined ? parseVote(r.text, answers) : null)) };
    };
    const pre = await voteAll(fillPrompt(prompts.firstVote, { possible_answers: possible, group_discussion: "" }));
    e.preReplies = pre.replies;
    e.preVotes = pre.votes;
    const last: (string | null)[] = new Array<string | null>(n).fill(null);
    const speak = async (agent: number, round: number, prompt: string): Promise<void> => {
      const h = histories[agent] as ChatMessage[];
      const r = await ask(e, agent, [...h, { role: "user", content: prompt }]);
      if (r.error !== undefined) {
        last[agent] = null;
        e.transcript.push({ agent, round, text: "", error: r.error });
        return;
      }
      const { text, truncated } = cut(r.text);
      h.push({ role: "user", content: prompt }, { role: "assistant", content: text });
      last[agent] = text;
      e.transcript.push({ agent, round, text, ...(truncated ? { truncated } : {}) });
    };
    for (let round = 0; round < rounds; round++) {
      for (let agent = 0; agent < n; agent++) {
        let prompt: string;
        if (round === 0) {
          const said = e.transcript.filter((m) => m.round === 0 && m.error === undefined);
          const own = pre.replies[agent] as ChatReply;
          const fields =
            own.error === undefined
              ? voteFields(cut(own.text).text, answers, pre.votes[agent] ?? null)
              : { vote: "", rationale: "" };
          const prefix = fillPrompt(prompts.initialVotePrefix, fields);
          prompt =
            prefix +
            (said.length === 0
              ? prompts.firstSpeaker
              : fillPrompt(prompts.turn, {
                  messages: said.map((m) => `Person ${m.agent + 1}: ${m.text}`).join("\n"),
                  extra: "",
                }));
        } else {
          const others: string[] = [];
          for (let i = 1; i < n; i++) {
            const other = (agent + i) % n;
            const text = last[other];
            if (text !== null && text !== undefined) others.push(`Person ${other + 1}: ${text}`);
          }
          prompt = fillPrompt(prompts.turn, { messages: others.join("\n"), extra: "" });
        }
        await speak(agent, round, prompt);
      }
    }
    const finalRound = e.transcript.filter((m) => m.round === rounds - 1 && m.error === undefined);
    const post = await voteAll(
      fillPrompt(prompts.vote, {
        group_discussion: finalRound.map((m) => `Person ${m.agent + 1}: ${m.text}`).join("\n"),
        possible_answers: possible,
      }),
    );
    e.postReplies = post.replies;
    e.postVotes = post.votes;
    e.preDecision = pluralityVote(e.preVotes);
    e.decision = pluralityVote(e.postVotes);
  };

  const playCosir = async ({ task, episode: e }: Job): Promise<void> => {
    const n = e.agents;
    e.hiddenFact = Array.from({ length: n }, (_, i) => i % task.hidden_information.length);
    const system = (agent: number): string =>
      [
        `You are Agent ${agent + 1} of ${n} in a team working on this task: ${task.name}.`,
        task.description,
        "Information everyone on the team has:",
        bullet(task.shared_information),
        "Information only you have (your teammates do not know it):",
        bullet([task.hidden_information[e.hiddenFact[agent] as number] as string]),
        `Possible answers: ${task.possible_answers.join("; ")}.`,
      ].join("\n");
    const transcriptText = (): string => {
      const said = e.transcript.filter((m) => m.error === undefined);
      return said.length === 0
        ? "No discussion yet."
        : `Discussion so far:\n${said.map((m) => `Agent ${m.agent + 1}: ${m.text}`).join("\n")}`;
    };
    const conversation = (agent: number, user: string): ChatMessage[] => [
      { role: "system", content: system(agent) },
      { role: "user", content: user },
    ];
    const voteAll = async (): Promise<{ replies: ChatReply[]; votes: (number | null)[] }> => {
      const user = `${transcriptText()}\nPrivately vote for one answer. Reply with exactly one of: ${task.possible_answers.join("; ")}.`;
      const replies = await Promise.all(
        Array.from({ length: n }, (_, agent) => ask(e, agent, conversation(agent, user))),
      );
      return {
        replies,
        votes: replies.map((r) => (r.error === undefined ? parseVote(r.text, task.possible_answers) : null)),
      };
    };
    const pre = await voteAll();
    e.preReplies = pre.replies;
    e.preVotes = pre.votes;
    for (let round = 0; round < rounds; round++) {
      for (let agent = 0; agent < n; agent++) {
        const r = await ask(
          e,
          agent,
          conversation(
            agent,
            `${transcriptText()}\nRound ${round + 1} of ${rounds}. It is your turn: write a short message to your team.`,
          ),
        );
        if (r.error !== undefined) e.transcript.push({ agent, round, text: "", error: r.error });
        else {
          const { text, truncated } = cut(r.text);
          e.transcript.push({ agent, round, text, ...(truncated ? { truncated } : {}) });
        }
      }
    }
    const post = await voteAll();
    e.postReplies = post.replies;
    e.postVotes = post.votes;
    e.preDecision = teamDecision(e.preVotes);
    e.decision = teamDecision(e.postVotes);
  };

  const finish = ({ task, condition, episode: e }: Job): void => {
    e.preCorrect = e.preDecision === e.correctAnswer;
    e.correct = e.decision === e.correctAnswer;
    e.individualPreAccuracy = e.preVotes.filter((v) => v === e.correctAnswer).length / e.agents;
    e.individualAccuracy = e.postVotes.filter((v) => v === e.correctAnswer).length / e.agents;
    const said = e.transcript.filter((m) => m.error === undefined);
    e.asked = Array.from({ length: e.agents }, (_, a) => said.some((m) => m.agent === a && m.text.includes("?")));
    if (condition === "hidden") {
      const ctx = context(task);
      e.disclosed = task.hidden_information.map((fact) =>
        said.some((m) => factStated(fact, m.text, opts.minOverlap, ctx)),
      );
    }
    e.finished = true;
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length && !stop.signal.aborted) {
      const job = jobs[next++] as Job;
      try {
        await (protocol === "original" ? playOriginal(job) : playCosir(job));
        finish(job);
      } catch (error) {
        if (!(error instanceof RunStopped)) {
          if (fatal === null) fatal = error;
          stop.abort();
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onOuterAbort);
  }
  if (fatal !== null) throw fatal;

  const episodes = jobs.map((j) => j.episode);
  const calls = episodes.reduce((s, e) => s + e.calls, 0);
  const errors = episodes.reduce((s, e) => s + e.errors, 0);
  if (calls > 0 && errors === calls) {
    const lastError = episodes
      .flatMap((e) => [...e.preReplies, ...e.postReplies, ...e.transcript])
      .map((r) => r.error)
      .filter((x): x is string => x !== undefined)
      .pop();
    throw new CosirError("all_calls_failed", `every one of the ${calls} chat calls failed; the last: ${lastError}`);
  }
  const done = episodes.filter((e) => e.finished);
  const ci = (name: string, num: number[], den: number[] | null = null): Estimate =>
    bootstrapCi(num, den, { seed: `hiddenbench:${seed}:${name}` });
  const conditionResult = (c: HiddenBenchCondition): HiddenBenchConditionResult => {
    const es = done.filter((e) => e.condition === c);
    const individual = (post: boolean): Estimate =>
      protocol === "original"
        ? ci(
            `${c}:individual:${post}`,
            es.map((e) => (post ? e.individualAccuracy : e.individualPreAccuracy)),
          )
        : ci(
            `${c}:individual:${post}`,
            es.map((e) => (post ? e.postVotes : e.preVotes).filter((v) => v === e.correctAnswer).length),
            es.map((e) => e.agents),
          );
    return {
      accuracy: ci(
        `${c}:accuracy`,
        es.map((e) => (e.correct ? 1 : 0)),
      ),
      preAccuracy: ci(
        `${c}:preAccuracy`,
        es.map((e) => (e.preCorrect ? 1 : 0)),
      ),
      individualAccuracy: individual(true),
      individualPreAccuracy: individual(false),
    };
  };
  const hidden = conditionResult("hidden");
  const full = conditions.includes("full") ? conditionResult("full") : null;
  const diff = (a: Estimate | undefined, b: Estimate): number | null =>
    a?.value === null || a === undefined || b.value === null ? null : a.value - b.value;
  const hiddenDone = done.filter((e) => e.condition === "hidden");
  // extras, on the hidden condition: who was wrong at first, and what they heard
  const failEligible: number[] = [];
  const failed: number[] = [];
  const ignoreEligible: number[] = [];
  const ignored: number[] = [];
  for (const e of hiddenDone) {
    const task = jobs.find((j) => j.episode === e)?.task as HiddenBenchTask;
    const ctx = context(task);
    let fe = 0;
    let ff = 0;
    let ie = 0;
    let ii = 0;
    for (let a = 0; a < e.agents; a++) {
      if (e.preVotes[a] === e.correctAnswer) continue;
      fe++;
      if (!e.asked[a]) ff++;
      const heard = e.transcript.filter((m) => m.error === undefined && m.agent !== a);
      const othersFacts = task.hidden_information.filter((_, k) => k !== e.hiddenFact[a]);
      if (othersFacts.every((fact) => heard.some((m) => factStated(fact, m.text, opts.minOverlap, ctx)))) {
        ie++;
        if (e.postVotes[a] === e.preVotes[a]) ii++;
      }
    }
    failEligible.push(fe);
    failed.push(ff);
    ignoreEligible.push(ie);
    ignored.push(ii);
  }
  return {
    protocol,
    rounds,
    episodes,
    ...hidden,
    disclosure: ci(
      "disclosure",
      hiddenDone.map((e) => e.disclosed.filter(Boolean).length),
      hiddenDone.map((e) => e.disclosed.length),
    ),
    failToAsk: ci("failToAsk", failed, failEligible),
    ignoredInput: ci("ignoredInput", ignored, ignoreEligible),
    full,
    gap:
      full === null
        ? null
        : {
            individualPreAccuracy: diff(full.individualPreAccuracy, hidden.individualPreAccuracy),
            individualAccuracy: diff(full.individualAccuracy, hidden.individualAccuracy),
          },
    calls,
    errors,
    unfinished: episodes.length - done.length,
    deadlineReached,
  };
}
