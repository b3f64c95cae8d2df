export type { ArmOverlay, TrainConfig, TrainConfigInput } from "./config/train-config";
export { armConfig } from "./config/arm-config";
export {
  TRAIN_CONFIG_VERSION,
  TrainConfigSchema,
  parseOverride,
  resolveTrainConfig,
  trainPresets,
  validateTrainConfig,
} from "./config/train-config";
export type { TrainBudget, TrainConfigCost } from "./config/train-config-cost";
export {
  DEFAULT_TRAIN_BUDGET,
  TRAINER_CELL_WORD_COUNT,
  TRAINER_VOCAB_SIZE,
  trainConfigCost,
} from "./config/train-config-cost";
export type {
  MetricsLine,
  RlDiagnostics,
  RlMetricsLine,
  RlTiming,
  SftMetricsLine,
  SftTiming,
} from "./metrics/metrics-line";
export {
  METRICS_LINE_VERSION,
  MetricsLineSchema,
  RlMetricsLineSchema,
  SftMetricsLineSchema,
} from "./metrics/metrics-line";
export type { ProgressOptions } from "./metrics/progress";
export { Progress } from "./metrics/progress";
export { wilson95 } from "./metrics/wilson95";
export type { AdvantageOptions, Trajectory } from "./rl/advantages";
export { computeAdvantages, rewardToGo } from "./rl/advantages";
export type { ActAdvantageOptions, ActTrajectory } from "./rl/act-advantages";
export { computeActAdvantages } from "./rl/act-advantages";
export type { ActSpans } from "./run/act-spans";
export { actSpans } from "./run/act-spans";
export { choiceDistillation, choiceDistillationExamples } from "./run/choice-distillation";
export type { RolloutDiagnostics } from "./run/rollout-diagnostics";
export { rolloutDiagnostics } from "./run/rollout-diagnostics";
export type { LearningRateSchedule } from "./rl/learning-rate";
export { learningRateAt } from "./rl/learning-rate";
export type { PpoInputs, PpoLossResult, PpoOptions } from "./rl/ppo-loss";
export { ppoLoss } from "./rl/ppo-loss";
export type { BuiltTrajectories, RolloutAction } from "./rollout/build-trajectories";
export { buildTrajectories, buildTrajectoriesFor } from "./rollout/build-trajectories";
export type { ReplayedAction } from "./rollout/replay-observations";
export { replayObservations } from "./rollout/replay-observations";
export type { SftExample } from "./rollout/training-data";
export { derivedSeed, pretrainTasks, teacherExamples, trainingTask } from "./rollout/training-data";
export { shapeTask } from "./rollout/shape-task";
export type { PretrainShapes, PretrainShapesInput } from "./config/pretrain-shapes";
export { PretrainShapesSchema } from "./config/pretrain-shapes";
export type { EvaluatedDialogue, PolicyEvaluation } from "./run/evaluate-policy";
export { evaluatePolicy, evaluationTasks } from "./run/evaluate-policy";
export type { BaseSkillOptions, BaseSkills, TraceSkills } from "./run/base-skills";
export { finalChoices, measureBaseSkills, traceSkills } from "./run/base-skills";
export type { FinalChoice } from "./run/base-skills";
export { readTally, scratchpadSkills } from "./run/scratchpad-skills";
export { taughtScratchpad, taughtTotalScratchpad } from "./run/taught-scratchpad";
export type { ScratchpadSkills } from "./run/scratchpad-skills";
export { DECISION_KINDS, choiceSkillsByKind, decisionKind, phasePolicy } from "./run/choice-skills";
export type { DecisionKind, KindChoiceSkills } from "./run/choice-skills";
export type { FamilySkills, HeldOutSkills } from "./run/held-out-skills";
export { measureHeldOutSkills, soloFullInformationTask } from "./run/held-out-skills";
export type { PretrainData, PretrainLogLine } from "./run/pretrain-base";
export {
  PRETRAIN_LOG_VERSION,
  askableCells,
  copyByLength,
  copyCurriculumLimit,
  pretrainBase,
  pretrainData,
  pretrainLearningRate,
} from "./run/pretrain-base";
export type { GivenCellProbe } from "./run/given-cell-accuracy";
export { givenCellAccuracy, givenCellProbes } from "./run/given-cell-accuracy";
export type { BaseManifest } from "./run/pretrain-run";
export { BASE_MANIFEST_VERSION, basePaths, runPretrain } from "./run/pretrain-run";
export type { PolicyModel, SamplingPolicyOptions } from "./run/policy-model";
export {
  actionIds,
  createPolicyModel,
  promptIds,
  samplingPolicy,
  TRAINER_CELL_WORDS,
  trainerTokenizer,
} from "./run/policy-model";
export type { RlIterationContext } from "./run/rl-iteration";
export { rlIteration } from "./run/rl-iteration";
export type { RlRollout } from "./run/rl-rollout";
export { rlRollout } from "./run/rl-rollout";
export { decodingLabel } from "./run/decoding-label";
export type { RunPaths, RunState } from "./run/run-folder";
export {
  RUN_STATE_VERSION,
  RunStateSchema,
  appendMetricsLine,
  createRunFolder,
  readMetricsLines,
  readRunConfig,
  readRunState,
  metricsSha256,
  resumeMetrics,
  runPaths,
  runFileSha256,
  runFilesSha256,
  truncateMetrics,
  writeFileAtomic,
  writeJsonAtomic,
  writeRunState,
} from "./run/run-folder";
export type { RunIo } from "./run/supervised-warm-start";
export { supervisedWarmStart } from "./run/supervised-warm-start";
export { TrainRun } from "./run/train-run";
export type { TeacherOptions } from "./teacher/teacher-policy";
export { teacherFromConfig, teacherPolicy } from "./teacher/teacher-policy";
export {
  SCRATCHPAD_MAX,
  choiceScratchpad,
  nearestCandidate,
  runningTotal,
  scratchpadArgmax,
  scratchpadFor,
  type ChoiceScratchpad,
  type TotalScratchpad,
} from "./teacher/choice-scratchpad";
export type { HfLoraSection, HfPolicySection } from "./hf/hf-train-config";
export {
  HfLoraSectionSchema,
  HfPolicySectionSchema,
  parseHfPolicySection,
  hfTrainDefaults,
  loraSettingsOf,
  parseHfLoraSection,
  resolveHfTrainConfig,
} from "./hf/hf-train-config";
export type { HfLearner } from "./hf/hf-ppo-update";
export { hfPpoUpdate } from "./hf/hf-ppo-update";
export type { HfRlMetricsLine, HfRunContext } from "./hf/hf-rl-iteration";
export { hfRlIteration, hfSamplingPolicy } from "./hf/hf-rl-iteration";
export { hfTeacherSequences, hfWarmStart } from "./hf/hf-warm-start";
export type { HfLoraRunConfig } from "./hf/hf-lora-run";
export { HF_LORA_RUN_VERSION, HfLoraRun } from "./hf/hf-lora-run";
