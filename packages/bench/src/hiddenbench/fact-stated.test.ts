import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { enoughWords, factStated, normaliseText } from "./fact-stated";

const options = ["West City", "East Town", "North Hill"];
const shared = ["East Town is reached through a tunnel.", "The bridge to West City is the shortest route."];
const description = "Decide where to evacuate: West City (bridge), East Town (tunnel) or North Hill (trails).";
const context = [description, ...options, ...shared];

describe("factStated", () => {
  it("normalises case, punctuation and accents", () => {
    expect(normaliseText("  Café, RÉSUMÉ!  ")).toBe("cafe resume");
    expect(
      factStated("Supplier Alpha's factory closed last week.", "fyi: supplier alpha s FACTORY closed last week"),
    ).toBe(true);
    expect(factStated("Supplier Alpha's factory closed last week.", "Alpha is cheap")).toBe(false);
  });

  it("counts the content that distinguishes the fact from the options, description and shared facts", () => {
    const fact = "The bridge to West City collapsed an hour ago.";
    expect(factStated(fact, "Heads up: the West City bridge collapsed an hour ago!", 0.8, context)).toBe(true);
    // multi-line facts and paraphrase with the same distinctive words
    expect(
      factStated(
        "A note:\nNorth Hill trails\nare flooded since dawn.",
        "got a note: north hill is flooded since dawn",
        0.8,
        context,
      ),
    ).toBe(true);
  });

  it("echo cases never count", () => {
    const fact = "West City is reached through a bridge; East Town through a tunnel.";
    // a fact made only of context words has nothing distinctive
    expect(factStated(fact, fact, 0.8, context)).toBe(false);
    const real = "The tunnel to East Town is blocked by a landslide.";
    expect(factStated(real, "We could go to West City, East Town or North Hill.", 0.8, context)).toBe(false);
    expect(factStated(real, `${shared.join(" ")} ${description}`, 0.8, context)).toBe(false);
    // without context the same echo of a fact naming only options would count (the old false positive)
    expect(factStated("West City, East Town", "West City, East Town or North Hill", 0.8)).toBe(true);
    expect(factStated("West City, East Town", "West City, East Town or North Hill", 0.8, context)).toBe(false);
  });

  it("a fact with no distinctive word is compared on its distinctive word pairs", () => {
    const opts = ["Alder Works", "Birch Holdings"];
    const sharedTable = ["Alder Works:\n- (a) Y\n- (b) N", "Birch Holdings:\n- (c) N"];
    const ctx = [...opts, ...sharedTable, "Pick the firm with the most Y marks."];
    const fact = "Alder Works:\n- (c) N\nBirch Holdings:\n- (a) Y\n- (b) Y";
    expect(factStated(fact, "I have: Alder Works (c) N, Birch Holdings (a) Y, (b) Y.", 0.8, ctx)).toBe(true);
    expect(factStated(fact, sharedTable.join(" "), 0.8, ctx)).toBe(false);
    expect(factStated(fact, "Alder Works or Birch Holdings?", 0.8, ctx)).toBe(false);
  });

  it("property: a message made of the context's sentences never discloses a table fact", () => {
    const opts = ["Alder Works", "Birch Holdings", "Cedar Group"];
    const ctx = [
      ...opts,
      "Alder Works:\n- (a) Y\n- (b) N",
      "Birch Holdings:\n- (c) N\n- (d) Y",
      "Cedar Group:\n- (b) Y",
    ];
    const fact = "Alder Works:\n- (c) N\n- (d) N\nBirch Holdings:\n- (b) Y\nCedar Group:\n- (a) N";
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ctx), { minLength: 1, maxLength: 12 }), (msg) => {
        expect(factStated(fact, msg.join(" "), 0.8, ctx)).toBe(false);
      }),
    );
    expect(factStated(fact, "Mine: Alder Works (c) N, (d) N; Birch Holdings (b) Y; Cedar Group (a) N", 0.8, ctx)).toBe(
      true,
    );
  });

  it("property: a message built only from context words never discloses", () => {
    const words = context.flatMap((c) => c.split(/\s+/));
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 60 }),
        fc.constantFrom(
          "The tunnel to East Town is blocked by a landslide.",
          "North Hill's road was washed away at 3 am.",
        ),
        (msg, fact) => {
          expect(factStated(fact, msg.join(" "), 0.8, context)).toBe(false);
        },
      ),
    );
  });

  it("property: stating the fact verbatim inside any context echo discloses it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...context), fc.constantFrom(...context), (a, b) => {
        const fact = "The tunnel to East Town is blocked by a landslide.";
        expect(factStated(fact, `${a} ${fact} ${b}`, 0.8, context)).toBe(true);
      }),
    );
  });

  it("a short fact restated with one synonym counts; one or two distinctive words must all be there", () => {
    const ctx = ["Pick a site: West City, East Town or North Hill.", "West City is the cheapest."];
    const fact = "The West City bridge collapsed overnight.";
    // distinctive: bridge, collapsed, overnight
    expect(factStated(fact, "Heads up: the West City bridge fell down overnight.", 0.8, ctx)).toBe(true);
    expect(factStated(fact, "West City is the cheapest, and its bridge is fine.", 0.8, ctx)).toBe(false);
    expect(factStated("West City flooded.", "West City got wet.", 0.8, ctx)).toBe(false);
    expect(factStated("The bridge at West City collapsed.", "The bridge at West City broke.", 0.8, ctx)).toBe(false);
  });

  it("property: one word of a 3-6 word fact swapped for a synonym still discloses; an echo of the context never does", () => {
    const context = ["Choose between Harbor Depot and Quarry Yard.", "Harbor Depot is cheaper than Quarry Yard."];
    const vocabulary = [
      "crane",
      "rusted",
      "permit",
      "expired",
      "tunnel",
      "flooded",
      "inspector",
      "warned",
      "roof",
      "leaks",
    ];
    const synonyms = ["hoist", "corroded", "licence", "lapsed", "passage", "submerged", "auditor", "cautioned"];
    const factArb = fc
      .uniqueArray(fc.constantFrom(...vocabulary), { minLength: 3, maxLength: 6 })
      .chain((words) =>
        fc.record({ words: fc.constant(words), swap: fc.nat(words.length - 1), syn: fc.constantFrom(...synonyms) }),
      );
    fc.assert(
      fc.property(factArb, ({ words, swap, syn }) => {
        const fact = `At Harbor Depot the ${words.join(" ")}.`;
        const said = words.map((w, k) => (k === swap ? syn : w));
        expect(factStated(fact, `I heard that at Harbor Depot the ${said.join(" ")}.`, 0.8, context)).toBe(true);
        // the context echoed, plus all but two of the fact's words: never
        const echo = `${context.join(" ")} ${words.slice(0, words.length - 2).join(" ")}`;
        expect(factStated(fact, echo, 0.8, context)).toBe(false);
        expect(factStated(fact, context.join(" "), 0.8, context)).toBe(false);
      }),
    );
  });

  it("enoughWords agrees with a count-based oracle on small cases", () => {
    // oracle: the fact is stated when the words missing are at most (1 - minOverlap) of them, or exactly one of 3+
    const oracle = (hit: number, n: number, m: number): boolean =>
      hit * 1000 >= Math.round(m * 1000) * n || (m < 1 && n >= 3 && n - hit <= 1);
    for (let n = 1; n <= 8; n++)
      for (let hit = 0; hit <= n; hit++)
        for (const m of [0.5, 0.8, 0.9, 1]) expect(enoughWords(hit, n, m)).toBe(oracle(hit, n, m));
  });
});
