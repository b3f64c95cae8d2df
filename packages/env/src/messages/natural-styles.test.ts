import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTask } from "../generators/generate-task";
import { taskArbitrary } from "../test-support/arbitraries";
import type { Task } from "../task/task";
import type { Act } from "./act";
import { parseNatural } from "./parse-natural";

// The styles of issue 26, as property tests: acts rendered in each style read back exactly, and what must never
// yield a share (reported claims, mismatched paired lists) never does.

type Share = { option: number; attribute: number; level: number };
const key = (a: Act): string => JSON.stringify(a);
const sorted = (acts: readonly Act[]): string[] => acts.map(key).sort();

/** A task with distinct shares on distinct cells (1..4 of them). */
const sharesArbitrary = taskArbitrary.chain((task) =>
  fc
    .uniqueArray(
      fc.record({
        option: fc.integer({ min: 0, max: task.options - 1 }),
        attribute: fc.integer({ min: 0, max: task.attributes - 1 }),
      }),
      { minLength: 1, maxLength: 4, selector: (c) => `${c.option} ${c.attribute}` },
    )
    .chain((cells) =>
      fc
        .array(fc.integer({ min: task.levels[0], max: task.levels[1] }), {
          minLength: cells.length,
          maxLength: cells.length,
        })
        .map((levels) => ({ task, shares: cells.map((c, k) => ({ ...c, level: levels[k] as number })) })),
    ),
);

const shareAct = (s: Share): Act => ({ kind: "share", ...s });

/** One share in each sentence style of the issue (the count forms, number forms, answers and corrections). */
const sentenceStyles: ((t: Task, s: Share) => string)[] = [
  (t, s) => `${t.domain.options[s.option]} has a rating of ${s.level} in ${t.domain.attributes[s.attribute]}.`,
  (t, s) => `${t.domain.options[s.option]} earns ${s.level} stars for ${t.domain.attributes[s.attribute]}.`,
  (t, s) => `${t.domain.options[s.option]} has ${s.level} ${t.domain.attributes[s.attribute]}.`,
  (t, s) => `There are ${s.level} ${t.domain.attributes[s.attribute]} on ${t.domain.options[s.option]}.`,
  (t, s) => `${t.domain.options[s.option]}'s ${t.domain.attributes[s.attribute]}? It's a ${s.level}.`,
  (t, s) => `As for ${t.domain.options[s.option]}'s ${t.domain.attributes[s.attribute]}, it's ${s.level}.`,
  (t, s) =>
    `Agent 1 claims ${t.domain.options[s.option]}'s ${t.domain.attributes[s.attribute]} is ${t.levels[0]}, but I see ${s.level}.`,
  (t, s) =>
    `${t.domain.options[s.option]} gets a solid ${s.level} out of ${t.levels[1]} on ${t.domain.attributes[s.attribute]}.`,
  // fresh8 / fresh9
  (t, s) => `On ${t.domain.attributes[s.attribute]}, ${t.domain.options[s.option]} scores ${s.level}.`,
  (t, s) => `${t.domain.attributes[s.attribute]} is a ${s.level} for ${t.domain.options[s.option]}.`,
  (t, s) => `${t.domain.attributes[s.attribute]} at ${t.domain.options[s.option]}? A ${s.level}.`,
  (t, s) => `${t.domain.options[s.option]} has exactly ${s.level} ${t.domain.attributes[s.attribute]}.`,
];

describe("issue 26 styles read back exactly (property)", () => {
  it("every sentence style, one share a sentence, in every domain", () => {
    fc.assert(
      fc.property(sharesArbitrary, fc.nat(), ({ task, shares }, pick) => {
        const text = shares
          .map((s, k) => (sentenceStyles[(pick + k) % sentenceStyles.length] as (t: Task, s: Share) => string)(task, s))
          .join(" ");
        expect(sorted(parseNatural(text, task).acts)).toEqual(sorted(shares.map(shareAct)));
      }),
      { numRuns: 150 },
    );
  });

  it("markdown tables in either orientation, any column order, blanks elsewhere", () => {
    fc.assert(
      fc.property(
        sharesArbitrary,
        fc.boolean(),
        fc.constantFrom("", "?", "-", "n/a"),
        ({ task, shares }, rows, blank) => {
          const { options, attributes } = task.domain;
          const rowIds = [...new Set(shares.map((s) => (rows ? s.option : s.attribute)))].reverse();
          const colIds = [...new Set(shares.map((s) => (rows ? s.attribute : s.option)))];
          const names = (ids: number[], list: readonly string[]) => ids.map((k) => list[k] as string);
          const lines = [
            `| ${rows ? "Option" : "Attribute"} | ${names(colIds, rows ? attributes : options).join(" | ")} |`,
            `|---|${colIds.map(() => "---").join("|")}|`,
            ...rowIds.map((r) => {
              const cells = colIds.map((c) => {
                const s = shares.find((x) =>
                  rows ? x.option === r && x.attribute === c : x.attribute === r && x.option === c,
                );
                return s === undefined ? blank : String(s.level);
              });
              return `| ${(rows ? options : attributes)[r]} | ${cells.join(" | ")} |`;
            }),
          ];
          const result = parseNatural(`Here is what I see:\n\n${lines.join("\n")}\n\nThanks.`, task);
          expect(sorted(result.acts)).toEqual(sorted(shares.map(shareAct)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("JSON and YAML act objects", () => {
    fc.assert(
      fc.property(sharesArbitrary, fc.boolean(), ({ task, shares }, yaml) => {
        const named = shares.map((s) => ({
          act: "share",
          option: task.domain.options[s.option],
          attribute: task.domain.attributes[s.attribute],
          level: s.level,
        }));
        const text = yaml
          ? named
              .map((n) => `- act: share\n  option: ${n.option}\n  attribute: ${n.attribute}\n  level: ${n.level}`)
              .join("\n")
          : `\`\`\`json\n${JSON.stringify(named, null, 2)}\n\`\`\``;
        expect(parseNatural(text, task).acts).toEqual(shares.map(shareAct));
      }),
      { numRuns: 100 },
    );
  });

  it("paired lists: exact when the counts match, no share at all when they do not", () => {
    const paired = taskArbitrary
      .filter((t) => t.options >= 3)
      .chain((task) =>
        fc.record({
          task: fc.constant(task),
          options: fc.uniqueArray(fc.integer({ min: 0, max: task.options - 1 }), { minLength: 2, maxLength: 3 }),
          attribute: fc.integer({ min: 0, max: task.attributes - 1 }),
          levels: fc.array(fc.integer({ min: task.levels[0], max: task.levels[1] }), { minLength: 3, maxLength: 3 }),
          drop: fc.boolean(),
          respectively: fc.boolean(),
        }),
      );
    fc.assert(
      fc.property(paired, ({ task, options, attribute, levels, drop, respectively }) => {
        const list = (xs: string[]) => `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
        const said = levels.slice(0, drop ? options.length - 1 : options.length);
        if (said.length < 2) return;
        const text = `${list(options.map((o) => task.domain.options[o] as string))} have ${task.domain.attributes[attribute]} ${list(said.map(String))}${respectively ? " respectively" : ""}.`;
        const acts = parseNatural(text, task).acts;
        if (drop) expect(acts.filter((a) => a.kind === "share")).toEqual([]);
        else expect(acts).toEqual(options.map((option, k) => ({ kind: "share", option, attribute, level: levels[k] })));
      }),
      { numRuns: 150 },
    );
  });

  it("reported claims never yield shares, in any lead-in", () => {
    const leads = [
      "According to Agent {n}, ",
      "Per Agent {n}, ",
      "As Agent {n} reported, ",
      "From what Agent {n} said, ",
      "Agent {n} said ",
      "Agent {n} claims that ",
      "If Agent {n} is right, ",
      "Agent {n} mentioned that ",
      // fresh8 / fresh9: any other agent named as the source
      "I heard from Agent {n} that ",
      "Going by Agent {n}'s count, ",
      "Based on what Agent {n} shared, ",
      "If I understood Agent {n} correctly, ",
      "Agent {n} seems to think ",
      "Word from Agent {n} is that ",
      "From Agent {n}'s message: ",
      "Going by your numbers, ",
    ];
    fc.assert(
      fc.property(sharesArbitrary, fc.constantFrom(...leads), fc.nat(), ({ task, shares }, lead, pick) => {
        const s = shares[0] as Share;
        const style = [
          `${task.domain.options[s.option]} has ${task.domain.attributes[s.attribute]} ${s.level}`,
          `${task.domain.options[s.option]}'s ${task.domain.attributes[s.attribute]} is ${s.level}`,
          `${task.domain.options[s.option]} has ${s.level} ${task.domain.attributes[s.attribute]}`,
        ][pick % 3];
        const text = `${lead.replace("{n}", String(1 + (pick % task.agents)))}${style}.`;
        expect(parseNatural(text, task).acts.filter((a) => a.kind === "share")).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("addressed questions keep their addressee", () => {
    const forms = [
      (o: string, a: string, n: number) => `Question for Agent ${n}: what is the ${a} of ${o}?`,
      (o: string, a: string, n: number) => `I'd like to ask Agent ${n}: what's ${o}'s ${a}?`,
      (o: string, a: string, n: number) => `To Agent ${n}: what is the ${a} of ${o}?`,
      (o: string, a: string, n: number) => `Question for Agent ${n}:\nWhat is ${o}'s ${a}?`,
    ];
    fc.assert(
      fc.property(sharesArbitrary, fc.nat(), ({ task, shares }, pick) => {
        const s = shares[0] as Share;
        const to = pick % task.agents;
        const form = forms[pick % forms.length] as (o: string, a: string, n: number) => string;
        const text = form(
          task.domain.options[s.option] as string,
          task.domain.attributes[s.attribute] as string,
          to + 1,
        );
        expect(parseNatural(text, task).acts).toEqual([{ kind: "ask", option: s.option, attribute: s.attribute, to }]);
      }),
      { numRuns: 100 },
    );
  });
});

describe("issue 26 styles, examples", () => {
  const task = generateTask({ family: "hiddenProfile", seed: 1, domain: "restaurants" });

  it("proposal forms and shares inside proposals", () => {
    expect(parseNatural("Let's lock in Restaurant B.", task).acts).toEqual([{ kind: "propose", option: 1 }]);
    expect(parseNatural("Final answer from me: Restaurant C.", task).acts).toEqual([{ kind: "propose", option: 2 }]);
    expect(parseNatural("If no one objects, I propose Restaurant A.", task).acts).toEqual([
      { kind: "propose", option: 0 },
    ]);
    expect(parseNatural("If Restaurant A had better service, I propose it.", task).error).toBeDefined();
    expect(parseNatural("Let's go with Restaurant C, whose service is 5.", task).acts).toEqual([
      { kind: "propose", option: 2 },
      { kind: "share", option: 2, attribute: 1, level: 5 },
    ]);
  });

  it("number forms on another scale are refused and reported as missed", () => {
    const r = parseNatural("Restaurant A rates a seven out of ten for service.", task);
    expect(r.error).toBeDefined();
    expect(r.missed).toEqual(["Restaurant A rates a seven out of ten for service."]);
    expect(parseNatural("Restaurant B gets full marks for ambience.", task).acts).toEqual([
      { kind: "share", option: 1, attribute: 2, level: 5 },
    ]);
  });

  it("a paired list whose counts differ takes nothing and is reported, never a wrong level", () => {
    const r = parseNatural("Restaurant A and Restaurant B have service 2, 3 and 4 respectively.", task);
    expect(r.error).toBeDefined();
    expect(r.unparsed).toEqual(["Restaurant A and Restaurant B have service 2, 3 and 4 respectively."]);
    expect(r.missed).toEqual(r.unparsed);
  });

  it("tables: unread cells are reported (and missed when they hold a number); blanks are not", () => {
    const text = "| Option | service | ambience |\n|---|---|---|\n| Restaurant A | 3-4 | ? |\n| Restaurant B | 2 | - |";
    const r = parseNatural(text, task);
    expect(r.acts).toEqual([{ kind: "share", option: 1, attribute: 1, level: 2 }]);
    expect(r.unparsed).toEqual(["Restaurant A, service: 3-4"]);
    expect(r.missed).toEqual(["Restaurant A, service: 3-4"]);
    expect(parseNatural("| Option | service |\n|---|---|\n| Restaurant A | 9 |", task).error).toMatch(/out of range/);
  });

  it("JSON: an invalid act object takes no act and says why; chatter around JSON is read as sentences", () => {
    const r = parseNatural('{"act": "share", "option": "Restaurant Z", "attribute": "service", "level": 4}', task);
    expect(r.error).toBeDefined();
    expect(r.unparsed?.[0]).toMatch(/share\.option: unknown name "Restaurant Z"/);
    // acts come in the order of the sentences (and JSON values) they start in
    expect(parseNatural('Here: {"act": "pass"} I propose Restaurant A.', task).acts).toEqual([
      { kind: "propose", option: 0 },
      { kind: "pass" },
    ]);
    // never throws, whatever the brackets
    fc.assert(
      fc.property(fc.stringMatching(/^[{}[\]":a-z ,0-9]*$/), (text) => {
        expect(parseNatural(text, task).acts.length).toBeGreaterThan(0);
      }),
    );
  });

  it("corrections are the speaker's own value; reported claims alone are not", () => {
    expect(parseNatural("Agent 2 said Restaurant A has service 4; actually it has 1.", task).acts).toEqual([
      { kind: "share", option: 0, attribute: 1, level: 1 },
    ]);
    expect(parseNatural("Agent 2 claims Restaurant B has service 5. I see 2.", task).acts).toEqual([
      { kind: "share", option: 1, attribute: 1, level: 2 },
    ]);
    expect(parseNatural("According to Agent 1, Restaurant B has food quality 5.", task).error).toBeDefined();
    expect(parseNatural("According to my notes, Restaurant B has food quality 5.", task).acts).toEqual([
      { kind: "share", option: 1, attribute: 0, level: 5 },
    ]);
  });

  it("fresh8 / fresh9 forms: counts with exactly / stocked with / singular nouns, attribute-led and paired shares", () => {
    const pantry = generateTask({
      family: "random",
      seed: 1,
      domain: "pantryStock",
      options: 2,
      attributes: 3,
      levels: [0, 5],
    });
    const [a, b] = pantry.domain.options as [string, string];
    const [x, y] = pantry.domain.attributes as [string, string];
    const one = (o: number, at: number, level: number) => ({ kind: "share", option: o, attribute: at, level });
    expect(parseNatural(`${b} has exactly 4 ${x}.`, pantry).acts).toEqual([one(1, 0, 4)]);
    expect(parseNatural(`${a} is stocked with 2 ${x}.`, pantry).acts).toEqual([one(0, 0, 2)]);
    expect(parseNatural(`I counted 1 ${x.slice(0, -1)} on ${a}.`, pantry).acts).toEqual([one(0, 0, 1)]);
    expect(parseNatural(`Agent 2 reported 5 ${y} on ${b}, but I only count 1.`, pantry).acts).toEqual([one(1, 1, 1)]);
    expect(parseNatural("On service, Restaurant B scores 2.", task).acts).toEqual([one(1, 1, 2)]);
    expect(parseNatural("Ambience is a 4 for Restaurant C.", task).acts).toEqual([one(2, 2, 4)]);
    expect(parseNatural("Service and ambience are 1 and 2 for Restaurant A.", task).acts).toEqual([
      one(0, 1, 1),
      one(0, 2, 2),
    ]);
    // a paired list whose counts differ still takes nothing
    expect(parseNatural("Service and ambience are 1, 2 and 3 for Restaurant A.", task).error).toBeDefined();
    expect(parseNatural("Agent 1 says Restaurant A's service is 2, but in my view it's 4.", task).acts).toEqual([
      one(0, 1, 4),
    ]);
  });

  it("fresh9 proposal and question forms", () => {
    expect(parseNatural("Unless anyone disagrees, Restaurant C is my final pick.", task).acts).toEqual([
      { kind: "propose", option: 2 },
    ]);
    expect(parseNatural("I propose Restaurant A, since its service is 5.", task).acts).toEqual([
      { kind: "propose", option: 0 },
      { kind: "share", option: 0, attribute: 1, level: 5 },
    ]);
    expect(
      parseNatural("If Restaurant B had better service I'd pick it, but for now I propose Restaurant C.", task).acts,
    ).toEqual([{ kind: "propose", option: 2 }]);
    // a condition after the clause break still holds the proposal back
    expect(parseNatural("I'd pick Restaurant A, but only if its service is good.", task).error).toBeDefined();
    expect(parseNatural("Restaurant C's food quality — Agent 1, any idea?", task).acts).toEqual([
      { kind: "ask", option: 2, attribute: 0, to: 0 },
    ]);
    expect(parseNatural("Agent 2, Restaurant B service?", task).acts).toEqual([
      { kind: "ask", option: 1, attribute: 1, to: 1 },
    ]);
    expect(parseNatural("I'd like to hear from Agent 2 on Restaurant A's ambience.", task).acts).toEqual([
      { kind: "ask", option: 0, attribute: 2, to: 1 },
    ]);
    // the question names its own topic: the one before it is not asked
    expect(parseNatural("Restaurant C's food quality is 4 — any idea about its service?", task).acts).toEqual([
      { kind: "share", option: 2, attribute: 0, level: 4 },
    ]);
  });

  it("fresh10 / fresh11 forms (tuned on after fresh10 was scored)", () => {
    const one = (o: number, at: number, level: number) => ({ kind: "share", option: o, attribute: at, level });
    expect(parseNatural("Restaurant C comes in at 3 for food quality.", task).acts).toEqual([one(2, 0, 3)]);
    expect(parseNatural("Service shows a 1 for Restaurant B.", task).acts).toEqual([one(1, 1, 1)]);
    expect(
      parseNatural("Restaurant A's service, ambience and food quality are 1, 3 and 4 respectively.", task).acts,
    ).toEqual([one(0, 1, 1), one(0, 2, 3), one(0, 0, 4)]);
    expect(parseNatural("Checking Restaurant A's service, I see 4.", task).acts).toEqual([one(0, 1, 4)]);
    expect(parseNatural("Agent 1 said Restaurant B has service 3. My count is 5.", task).acts).toEqual([one(1, 1, 5)]);
    expect(parseNatural("Agent 2 has Restaurant A's ambience wrong: it's 5.", task).acts).toEqual([one(0, 2, 5)]);
    expect(
      parseNatural("Agent 3 says Restaurant C has service 2, and I also have Restaurant C's ambience at 4.", task).acts,
    ).toEqual([one(2, 2, 4)]);
    expect(parseNatural("Restaurant B should be our choice.", task).acts).toEqual([{ kind: "propose", option: 1 }]);
    expect(parseNatural("I'd say Restaurant C is the one to back.", task).acts).toEqual([
      { kind: "propose", option: 2 },
    ]);
    expect(parseNatural("I accuse Restaurant A, given that its service is 1.", task).acts).toEqual([
      { kind: "propose", option: 0 },
      one(0, 1, 1),
    ]);
    expect(parseNatural("Agent 2: any ambience score for Restaurant A?", task).acts).toEqual([
      { kind: "ask", option: 0, attribute: 2, to: 1 },
    ]);
    // "the choice" alone names no preference; "any chance" with a value asks nothing
    expect(parseNatural("Restaurant B is the choice we face.", task).error).toBeDefined();
    expect(parseNatural("Any chance Restaurant A has service 5?", task).error).toBeDefined();
  });

  it("fresh12 / fresh13 number forms (tuned on after fresh12 was scored)", () => {
    const one = (o: number, at: number, level: number) => ({ kind: "share", option: o, attribute: at, level });
    expect(parseNatural("Restaurant B's service? Definitely a 1.", task).acts).toEqual([one(1, 1, 1)]);
    expect(parseNatural("Restaurant B's service is a solid 3.", task).acts).toEqual([one(1, 1, 3)]);
    expect(parseNatural("Ambience-wise, Restaurant C is a 2.", task).acts).toEqual([one(2, 2, 2)]);
    expect(parseNatural("Restaurant A gets a four for service.", task).acts).toEqual([one(0, 1, 4)]);
    expect(parseNatural("To correct Agent 2: Restaurant C's service is 1, not 4.", task).acts).toEqual([one(2, 1, 1)]);
    expect(parseNatural("Any info on Restaurant A's service, Agent 2?", task).acts).toEqual([
      { kind: "ask", option: 0, attribute: 1, to: 1 },
    ]);
    expect(parseNatural("Restaurant A it is.", task).acts).toEqual([{ kind: "propose", option: 0 }]);
    // a hedge is no answer: the question stands
    expect(parseNatural("Restaurant B's service? Maybe a 1.", task).acts).toEqual([
      { kind: "ask", option: 1, attribute: 1 },
    ]);
  });

  it("a speaker correcting their own share keeps the new level; a bare level answers the question before it", () => {
    expect(parseNatural("Earlier I said Restaurant B's service was 2; it's actually 3.", task).acts).toEqual([
      { kind: "share", option: 1, attribute: 1, level: 3 },
    ]);
    expect(parseNatural("Service at Restaurant C? A 5.", task).acts).toEqual([
      { kind: "share", option: 2, attribute: 1, level: 5 },
    ]);
    expect(parseNatural("Ambience at Restaurant C? A 1, sadly.", task).acts).toEqual([
      { kind: "share", option: 2, attribute: 2, level: 1 },
    ]);
    // not a bare level: the question stands
    expect(parseNatural("Service at Restaurant C? Maybe 4.", task).acts).toEqual([
      { kind: "ask", option: 2, attribute: 1 },
    ]);
    // an agent who only addresses, thanks or names the speaker is no source
    expect(parseNatural("Thanks Agent 1, Restaurant A has service 4.", task).acts).toEqual([
      { kind: "share", option: 0, attribute: 1, level: 4 },
    ]);
    expect(parseNatural("To answer Agent 3's question: Restaurant A has service 4.", task).acts).toEqual([
      { kind: "share", option: 0, attribute: 1, level: 4 },
    ]);
    expect(
      parseNatural("Agent 4 told us Restaurant C's service is 5; I can add that Restaurant C has ambience 2.", task)
        .acts,
    ).toEqual([{ kind: "share", option: 2, attribute: 2, level: 2 }]);
  });
});
