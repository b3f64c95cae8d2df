export type { AtomicOutput } from "./io/write-output-atomic";
export {
  checkOutputFolder,
  checkOutputPath,
  openOutputAtomic,
  prepareOutputFolder,
  writeOutputAtomic,
} from "./io/write-output-atomic";
export type { ScriptedKind, ScriptedPolicyOptions } from "./scripted/scripted-policy";
export { SCRIPTED_KINDS, scriptedPolicy } from "./scripted/scripted-policy";
export { observationBeliefs, publicBeliefs } from "./scripted/observation-beliefs";
export { actByPhase } from "./phase/act-by-phase";
export type { PendingAnswer } from "./scripted/pending-answers";
export { pendingAnswers } from "./scripted/pending-answers";
// Chat endpoints and policy back ends (issue 23: one client; back ends registered by kind)
export type { ChatPolicyOptions, ChatPolicyStats } from "./chat/chat-policy";
// CHAT_ERROR_PREFIX lives in @cosir/env (its parsers refuse such texts); re-exported where it was first published.
export { CHAT_ERROR_PREFIX } from "@cosir/env";
export { ChatPolicy } from "./chat/chat-policy";
export { chatCompletionsUrl } from "./chat/chat-completions-url";
export type { ChatClientStats, ChatCompletionReply, OpenAiClientOptions } from "./chat/open-ai-client";
export { OpenAiClient } from "./chat/open-ai-client";
export type { EndpointClientOptions } from "./chat/endpoint-client";
export { endpointClient } from "./chat/endpoint-client";
export { endpointClientOptions } from "./chat/endpoint-client-options";
export { ChatAttemptError } from "./chat/chat-attempt-error";
export { EndpointUnreachableError } from "./chat/endpoint-unreachable-error";
export type {
  CreatedPolicy,
  PolicyBackend,
  PolicyBackendContext,
  PolicyEndpointOptions,
  PolicySpec,
} from "./backends/policy-backend";
export { policyBackends } from "./backends/policy-backends";
export { parsePolicySpec, parsePolicySpecs, policySpecUsage } from "./backends/parse-policy-specs";
export { createPolicy, policySpecLabel, probePolicy } from "./backends/create-policy";
export { scriptedBackend } from "./backends/scripted-backend";
export { checkpointBackend, loadCheckpointPolicy } from "./backends/checkpoint-backend";
export { choiceTemperatureFlag } from "./backends/choice-temperature-flag";
export { chatBackend, probeChatEndpoint } from "./backends/chat-backend";
