export type { CliCommand, CliIo } from "./cli/cli-io";
export { main, usage } from "./cli/main";
export type { PosteriorAnswer, PosteriorQuery } from "./cli/commands/posterior";
export { PosteriorQuerySchema, answerPosteriorQuery } from "./cli/commands/posterior";
export { playScripted } from "./cli/commands/play";
export { wilson95 } from "./cli/summary-table";
