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
export type { PendingAnswer } from "./scripted/pending-answers";
export { pendingAnswers } from "./scripted/pending-answers";
export type { ChatPolicyOptions, ChatPolicyStats } from "./chat/chat-policy";
// CHAT_ERROR_PREFIX lives in @cosir/env (its parsers refuse such texts); re-exported where it was first published.
export { CHAT_ERROR_PREFIX } from "@cosir/env";
export { ChatPolicy, chatCompletionsUrl } from "./chat/chat-policy";
