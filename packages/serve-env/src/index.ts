// The service
export { createEnvServer } from "./server/create-env-server";
export type { EnvServer, EnvServerHooks } from "./server/create-env-server";
export { startEnvServer } from "./server/start-env-server";
export type { RunningEnvServer } from "./server/start-env-server";
export { EnvServerOptionsSchema, resolveEnvServerOptions } from "./options/env-server-options";
export type { EnvServerOptions, ResolvedEnvServerOptions } from "./options/env-server-options";
export { HttpError } from "./server/http-error";
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
export { scoreQuery } from "./reward/score-query";
export type { QueryScore } from "./reward/score-query";
export { getRewardResponse } from "./reward/get-reward-response";
export type { GetRewardResponse } from "./reward/get-reward-response";

// Dataset export
export { datasetRows } from "./export/dataset-rows";
export type { DatasetRow, DatasetRowsOptions } from "./export/dataset-rows";
export { verlParquet, writeVerlParquet } from "./export/verl-parquet";
export { datasetRowBatches } from "./export/dataset-row-batches";
export { openrlhfJsonl } from "./export/openrlhf-jsonl";
