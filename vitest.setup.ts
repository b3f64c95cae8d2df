// Shared vitest setup: one fast-check seed per run, printed by the global setup so a CI failure can be replayed
// with FC_SEED=<seed> pnpm test.
import fc from "fast-check";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    fcSeed: number;
    fcRuns: number;
  }
}

fc.configureGlobal({ seed: inject("fcSeed"), numRuns: inject("fcRuns") });
