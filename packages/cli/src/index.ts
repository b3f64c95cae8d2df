export type { CliCommand, CliIo } from "./cli-io";
export { main, usage } from "./main";
export type { PlayOptions } from "./commands/play";
export { playScripted } from "./commands/play";
export { wilson95 } from "@cosir/trainer";
