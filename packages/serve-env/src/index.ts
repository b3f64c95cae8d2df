// The service
export { createEnvServer } from "./server/create-env-server";
export type { EnvServer, EnvServerHooks } from "./server/create-env-server";
export { startEnvServer } from "./server/start-env-server";
export type { RunningEnvServer } from "./server/start-env-server";
export { startEnvCluster } from "./server/start-env-cluster";
export type { ClusterMessage, EnvClusterOptions, RunningEnvCluster } from "./server/start-env-cluster";
// The OpenAI-compatible chat server (`cosir serve`), on the same HTTP stack; the model comes as a responder
export { createChatServer } from "./chat/create-chat-server";
export type { ChatServer, ChatServerOptions } from "./chat/create-chat-server";
export { startChatServer } from "./chat/start-chat-server";
export type { RunningChatServer, StartChatServerOptions } from "./chat/start-chat-server";
export type { ChatResponder, ChatResponderReply } from "./chat/chat-responder";
export { parseChatRequest } from "./chat/chat-completion-request";
export type { ChatCompletionRequest } from "./chat/chat-completion-request";
export { ChatHttpError } from "./chat/chat-http-error";
export { chatErrorBody } from "./chat/chat-error-body";
export type { ChatErrorBody } from "./chat/chat-error-body";
export { StatelessEpisodes } from "./state/stateless-episodes";
export type { StatelessEpisodesOptions } from "./state/stateless-episodes";
export {
  EpisodeStateCodec,
  MAX_STATE_STEPS,
  maxStateTokenLength,
  MIN_STATE_SECRET_LENGTH,
} from "./state/episode-state-codec";
export type { EpisodeState } from "./state/episode-state-codec";
export { ReplayGuard, spentDigest } from "./state/replay-guard";
export type { ClaimVerdict, SpentLedger } from "./state/replay-guard";
export { ClusterLedger } from "./state/cluster-ledger";
export type { LedgerMessage } from "./state/cluster-ledger";
export { EnvServerOptionsSchema, resolveEnvServerOptions } from "./options/env-server-options";
export type { EnvServerOptions, ResolvedEnvServerOptions } from "./options/env-server-options";
export { HttpError } from "./server/http-error";
export { errorBody, errorReply } from "./server/error-reply";
export type { ErrorBody } from "./server/error-reply";
export { ScoringCancelledError, ScoringPool } from "./scoring/scoring-pool";
export { COST_UNITS_PER_THREAD_SECOND, isRefusal, ScoringAdmission } from "./server/scoring-admission";
export type { AdmissionRefusal, AdmissionTicket, ScoringAdmissionOptions } from "./server/scoring-admission";
export type { ScoringJob } from "./scoring/scoring-pool";
export { EpisodeStore, REMEMBERED_REQUESTS } from "./store/episode-store";
export type { EpisodeEntry, EpisodeStoreOptions } from "./store/episode-store";
export { observationView } from "./observation/observation-view";
export type { ObservationView } from "./observation/observation-view";

// Wire formats
export { CreateEpisodeRequestSchema } from "./protocol/create-episode-request";
export type { CreateEpisodeRequest } from "./protocol/create-episode-request";
export { StepRequestSchema } from "./protocol/step-request";
export type { StepRequest } from "./protocol/step-request";
export { MAX_STEP_TEXT_LENGTH } from "./protocol/max-step-text-length";
export { GetRewardRequestSchema } from "./protocol/get-reward-request";
export type { GetRewardRequest } from "./protocol/get-reward-request";
export { CosirLabelSchema, resolveCosirLabel } from "./protocol/cosir-label";
export { checkTaskBudget, MAX_TASK_COST } from "./protocol/check-task-budget";
export type { ResolvedLabel } from "./protocol/cosir-label";

// Transcripts and rewards
export { renderTranscript } from "./transcript/render-transcript";
export { parseTranscript } from "./transcript/parse-transcript";
export { responseOf } from "./transcript/response-of";
export type { TranscriptEntry } from "./transcript/parse-transcript";
export { replayTranscript } from "./transcript/replay-transcript";
export type { ReplayResult } from "./transcript/replay-transcript";
export { speakerName } from "./transcript/speaker-name";
export { scoreQuery, queryReward } from "./reward/score-query";
export {
  generationCost,
  plannedQueryCost,
  planQuery,
  planRewardRequest,
  queryOverheadCost,
} from "./reward/reward-plan";
export type { PlannedQuery } from "./reward/reward-plan";
export type { QueryScore } from "./reward/score-query";
export { getRewardResponse, rewardResponseOf } from "./reward/get-reward-response";
export type { GetRewardResponse } from "./reward/get-reward-response";

// Dataset export
export { datasetRows } from "./export/dataset-rows";
export type { DatasetRow, DatasetRowsOptions } from "./export/dataset-rows";
export { verlParquet, writeVerlParquet } from "./export/verl-parquet";
export { datasetRowBatches } from "./export/dataset-row-batches";
export { openrlhfJsonl } from "./export/openrlhf-jsonl";
export { seatLengths, TEMPLATE_TOKENS_PER_MESSAGE } from "./export/seat-lengths";
export type { LongestPart, SeatLengths, SeatLengthsOptions } from "./export/seat-lengths";
