export type { ScriptedKind, ScriptedPolicyOptions } from "./scripted/scripted-policy";
export { SCRIPTED_KINDS, scriptedPolicy } from "./scripted/scripted-policy";
export { observationBeliefs, publicBeliefs } from "./scripted/observation-beliefs";
