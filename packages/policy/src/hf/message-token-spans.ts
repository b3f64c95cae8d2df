import { InvalidArgumentError } from "@cosir/bayes";
import type { HfChatMessage, HfTokenizer, RenderChatOptions } from "./hf-tokenizer";
import type { WeightedSequence } from "./lora-trainer";

/** One assistant turn as a training sample: the prompt it was written from, then the reply, as token ids. */
export interface TurnSample {
  /** Index of the assistant message in the conversation. */
  message: number;
  ids: number[];
  /** The reply's tokens are ids[start, end): after the assistant header, through the end-of-turn token. */
  start: number;
  end: number;
}

function startsWithIds(ids: readonly number[], prefix: readonly number[]): boolean {
  return prefix.length <= ids.length && prefix.every((id, i) => ids[i] === id);
}

/**
 * Each assistant turn of a conversation as the model saw and wrote it, through the checkpoint's own template: the
 * prompt is messages[0..i) rendered with the generation prompt, the reply is what rendering messages[0..i] adds
 * to it, less the separator after the end-of-turn token. Per turn rather than one rendering of the whole
 * conversation because templates render a turn differently once others follow (Qwen3 drops earlier <think>
 * blocks). Throws, naming the message, if the template's prompt is not a prefix of its rendering of the turn.
 */
export function renderTurnSamples(
  tokenizer: HfTokenizer,
  messages: readonly HfChatMessage[],
  options: Omit<RenderChatOptions, "addGenerationPrompt"> = {},
): TurnSample[] {
  const samples: TurnSample[] = [];
  messages.forEach((m, i) => {
    if (m.role !== "assistant") return;
    const prompt = tokenizer.renderChat(messages.slice(0, i), { ...options, addGenerationPrompt: true });
    const through = tokenizer.renderChat(messages.slice(0, i + 1), { ...options, addGenerationPrompt: false });
    if (!through.startsWith(prompt))
      throw new InvalidArgumentError(`messages[${i}]`, m.content, "a reply the template renders after its own prompt");
    const promptIds = tokenizer.encode(prompt);
    let ids = tokenizer.encode(through);
    if (!startsWithIds(ids, promptIds))
      throw new InvalidArgumentError(`messages[${i}]`, m.content, "a reply that starts on a token boundary");
    // the newline after the end-of-turn token is the next turn's separator, not part of the reply
    while (ids.length > promptIds.length && tokenizer.decode(ids.slice(-1)).trim() === "") ids = ids.slice(0, -1);
    samples.push({ message: i, ids, start: promptIds.length, end: ids.length });
  });
  return samples;
}

/**
 * Training sequences from per-message rewards (or advantages): each assistant turn's reply tokens carry the reward
 * of that message, its prompt tokens 0. Turns given no reward (undefined) are left out.
 */
export function rewardedTurnSequences(
  samples: readonly TurnSample[],
  rewards: ReadonlyArray<number | undefined>,
): WeightedSequence[] {
  const out: WeightedSequence[] = [];
  for (const s of samples) {
    const r = rewards[s.message];
    if (r === undefined) continue;
    if (!Number.isFinite(r)) throw new InvalidArgumentError(`rewards[${s.message}]`, r, "a finite number");
    out.push({ tokens: s.ids, weights: s.ids.map((_, t) => (t >= s.start && t < s.end ? r : 0)) });
  }
  return out;
}
