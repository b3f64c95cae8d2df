// Task, trace, acts and the Policy interface (the seams other packages code against)
export { TaskSchema, DomainSchema, DecisionSchema, TASK_VERSION } from "./task/task";
export type { Task, PublicTask, Domain, Decision } from "./task/task";
export { ActSchema } from "./messages/act";
export type { Act, ShareAct, AskAct, Surface } from "./messages/act";
export { TraceSchema, TraceMessageSchema, TraceChoiceSchema, TRACE_VERSION } from "./trace/trace";
export type { Trace, TraceMessage, TraceChoice } from "./trace/trace";
export type { Observation, Policy, PolicyAction, Phase, ChatMessage } from "./policy/policy";

// Errors
export { SchemaError } from "./errors/schema-error";
export { describeZodError, schemaErrorFromZod } from "./errors/schema-error-from-zod";
export type { ZodErrorDescription } from "./errors/schema-error-from-zod";
export type { SchemaIssue } from "./errors/schema-error";
export { ProtocolError } from "./errors/protocol-error";
export { TraceProtocolError } from "./errors/trace-protocol-error";

// Randomness
export { Rng } from "./rng/rng";
export { hashSeed } from "./rng/hash-seed";

// Domains
export { domainVocabularies, domainNames } from "./domains/domain-vocabularies";
export type { DomainVocabulary, DomainName } from "./domains/domain-vocabularies";
export { domainFor } from "./domains/domain-for";

// Task helpers
export { validateTask } from "./task/validate-task";
export { validateTrace } from "./trace/validate-trace";
export { publicTask } from "./task/public-task";
export { answerCount } from "./task/answer-count";
export { decisionModelForTask } from "./task/decision-model-for-task";
export type { DecisionStructure } from "./task/decision-model-for-task";
export { taskPosteriorCost } from "./task/task-posterior-cost";
export { agentBeliefs } from "./task/agent-beliefs";
export type { SpokenMessage } from "./task/agent-beliefs";
export { EvidenceReplay } from "./task/evidence-replay";
export type {
  AskEvidence,
  HeardClaim,
  MessageEvidence,
  ReplayMessage,
  ShareEvidence,
} from "./task/evidence-replay";
export { cellPosition } from "./task/cell-position";
export { trueLevel } from "./task/true-level";
export { actCell } from "./task/act-cell";
export { validShareCell } from "./task/valid-share-cell";
export { isTaskAgent } from "./task/is-task-agent";
export { agentChoice } from "./trace/agent-choice";
export { checkTraceProtocol } from "./trace/check-trace-protocol";
export { findTraceViolation } from "./trace/find-trace-violation";
export type { TraceViolation } from "./trace/find-trace-violation";
export { ownBeliefs } from "./task/own-beliefs";
export { pooledBeliefs } from "./task/pooled-beliefs";

// Generators
export { randomTask } from "./generators/random-task";
export type { RandomTaskOptions } from "./generators/random-task";
export { hiddenProfileTask, verifyHiddenProfile } from "./generators/hidden-profile-task";
export type { HiddenProfileTaskOptions } from "./generators/hidden-profile-task";
export { taskFamilies, registerTaskFamily } from "./generators/task-families";
export { generateTask } from "./generators/generate-task";
export { TaskOptionsSchema } from "./generators/task-options-schema";
export type { TaskOptions } from "./generators/task-options-schema";
export type { GenerateTaskOptions } from "./generators/generate-task";
export { resolveTaskGeneratorOptions } from "./generators/task-generator-options";
export type { TaskGenerator, TaskGeneratorOptions, ResolvedSize } from "./generators/task-generator-options";
export { finishTask } from "./generators/finish-task";
export { sampleLevel } from "./generators/sample-level";

// Helpers for families built on top of env (the held-out families live in @cosir/bench; registerTaskFamily adds them)
export { evidenceSummary } from "./task/evidence-summary";
export type { EvidenceSummary } from "./task/evidence-summary";
export { retagTask } from "./task/retag-task";

// Message surfaces
export { renderCanonical } from "./messages/render-canonical";
export { parseCanonical } from "./messages/parse-canonical";
export { renderNatural } from "./messages/render-natural";
export { parseNatural } from "./messages/parse-natural";
export { renderMessage } from "./messages/render-message";
export { parseMessage } from "./messages/parse-message";
export { CHAT_ERROR_PREFIX, chatErrorText } from "./messages/chat-error-prefix";
export { toolDefinitions } from "./messages/tool-definitions";
export { renderToolCalls } from "./messages/render-tool-calls";
export { renderToolText } from "./messages/render-tool-text";
export { parseToolText } from "./messages/parse-tool-text";
export { stripReasoning } from "./messages/strip-reasoning";
export { parseToolCalls } from "./messages/parse-tool-calls";
export { toolCallsToText } from "./messages/tool-calls-to-text";
export type { ChatTool, ToolCall, JsonSchema } from "./messages/chat-tool";
export { renderChoice } from "./messages/render-choice";
export { parseChoice } from "./messages/parse-choice";
export { renderTally } from "./messages/render-tally";
export { choiceTally } from "./task/choice-tally";
export { answerNames } from "./messages/answer-names";
export { canonicalVocabulary } from "./messages/canonical-vocabulary";
export type { CanonicalVocabularyOptions } from "./messages/canonical-vocabulary";
export { CANONICAL_KEYWORDS } from "./messages/canonical-keywords";
export { MAX_MESSAGE_LENGTH, MAX_ACTS } from "./messages/message-limits";
export type { MessageParseResult, ChoiceParseResult } from "./messages/parse-result";

// Protocol
export { CollaborationEnv } from "./protocol/collaboration-env";
export type { CollaborationEnvOptions, LastResult } from "./protocol/collaboration-env";
export { renderObservation, renderCanonicalObservation } from "./protocol/render-observation";
export type { ObservationState } from "./protocol/render-observation";
export { ownCells } from "./protocol/own-cells";
export { teamDecision } from "./protocol/team-decision";
export { runEpisode } from "./protocol/run-episode";
export type { RunEpisodeOptions } from "./protocol/run-episode";
export { runEpisodes } from "./protocol/run-episodes";
export type { RunEpisodesOptions } from "./protocol/run-episodes";
