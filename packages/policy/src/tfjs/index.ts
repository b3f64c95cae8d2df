// @cosir/policy/tfjs: the tfjs transformer policy. The only entry of this package that loads tfjs.
export type { BackendChoice, BackendName, SelectBackendOptions } from "./backend";
export { parseBackendName, selectBackend } from "./backend";
export { differentiableKernels, registerGradients } from "./register-gradients";
export { SeededRandom } from "./seeded-random";

export type { TransformerConfig, TransformerConfigInput } from "./model/transformer-config";
export { TransformerConfigSchema, defaultTransformerConfig, parseTransformerConfig } from "./model/transformer-config";
export type { TransformerOptions } from "./model/transformer";
export { Transformer, transformerParameterShapes } from "./model/transformer";
export { KvCache } from "./model/kv-cache";
export { setDecodeCacheInPlace, setDecodeQkvProduct, setPrefillQkvProduct } from "./model/cached-attention";
export { PrefixCache } from "./model/prefix-cache";
export { causalAttention, causalMask } from "./model/causal-attention";
export { attentionInPlaceRuns, setAttentionInPlace } from "./model/causal-attention-in-place";
export type { SimdMatMulSettings } from "./model/simd-batch-mat-mul";
export {
  setSimdMatMul,
  blockEnds,
  simdBatchMatMul,
  simdBatchMatMulAvailable,
  simdBlockEndsAvailable,
  simdHeadsMatMul,
  simdHeadsMatMulAvailable,
  simdBatchMatMulKernel,
  simdMatMulSettings,
} from "./model/simd-batch-mat-mul";
export { setSimdColumnSums } from "./model/simd-column-sums";
export { setSimdRmsNormRows } from "./model/simd-rms-norm-rows";
export {
  concatColumns,
  concatColumnsKernel,
  gatherRows,
  gatherRowsKernel,
  heapKernelsAvailable,
  setHeapKernels,
  setHeapWasm,
} from "./model/wasm-heap-kernels";
export {
  lastBlockAtTargets,
  setLastBlockAtTargets,
  setTrainLastBlockAtTargets,
  trainLastBlockAtTargets,
} from "./model/last-block-at-targets";
export { heldHeadWeights, setHeldHeadWeights } from "./model/held-head-weights";
export { transformerBlockAt } from "./model/transformer-block-at";
export { transformerBlockAtRows } from "./model/transformer-block-at-rows";
export { treeTargetAttention } from "./model/tree-target-attention";
export { treeTargetAttentionGrad } from "./model/tree-target-attention-grad";
export { addPositions } from "./model/add-positions";
export { selectRows } from "./model/select-rows";
export { embeddingLookup } from "./model/embedding-lookup";
export { setEmbedAtKernel } from "./model/embed-at";
export { gradientTapeOn, linear, setLeanLinear } from "./model/linear";
export { transpose2d } from "./model/transpose-2d";
export { rmsNorm, setGainColumnSums, setRmsNormGradKernels } from "./model/rms-norm";

export type { SamplingOptions } from "./sampling/choose-token";
export { chooseToken, setOnePassSampling } from "./sampling/choose-token";
export type { SampleTokensOptions, SampleTokensResult } from "./sampling/sample-tokens";
export { sampleTokens } from "./sampling/sample-tokens";

export type { TokenLogprobs } from "./training/token-logprobs";
export { tokenLogprobs } from "./training/token-logprobs";
export type { PackedSequences, PromptCompletion } from "./training/pack-sequences";
export { alignCompletions, packNegatives, packSequences, unpackCompletions } from "./training/pack-sequences";
export type { PackedPrefixTree } from "./training/pack-prefix-tree";
export { longestItem, packPrefixTree, packPrefixTreeParts, unpackPrefixTree } from "./training/pack-prefix-tree";
export type { PrefixTreeLogprobs } from "./training/prefix-tree-logprobs";
export { prefixTreeLogprobs } from "./training/prefix-tree-logprobs";
export { nextTokenAccuracy, nextTokenLoss, nextTokenLossWithNegatives } from "./training/next-token-loss";
export type { AdamOptions } from "./training/adam-optimizer";
export { AdamOptimizer, setFusedAdam } from "./training/adam-optimizer";
export type { TrainStepResult, TransformerTrainerOptions } from "./training/transformer-trainer";
export { setGradientSumKernel, TransformerTrainer } from "./training/transformer-trainer";
export { setSavedTensorViews, withSavedTensorViews } from "./training/saved-tensor-views";

export type { TokenizerJson } from "./tokenizer/canonical-tokenizer";
export {
  CanonicalTokenizer,
  SPECIAL_TOKENS,
  TOKENIZER_VERSION,
  TokenizerJsonSchema,
} from "./tokenizer/canonical-tokenizer";

export { CheckpointError } from "./checkpoint/checkpoint-error";
export type { CheckpointLeftover } from "./checkpoint/checkpoint-leftovers";
export { checkpointLeftovers } from "./checkpoint/checkpoint-leftovers";
export type { CheckpointManifest } from "./checkpoint/checkpoint-manifest";
export { CHECKPOINT_FORMAT, CHECKPOINT_VERSION, CheckpointManifestSchema } from "./checkpoint/checkpoint-manifest";
export type { NamedTensorData } from "./checkpoint/safetensors";
export { decodeSafetensors, encodeSafetensors } from "./checkpoint/safetensors";
export type { SaveCheckpointOptions } from "./checkpoint/save-checkpoint";
export { saveCheckpoint } from "./checkpoint/save-checkpoint";
export type { CheckpointContents } from "./checkpoint/load-checkpoint";
export { loadCheckpoint, readCheckpoint } from "./checkpoint/load-checkpoint";

export type { TfjsPolicyOptions } from "./policy/tfjs-policy";
export { TfjsPolicy } from "./policy/tfjs-policy";

// A checkpoint as a chat responder, no HTTP: `cosir serve` hands it to @cosir/serve-env's startChatServer
// (serveCheckpoint, the node:http server that was here, is gone: that server is serve-env's now).
export type { ChatCheckpoint, LoadChatCheckpointOptions } from "./serve/load-chat-checkpoint";
export { loadChatCheckpoint } from "./serve/load-chat-checkpoint";
export type { CheckpointChatReply, CheckpointChatRequest } from "./serve/checkpoint-chat-responder";
export { checkpointChatResponder } from "./serve/checkpoint-chat-responder";
export { canonicalObservation } from "./serve/canonical-observation";
export { ChatRequestError } from "./serve/chat-request-error";
