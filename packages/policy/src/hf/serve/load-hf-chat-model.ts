import { basename, resolve } from "node:path";
import { selectBackend } from "../../tfjs/backend";
import type { DecoderCheckpoint } from "../load-decoder-checkpoint";
import { loadDecoderCheckpoint } from "../load-decoder-checkpoint";
import type { LoraAdapter } from "../lora-adapter";
import { loadLoraAdapter } from "../lora-peft";
import type { HfChatReply, HfChatRequest, HfChatResponderOptions } from "./hf-chat-responder";
import { hfChatResponder } from "./hf-chat-responder";

export interface LoadHfChatModelOptions extends HfChatResponderOptions {
  /** A Hugging Face folder (config.json, safetensors, tokenizer files). */
  model: string;
  /** A PEFT LoRA folder (adapter_config.json + adapter_model.safetensors) applied on top, unmerged. */
  adapter?: string;
  /** Name reported by /v1/models and in replies. Default: the model folder's name (+ "+" the adapter's). */
  modelName?: string;
}

export interface HfChatModel {
  modelName: string;
  checkpoint: DecoderCheckpoint;
  adapter: LoraAdapter | null;
  /** The chat responder (hfChatResponder) to hand to @cosir/serve-env's startChatServer. */
  respond: (request: HfChatRequest) => Promise<HfChatReply>;
  dispose(): void;
}

/** Selects the tfjs back end and loads a Hugging Face folder (and a LoRA adapter) as a chat responder. */
export async function loadHfChatModel(options: LoadHfChatModelOptions): Promise<HfChatModel> {
  await selectBackend();
  const dir = resolve(options.model);
  const checkpoint = loadDecoderCheckpoint(dir);
  let adapter: LoraAdapter | null = null;
  try {
    if (options.adapter !== undefined) adapter = loadLoraAdapter(resolve(options.adapter), checkpoint.model);
  } catch (error) {
    checkpoint.model.dispose();
    throw error;
  }
  const modelName =
    options.modelName ??
    (options.adapter !== undefined ? `${basename(dir)}+${basename(resolve(options.adapter))}` : basename(dir));
  return {
    modelName,
    checkpoint,
    adapter,
    respond: hfChatResponder(checkpoint.model, checkpoint.tokenizer, options),
    dispose() {
      adapter?.dispose();
      checkpoint.model.dispose();
    },
  };
}
