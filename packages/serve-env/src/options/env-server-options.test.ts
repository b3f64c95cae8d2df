import { InvalidConfigError } from "@cosir/bayes";
import { describe, expect, it } from "vitest";
import { resolveEnvServerOptions } from "./env-server-options";

describe("resolveEnvServerOptions", () => {
  it("fills defaults", () => {
    const o = resolveEnvServerOptions();
    expect(o.logger).toBe(false);
  });

  it("refuses a bad option with an InvalidConfigError whose expectation is zod's message, once", () => {
    let error: unknown;
    try {
      resolveEnvServerOptions({ maxEpisodes: 0 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidConfigError);
    const e = error as InvalidConfigError;
    expect(e.field).toBe("options.maxEpisodes");
    expect(e.value).toBe(0);
    expect(e.message).toBe(`options.maxEpisodes: ${e.expected}, got 0`);
    expect(e.expected).not.toMatch(/, got /);
  });
});
