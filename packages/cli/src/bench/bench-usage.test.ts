import { policyBackends, scriptedBackend } from "@cosir/policy";
import { describe, expect, it } from "vitest";
import { benchUsage } from "./bench-usage";

describe("benchUsage", () => {
  it("lists the policy shapes of the registered back ends", () => {
    expect(benchUsage()).toContain(
      `Policies: ${scriptedBackend.usage}, name=DIR (tfjs checkpoint), name=chat:MODEL@URL (OpenAI-compatible endpoint, natural surface).\n`,
    );
    policyBackends.register("echo", { ...scriptedBackend, usage: "name=echo:TEXT (echoes)" });
    try {
      expect(benchUsage()).toContain("natural surface), name=echo:TEXT (echoes).\n");
    } finally {
      policyBackends.delete("echo");
    }
  });
});
