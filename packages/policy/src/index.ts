export type { ScriptedKind, ScriptedPolicyOptions } from "./scripted/scripted-policy";
export { SCRIPTED_KINDS, scriptedPolicy } from "./scripted/scripted-policy";
export { observationBeliefs, publicBeliefs } from "./scripted/observation-beliefs";
export type { ChatPolicyOptions, ChatPolicyStats } from "./chat/chat-policy";
export { CHAT_ERROR_PREFIX, ChatPolicy, chatCompletionsUrl } from "./chat/chat-policy";
