import { InvalidConfigError } from "@cosir/bayes";
import { describe, expect, it } from "vitest";
import { rejectArmTables } from "./reject-arm-tables";
import { resolveTrainConfig } from "./train-config";

describe("rejectArmTables", () => {
  it("refuses rl.gammaByPreset and rl.klCoefByPreset, naming the field and saying what to write instead", () => {
    const gamma = () => rejectArmTables({ rl: { gammaByPreset: { cosir: 0 } } });
    expect(gamma).toThrow(InvalidConfigError);
    expect(gamma).toThrow(
      'rl.gammaByPreset: was replaced by per-arm overlays; write arms: { <preset>: { rl: { gamma: ... } } } instead (--set arms.cosir.rl.gamma=0), got {"cosir":0}',
    );
    expect(() => rejectArmTables({ rl: { klCoefByPreset: { outcomeOnly: 0.2 } } })).toThrow(
      /^rl\.klCoefByPreset: .*--set arms\.outcomeOnly\.rl\.klCoef=0\.2\)/,
    );
    // a table of another shape still gets the advice
    expect(() => rejectArmTables({ rl: { gammaByPreset: 3 } })).toThrow(/^rl\.gammaByPreset: was replaced/);
  });

  it("leaves every other input to the schema", () => {
    for (const input of [undefined, null, 3, "x", {}, { rl: null }, { rl: { gamma: 0 } }, { arms: {} }])
      expect(() => rejectArmTables(input)).not.toThrow();
  });

  it("is what validation says of an old config file or --set", () => {
    expect(() =>
      resolveTrainConfig({ preset: "smoke", file: { rl: { klCoefByPreset: { outcomeOnly: 0.2 } } } }),
    ).toThrow(/^rl\.klCoefByPreset: was replaced by per-arm overlays/);
  });
});
