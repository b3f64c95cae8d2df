import { InvalidArgumentError } from "@cosir/bayes";
import { CollaborationEnv } from "@cosir/env";
import { observationView } from "../observation/observation-view";
import { datasetRows, type DatasetRowsOptions } from "./dataset-rows";

/** Chat-template tokens charged per chat message (ChatML writes about 5: `<|im_start|>role\n`, `<|im_end|>\n`). */
export const TEMPLATE_TOKENS_PER_MESSAGE = 8;

export interface SeatLengthsOptions extends DatasetRowsOptions {
  /** Most tokens the policy writes per message or choice (the adapters' COSIR_MAX_TOKENS_PER_TURN); default 256. */
  tokensPerTurn?: number;
  /** Characters per token for the fixed text (English prose is about 4 with Qwen/Gemma tokenizers); default 3. */
  charsPerToken?: number;
}

/** The longest part of one kind over every seat of every exported task, and where it was found. */
export interface LongestPart {
  /** Fixed text (system prompt, private view, cues, teammates' messages as the empty `PASS`). */
  chars: number;
  /** Teammates' messages it contains, each budgeted at `tokensPerTurn` tokens. */
  teammateMessages: number;
  /** The seat's own messages and choices (response only), each budgeted at `tokensPerTurn` tokens. */
  actions: number;
  /** Token estimate: chars / charsPerToken + (teammateMessages + actions) x tokensPerTurn + template tokens. */
  tokens: number;
  seed: number;
  agent: number;
}

export interface SeatLengths {
  rows: number;
  tokensPerTurn: number;
  charsPerToken: number;
  /** A seat's first prompt (the engines' prompt). */
  prompt: LongestPart;
  /** Everything after it in the seat's stream: updates (teammates' messages, cues) and its own actions. */
  response: LongestPart;
  /** Longest whole stream (prompt + response) of one seat. */
  total: LongestPart;
  /** The settings these give, rounded up to a multiple of 256 tokens. */
  suggested: { maxPromptLength: number; maxResponseLength: number; maxLen: number };
}

const roundUp = (tokens: number): number => Math.max(256, Math.ceil(tokens / 256) * 256);

/**
 * Measures how long each seat's token stream gets when the adapters (integrations/) self-play the tasks
 * `cosir export` writes: every seat of every task is walked through its episode (every message the empty
 * "nothing to add"), measuring its first prompt and the updates that follow in characters; each message or
 * choice the policy writes, its own or a teammate's, is then budgeted at `tokensPerTurn` tokens. The figures
 * are estimates for setting an engine's length limits, not a tokenizer's count.
 */
export function seatLengths(opts: SeatLengthsOptions): SeatLengths {
  const tokensPerTurn = opts.tokensPerTurn ?? 256;
  const charsPerToken = opts.charsPerToken ?? 3;
  if (!Number.isInteger(tokensPerTurn) || tokensPerTurn < 1 || tokensPerTurn > 65_536)
    throw new InvalidArgumentError("tokensPerTurn", tokensPerTurn, "expected an integer in 1..65536");
  if (!Number.isFinite(charsPerToken) || charsPerToken < 1 || charsPerToken > 16)
    throw new InvalidArgumentError("charsPerToken", charsPerToken, "expected a number in 1..16");
  const tokens = (chars: number, messages: number, templateMessages: number): number =>
    Math.ceil(chars / charsPerToken) + messages * tokensPerTurn + templateMessages * TEMPLATE_TOKENS_PER_MESSAGE;
  const empty = (): LongestPart => ({ chars: 0, teammateMessages: 0, actions: 0, tokens: 0, seed: -1, agent: -1 });
  const longest = { prompt: empty(), response: empty(), total: empty() };
  const keep = (kind: keyof typeof longest, part: LongestPart): void => {
    if (part.tokens > longest[kind].tokens) longest[kind] = part;
  };
  const rows = datasetRows(opts);
  for (const row of rows) {
    const env = new CollaborationEnv(row.task, { surface: row.surface });
    interface Seat {
      prompt: LongestPart;
      chars: number;
      teammateMessages: number;
      actions: number;
      templateMessages: number;
      seen: number;
    }
    const seats = new Map<number, Seat>();
    let spoken = 0;
    for (let guard = 0; guard < 100_000; guard++) {
      const obs = observationView(env);
      if (obs === null) break;
      let seat = seats.get(obs.agent);
      if (seat === undefined) {
        const chars = obs.chat.reduce((n, m) => n + m.content.length, 0);
        const part = { chars, teammateMessages: spoken, actions: 0, seed: row.seed, agent: obs.agent };
        seat = {
          prompt: { ...part, tokens: tokens(chars, spoken, obs.chat.length + 1) },
          chars: 0,
          teammateMessages: 0,
          actions: 0,
          templateMessages: 0,
          seen: spoken,
        };
        seats.set(obs.agent, seat);
      } else {
        seat.chars += obs.update.length;
        seat.teammateMessages += spoken - seat.seen;
        seat.templateMessages += 2; // the user message and the generation prompt
      }
      seat.actions++;
      seat.templateMessages += 1; // the assistant close
      if (obs.phase === "discuss") spoken++;
      seat.seen = spoken;
      env.step("nothing to add");
    }
    for (const [agent, seat] of seats) {
      const response: LongestPart = {
        chars: seat.chars,
        teammateMessages: seat.teammateMessages,
        actions: seat.actions,
        tokens: tokens(seat.chars, seat.teammateMessages + seat.actions, seat.templateMessages),
        seed: row.seed,
        agent,
      };
      keep("prompt", seat.prompt);
      keep("response", response);
      keep("total", {
        chars: seat.prompt.chars + response.chars,
        teammateMessages: seat.prompt.teammateMessages + response.teammateMessages,
        actions: response.actions,
        tokens: seat.prompt.tokens + response.tokens,
        seed: row.seed,
        agent,
      });
    }
  }
  return {
    rows: rows.length,
    tokensPerTurn,
    charsPerToken,
    ...longest,
    suggested: {
      maxPromptLength: roundUp(longest.prompt.tokens),
      maxResponseLength: roundUp(longest.response.tokens),
      maxLen: roundUp(longest.total.tokens),
    },
  };
}
