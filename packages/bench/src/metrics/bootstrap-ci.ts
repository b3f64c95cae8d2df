/** Moved to @cosir/rewards (with the behaviour metrics); re-exported here for bench's own modules. */
export { bootstrapCi, type BootstrapOptions, type Estimate } from "@cosir/rewards";
