import { InvalidArgumentError } from "@cosir/bayes";
import { generateTask } from "@cosir/env";
import { describe, expect, it } from "vitest";
import { generateAt } from "./cosir-label";

function thrown(f: () => unknown): InvalidArgumentError {
  try {
    f();
  } catch (error) {
    if (error instanceof InvalidArgumentError) return error;
    throw error;
  }
  throw new TypeError("expected an InvalidArgumentError");
}

describe("generateAt", () => {
  it("generates {family, seed, ...size} as generateTask does", () => {
    expect(generateAt({ family: "random", seed: 3, agents: 2 }, "label")).toEqual(
      generateTask({ family: "random", seed: 3, agents: 2 }),
    );
  });

  it("re-names a generator's error under the label field, with its expectation and the message unchanged", () => {
    const inner = thrown(() => generateTask({ family: "hiddenProfile", seed: 1, attributes: 2 }));
    const e = thrown(() => generateAt({ family: "hiddenProfile", seed: 1, attributes: 2 }, "labels[3]"));
    expect(e.field).toBe("labels[3].attributes");
    expect(e.expected).toBe(inner.expected);
    expect(e.expected).toBe("expected at least 3 attributes for a hidden profile");
    expect(e.message).toBe("labels[3].attributes: expected at least 3 attributes for a hidden profile, got 2");
    expect(e.cause).toBeInstanceOf(InvalidArgumentError);
    expect((e.cause as InvalidArgumentError).message).toBe(inner.message);
  });

  it("keeps the generator's bounds as its expectation", () => {
    const e = thrown(() => generateAt({ family: "random", seed: 1, agents: 99 }, "label"));
    expect([e.field, e.expected]).toEqual(["label.agents", "expected an integer in 1..16"]);
    expect(e.message).toBe("label.agents: expected an integer in 1..16, got 99");
  });
});
