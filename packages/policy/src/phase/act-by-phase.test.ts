import type { Observation, PolicyAction } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actByPhase } from "./act-by-phase";

/** A stand-in observation: only its phase and text matter here. */
const obs = (phase: Observation["phase"], k: number) => ({ phase, text: `o${k}` }) as unknown as Observation;

describe("actByPhase", () => {
  it("sends discussion rows to talk and the rest to choose, and puts the actions back in input order (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("discuss", "choose", "preChoice"), { maxLength: 12 }),
        async (phases) => {
          const batch = phases.map((p, k) => obs(p as Observation["phase"], k));
          const calls: string[][] = [];
          const tag = (side: string) => (rows: readonly Observation[]) => {
            calls.push(rows.map((o) => o.text));
            return rows.map((o): PolicyAction => ({ text: `${side}:${o.text}` }));
          };
          const out = await actByPhase(batch, tag("talk"), tag("choose"));
          expect(out.map((a) => a.text)).toEqual(
            batch.map((o) => `${o.phase === "discuss" ? "talk" : "choose"}:${o.text}`),
          );
          // talk first, each side once and only when it has rows
          const talkRows = batch.filter((o) => o.phase === "discuss").map((o) => o.text);
          const chooseRows = batch.filter((o) => o.phase !== "discuss").map((o) => o.text);
          expect(calls).toEqual([talkRows, chooseRows].filter((rows) => rows.length > 0));
        },
      ),
    );
  });

  it("refuses a side that answers the wrong number of actions, naming it", async () => {
    const batch = [obs("discuss", 0), obs("choose", 1)];
    await expect(
      actByPhase(
        batch,
        (rows) => rows.map(() => ({ text: "PASS" })),
        () => [],
        { talk: "t", choose: "short" },
      ),
    ).rejects.toThrow(/short answered 0 of 1/);
  });
});
