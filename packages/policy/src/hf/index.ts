// @cosir/policy/hf: real decoder architectures (Qwen3, Gemma 3 text) from Hugging Face folders, in tfjs.
export type { DecoderArchitecture, DecoderConfig } from "./decoder-config";
export { Gemma3TextConfigSchema, Qwen3ConfigSchema, parseDecoderConfig } from "./decoder-config";
export type { HfDtype, HfTensor } from "./hf-safetensors";
export { decodeHfSafetensors, encodeHfSafetensors, floatToBfloat16, floatToHalf } from "./hf-safetensors";
export type { HfChatMessage, RenderChatOptions } from "./hf-tokenizer";
export { HfTokenizer } from "./hf-tokenizer";
export type { DecoderLayerWeights, DecoderWeights } from "./decoder-weights";
export { PROJECTION_MODULES, decoderTensorShapes, decoderWeights } from "./decoder-weights";
export { DecoderKvCache } from "./decoder-kv-cache";
export type { DecoderFaults, DecoderInput, ProjectionAdapter } from "./decoder-model";
export { DecoderModel } from "./decoder-model";
export type { DecoderCheckpoint } from "./load-decoder-checkpoint";
export {
  SafetensorsIndexSchema,
  loadDecoderCheckpoint,
  readDecoderConfig,
  readHfWeights,
} from "./load-decoder-checkpoint";
export { sequenceLogProbs } from "./decoder-log-probs";
export type { ScoredRow } from "./token-log-probs";
export { tokenLogProbs } from "./token-log-probs";
export { headLogProbs } from "./head-log-probs";
export { nextTokenLogProbs } from "./next-token-log-probs";
export type { SampleDecoderOptions, SampleDecoderResult } from "./sample-decoder";
export { chooseFromLogits, sampleDecoder } from "./sample-decoder";
export type { GgufTensor, GgufValue } from "./encode-gguf";
export { encodeGguf } from "./encode-gguf";
export { decoderToGguf, ggufTensorName } from "./decoder-gguf";
export type { TinyCheckpointOptions } from "./write-tiny-checkpoint";
export { bundledQwen3TokenizerDir, writeTinyCheckpoint } from "./write-tiny-checkpoint";
export type { LoraPair, LoraSettings, LoraTarget } from "./lora-adapter";
export { LORA_TARGETS, LoraAdapter, LoraSettingsSchema, mergeLora, parseLoraSettings } from "./lora-adapter";
export { PeftAdapterConfigSchema, loadLoraAdapter, loraToGguf, saveLoraAdapter } from "./lora-peft";
export type { WeightedSequence } from "./lora-trainer";
export { LoraTrainer, weightedNegativeLogLikelihood } from "./lora-trainer";
export type { TurnSample } from "./message-token-spans";
export { renderTurnSamples, rewardedTurnSequences } from "./message-token-spans";
export type { HfPolicyOptions } from "./hf-policy";
export { HfPolicy, replyText } from "./hf-policy";
export type { ParsedReply } from "./serve/qwen-tool-calls";
export { parseQwenToolCalls } from "./serve/qwen-tool-calls";
export type { HfChatReply, HfChatRequest, HfChatResponderOptions } from "./serve/hf-chat-responder";
export { hfChatResponder } from "./serve/hf-chat-responder";
export type { HfChatModel, LoadHfChatModelOptions } from "./serve/load-hf-chat-model";
export { loadHfChatModel } from "./serve/load-hf-chat-model";
