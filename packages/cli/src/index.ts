export type { CliCommand, CliIo } from "./cli-io";
export { main, usage } from "./main";
export type { PlayOptions } from "./commands/play";
export { playScripted } from "./commands/play";
export { wilson95 } from "@cosir/trainer";
// The evidence demo (`cosir demo`; moved here from @cosir/trainer, which no longer holds it)
export type { DemoArm, DemoOptions, DemoResult, EpisodeRatio } from "./demo/run-demo";
export { DEMO_ARMS, demoArmDir, describeEpisodeRatio, episodeRatio, runDemo } from "./demo/run-demo";
export type { CurvePoint, DemoArmResult, DemoArmSpec } from "./demo/demo-arm";
export { evaluateCheckpoint, evaluateModel, runDemoArm } from "./demo/demo-arm";
export { demoPolicyTable, demoReport } from "./demo/demo-report";
export { heldOutSumHalfWidth, heldOutSumNote } from "./demo/held-out-sum-precision";
export type { HeldOutSeedRow } from "./demo/held-out-by-seed";
export { formatHeldOutBySeed, heldOutBySeed, heldOutBySeedTable } from "./demo/held-out-by-seed";
