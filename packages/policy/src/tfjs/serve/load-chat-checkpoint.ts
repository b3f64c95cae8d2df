import { basename, resolve } from "node:path";
import { selectBackend } from "../backend";
import { TfjsPolicy } from "../policy/tfjs-policy";
import {
  type CheckpointChatReply,
  type CheckpointChatRequest,
  checkpointChatResponder,
} from "./checkpoint-chat-responder";

export interface LoadChatCheckpointOptions {
  /** Checkpoint directory to serve. */
  checkpoint: string;
  /** Longest reply in tokens (a request's max_tokens is capped to it). Default 32. */
  maxTokens?: number;
  /** Name reported by /v1/models and in replies. Default: the checkpoint directory's name. */
  modelName?: string;
  /** Seed of replies to requests without their own `seed`. Default 0. */
  seed?: number;
}

export interface ChatCheckpoint {
  modelName: string;
  policy: TfjsPolicy;
  /** The chat responder (checkpointChatResponder) to hand to @cosir/serve-env's startChatServer. */
  respond: (request: CheckpointChatRequest) => Promise<CheckpointChatReply>;
  /** Frees the model. */
  dispose(): void;
}

/** Selects the tfjs back end and loads a checkpoint as a chat responder (what `cosir serve` serves). */
export async function loadChatCheckpoint(options: LoadChatCheckpointOptions): Promise<ChatCheckpoint> {
  await selectBackend();
  const dir = resolve(options.checkpoint);
  const modelName = options.modelName ?? basename(dir);
  const policy = await TfjsPolicy.fromCheckpoint(dir, {
    name: modelName,
    maxTokens: options.maxTokens ?? 32,
    seed: options.seed ?? 0,
  });
  return { modelName, policy, respond: checkpointChatResponder(policy), dispose: () => policy.dispose() };
}
