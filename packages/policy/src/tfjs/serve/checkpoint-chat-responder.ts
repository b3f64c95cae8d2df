import type { TfjsPolicy } from "../policy/tfjs-policy";
import { canonicalObservation } from "./canonical-observation";

/** A chat-completions request as the chat server hands it over (@cosir/serve-env's ChatCompletionRequest). */
export interface CheckpointChatRequest {
  messages: readonly { role: string; content: string }[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  seed?: number;
}

/** The checkpoint's answer (@cosir/serve-env's ChatResponderReply). */
export interface CheckpointChatReply {
  content: string;
  finishReason: "stop" | "length";
  tokens: { token: string; logprob: number }[];
  promptTokens: number;
}

/**
 * A checkpoint policy as a chat responder, no HTTP: the last user message is read as canonical observation
 * text (see canonicalObservation) and completed with the request's sampling options (maxTokens at most the
 * policy's; a `seed` makes the reply reproducible). Requests are answered one at a time in arrival order
 * (tfjs computes synchronously). `cosir serve` hands it to @cosir/serve-env's startChatServer.
 */
export function checkpointChatResponder(
  policy: TfjsPolicy,
): (request: CheckpointChatRequest) => Promise<CheckpointChatReply> {
  let queue: Promise<unknown> = Promise.resolve();
  return async (request) => {
    const text = canonicalObservation(request.messages, policy.tokenizer);
    const run = queue.then(() =>
      policy.complete([text], {
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.topP !== undefined ? { topP: request.topP } : {}),
        ...(request.maxTokens !== undefined ? { maxTokens: request.maxTokens } : {}),
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
      }),
    );
    queue = run.catch(() => undefined);
    const [action] = await run;
    const ids = action!.tokens ?? [];
    return {
      content: action!.text,
      finishReason: ids[ids.length - 1] === policy.tokenizer.eos ? "stop" : "length",
      tokens: ids.map((id, i) => ({ token: policy.tokenizer.word(id), logprob: action!.logprobs![i]! })),
      promptTokens: policy.promptIds({ text }).length,
    };
  };
}
