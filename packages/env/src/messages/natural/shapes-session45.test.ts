import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { cellArbitraries, manor, restaurants, share, stalls } from "./test-sentence";

// Session 45, from fresh52's misses (a batch written by a writer who never saw the rules, scored first at 1.00 / 0.746).
const tasks = { restaurants, manor } as const;
const propose = (option: number) => [{ kind: "propose", option }];
const nothing = [{ kind: "pass" }];

describe("'X is the one we should <verb>' (proposal-cues.ts' choiceClause)", () => {
  it.each([
    ["manor", "Putting all the clues together, Lady Ashby is the one we should accuse.", 1],
    ["manor", "Lady Ashby is the one we must accuse.", 1],
    ["restaurants", "Restaurant B is the place we should book.", 1],
  ] as const)("%s: proposes from %j", (task, text, option) => {
    expect(parseNatural(text, tasks[task]).acts).toEqual(propose(option));
  });

  it.each([
    "Lady Ashby is the one we should have accused.",
    "Lady Ashby is the one we should not accuse.",
    "Lady Ashby is the one we should accuse if the glove fits.",
    "Agent 2 thinks Lady Ashby is the one we should accuse.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, manor).acts).toEqual(nothing);
  });

  it("proposes for any option and modal; 'have' after the modal or a negation holds it back (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(fc.nat(options.length - 1), fc.constantFrom("should", "must"), (o, modal) => {
        const name = options[o] as string;
        expect(parseNatural(`${name} is the one we ${modal} pick.`, restaurants).acts).toEqual(propose(o));
        expect(parseNatural(`${name} is the one we ${modal} have picked.`, restaurants).acts).toEqual(nothing);
        expect(parseNatural(`${name} is the one we ${modal} not pick.`, restaurants).acts).toEqual(nothing);
      }),
      { numRuns: 20, seed: 45 },
    );
  });
});

describe("the team's assent as a condition leaves a plan a plan (sentence.ts' consentCondition)", () => {
  it("'if the rest of you are', 'if everyone's on board' and the like: a proposal; any other words after it: none (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom(
          "the rest of you are",
          "everyone's on board",
          "everyone is happy",
          "you all are in",
          "the team is okay",
        ),
        (o, assent) => {
          const name = options[o] as string;
          expect(parseNatural(`I'm happy to commit to ${name} if ${assent}.`, restaurants).acts).toEqual(propose(o));
          const more = parseNatural(`I'm happy to commit to ${name} if ${assent} with the price.`, restaurants).acts;
          expect(more).toEqual(nothing);
        },
      ),
      { numRuns: 30, seed: 45 },
    );
  });

  it.each([
    "Let's go with Restaurant A if the rest of you are free.",
    "Let's go with Restaurant A if Carol is in.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });
});

describe("one level for a list of attributes: 'X's A and B both came back 1' (paired-shares.ts' bothLevel)", () => {
  it("each attribute gets the level, for any option, pair of attributes and verb (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("both came back", "are both", "both sit at", "each score"),
        (o, a, b, level, verb) => {
          fc.pre(a !== b);
          const text = `${options[o]}'s ${attributes[a]} and ${attributes[b]} ${verb} ${level}.`;
          expect(parseNatural(text, restaurants).acts).toEqual([share(o, a, level), share(o, b, level)]);
        },
      ),
      { numRuns: 60, seed: 45 },
    );
  });

  it.each([
    "Restaurant A's service and ambience both came back around 4.",
    "Restaurant A's service and ambience both might be 4.",
    "Restaurant A's service and ambience came back 4.",
    "Restaurant A's service and ambience both came back 4 or 5.",
  ])("shares nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });
});

describe("'On <attribute>, I'd rate A and B a 3 and a 5 respectively' (paired-shares.ts)", () => {
  it("pairs the options with the levels in order, with or without the rating lead and articles (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        ...cellArbitraries(restaurants),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("I'd rate", "I would give", "I'd score"),
        fc.boolean(),
        (o, p, a, x, y, lead, article) => {
          fc.pre(o !== p);
          const [lx, ly] = article ? [`a ${x}`, `a ${y}`] : [`${x}`, `${y}`];
          const text = `On ${attributes[a]}, ${lead} ${options[o]} and ${options[p]} ${lx} and ${ly} respectively.`;
          expect(parseNatural(text, restaurants).acts).toEqual([share(o, a, x), share(p, a, y)]);
          // one level for two options, or a hedge after the list: nothing
          const one = parseNatural(`On ${attributes[a]}, ${lead} ${options[o]} and ${options[p]} ${lx}.`, restaurants);
          expect(one.acts).toEqual(nothing);
          const hedged = `On ${attributes[a]}, ${lead} ${options[o]} and ${options[p]} ${lx} and ${ly} or so.`;
          expect(parseNatural(hedged, restaurants).acts).toEqual(nothing);
        },
      ),
      { numRuns: 60, seed: 45 },
    );
  });
});

describe("'and no <noun>' after a count is a count of none (share-items.ts' noneCount)", () => {
  const pantry = loadNaturalCorpus().heldOutTasks?.pantry as NaturalTask;

  it("gives the second counted attribute 0, for any option, count and pair of attributes (property)", () => {
    const { options, attributes } = pantry.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("", " at all"),
        (o, a, b, count, tail) => {
          fc.pre(a !== b);
          const text = `${options[o]} has ${count} ${attributes[a]} and no ${attributes[b]}${tail}.`;
          expect(parseNatural(text, pantry).acts).toEqual([share(o, a, count), share(o, b, 0)]);
        },
      ),
      { numRuns: 40, seed: 45 },
    );
  });

  it("'and no' before anything but a counted attribute is no count", () => {
    expect(parseNatural("Shelf B has 3 onions and no idea about rice bags.", pantry).acts).toEqual([share(1, 1, 3)]);
  });
});

// fresh53 (scored unseen after fresh52's rules, 1.00 / 0.714; paired lists 0 of 8): an attribute leading with an
// article or "-wise", plain verbs before the levels, and "in that order" for "respectively" (paired-shares.ts).
describe("attribute-led paired lists in fresh53's forms (paired-shares.ts' attributeLead, afterOrder)", () => {
  it("pairs in order for every lead, verb and closing (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        ...cellArbitraries(restaurants),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("For @,", "On the @,", "@-wise,"),
        fc.constantFrom("are", "land at", "finished on", "come in at"),
        fc.constantFrom("", " respectively", ", in that order", ", in order"),
        (o, p, a, x, y, lead, verb, order) => {
          fc.pre(o !== p);
          const head = lead.replace("@", attributes[a] as string);
          const text = `${head} ${options[o]} and ${options[p]} ${verb} ${x} and ${y}${order}.`;
          expect(parseNatural(text, restaurants).acts).toEqual([share(o, a, x), share(p, a, y)]);
          const doubted = `${head} ${options[o]} and ${options[p]} ${verb} ${x} and ${y}, or the other way around.`;
          expect(parseNatural(doubted, restaurants).acts).toEqual(nothing);
          const short = `${head} ${options[o]} and ${options[p]} ${verb} ${x}, ${y} and 3${order}.`;
          expect(parseNatural(short, restaurants).acts.filter((act) => act.kind === "share")).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 53 },
    );
  });
});

describe("'X it is' with the team's consent closing it (proposal-cues.ts' itIsChoice, sentence.ts' consentTail)", () => {
  it("proposes with any consent tail; a condition on anything else holds it back (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom(", then", ""),
        fc.constantFrom(
          "unless anyone objects",
          "unless anyone has a strong objection",
          "if nobody has any objections",
        ),
        (o, then, consent) => {
          const name = options[o] as string;
          expect(parseNatural(`${name} it is${then} — ${consent}.`, restaurants).acts).toEqual(propose(o));
          expect(parseNatural(`${name} it is${then}, unless the price is too high.`, restaurants).acts).toEqual(
            nothing,
          );
          const more = `${name} it is${then}, ${consent} to the price.`;
          expect(parseNatural(more, restaurants).acts).toEqual(nothing);
        },
      ),
      { numRuns: 30, seed: 53 },
    );
  });
});

describe("'her' / 'his' / 'their' point to the one person spoken about, where the options are people (share-cues.ts)", () => {
  it("shares for that option, any pronoun, attribute and level; never where options are places (property)", () => {
    const { options, attributes } = manor.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom("Her", "His", "Their"),
        (o, a, level, pronoun) => {
          const text = `${options[o]} is my pick. ${pronoun} ${attributes[a]} is a ${level}.`;
          expect(parseNatural(text, manor).acts).toEqual([propose(o)[0], share(o, a, level)]);
          // no one spoken about before it: nothing
          expect(parseNatural(`${pronoun} ${attributes[a]} is a ${level}.`, manor).acts).toEqual(nothing);
        },
      ),
      { numRuns: 40, seed: 53 },
    );
    expect(parseNatural("Restaurant A is my pick. Her service is a 3.", restaurants).acts).toEqual(propose(0));
    const two = parseNatural("Miss Hartley and Lady Ashby are close. Her torn glove is a 3.", manor).acts;
    expect(two.filter((act) => act.kind === "share")).toEqual([]);
  });
});

describe("the option a sentence before spoke about: 'its' after a shape proposal, '<attribute> there' (fresh53)", () => {
  it("reads both for any option and attributes; nothing with no one option before (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (o, a, b, x, y) => {
          fc.pre(a !== b);
          const lead = `Let's book a table at ${options[o]}.`;
          expect(parseNatural(lead, restaurants).acts).toEqual(propose(o));
          const its = `${lead} Its ${attributes[a]} is a ${x}.`;
          expect(parseNatural(its, restaurants).acts).toEqual([propose(o)[0], share(o, a, x)]);
          const there = `${lead} The ${attributes[a]} there is a ${x} and the ${attributes[b]} is a ${y}.`;
          expect(parseNatural(there, restaurants).acts).toEqual([propose(o)[0], share(o, a, x), share(o, b, y)]);
          const alone = parseNatural(`The ${attributes[a]} there is a ${x}.`, restaurants).acts;
          expect(alone).toEqual(nothing);
          const hedged = parseNatural(`${lead} The ${attributes[a]} there is maybe a ${x}.`, restaurants).acts;
          expect(hedged).toEqual(propose(o));
        },
      ),
      { numRuns: 40, seed: 53 },
    );
  });
});

describe("the speaker's own source set off between the pair and its level (share-cues.ts' ownSourceAside)", () => {
  it("reads the level for any pair and own source; another's source or a hedge: nothing (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        ...cellArbitraries(restaurants),
        fc.constantFrom("per my notes:", "from my sheet,", "according to my records,"),
        (o, a, level, source) => {
          const head = `${attributes[a]} at ${options[o]}`;
          expect(parseNatural(`${head}, ${source} a ${level}.`, restaurants).acts).toEqual([share(o, a, level)]);
          expect(parseNatural(`${head}, per Agent 2's notes: a ${level}.`, restaurants).acts).toEqual(nothing);
          expect(parseNatural(`${head}, ${source} maybe a ${level}.`, restaurants).acts).toEqual(nothing);
        },
      ),
      { numRuns: 30, seed: 52 },
    );
  });
});

describe("'sold' with a list of counts, and a dashed 'it' clause as a proposal's reason (fresh52)", () => {
  it("'<option> sold <count> <noun> and <count> <noun>' shares each; a hedge, a vague count or more words: none (property)", () => {
    const { options } = stalls.domain;
    // stalls: cakes sold 0, raffle tickets 1, books sold 2, plants sold 3; levels -2..2
    const nouns = [
      ["cakes", 0],
      ["books", 2],
      ["plants", 3],
    ] as const;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom(...nouns),
        fc.constantFrom(...nouns),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: -2, max: 2 }),
        (o, [n1, a1], [n2, a2], x, y) => {
          fc.pre(a1 !== a2);
          const name = options[o] as string;
          const text = `${name} sold ${x} ${n1} and ${y} ${n2}.`;
          expect(parseNatural(text, stalls).acts).toEqual([share(o, a1, x), share(o, a2, y)]);
          const it = `${name} gets my vote. It sold ${x} ${n1} and ${y} ${n2}.`;
          expect(parseNatural(it, stalls).acts).toEqual([...propose(o), share(o, a1, x), share(o, a2, y)]);
          expect(parseNatural(`${name} sold ${x} ${n1}, maybe ${y}.`, stalls).acts).toEqual(nothing);
          expect(parseNatural(`${name} sold ${x} ${n1} and some ${n2}.`, stalls).acts).toEqual(nothing);
          expect(parseNatural(`${name} sold ${x} ${n1} and ${y} ${n2} more than last year.`, stalls).acts).toEqual(
            nothing,
          );
        },
      ),
      { numRuns: 60, seed: 52 },
    );
  });

  it("'Let's give the prize to X — it <fact>' proposes X and reads the fact; 'it' after a comma or another dash clause does not", () => {
    const acts = parseNatural("Let's give the prize to Stall B — it has 2 raffle tickets.", stalls).acts;
    expect(acts).toEqual([...propose(1), share(1, 1, 2)]);
    expect(parseNatural("Let's give the prize to Stall B — it or Stall C.", stalls).acts).toEqual(nothing);
    expect(parseNatural("Let's give the prize to Stall B — if it sold 2 cakes.", stalls).acts).toEqual(nothing);
  });
});

describe("fresh54's forms: 'reads' as a verb of being, the team's consent opening a plan", () => {
  it("'X's A reads x, and the B comes back y' shares both (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (o, a, b, x, y) => {
          fc.pre(a !== b);
          const text = `${options[o]}'s ${attributes[a]} reads ${x}, and the ${attributes[b]} comes back ${y}.`;
          expect(parseNatural(text, restaurants).acts).toEqual([share(o, a, x), share(o, b, y)]);
          expect(parseNatural(`${options[o]}'s ${attributes[a]} reads maybe ${x}.`, restaurants).acts).toEqual(nothing);
        },
      ),
      { numRuns: 40, seed: 54 },
    );
  });

  it("'Unless anyone has a strong objection, let's ...' proposes; a condition on a fact does not (property)", () => {
    const apartments = loadNaturalCorpus().heldOutTasks?.apartments as NaturalTask;
    const { options } = apartments.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("Unless anyone has a strong objection", "Unless anyone objects", "If nobody objects"),
        (o, consent) => {
          // a plan read by its shape (the deposit put down on the option), not by a proposal cue
          const plan = `let's put the deposit down on ${options[o]}.`;
          expect(parseNatural(`${consent}, ${plan}`, apartments).acts).toEqual(propose(o));
          expect(parseNatural(`If the price is right, ${plan}`, apartments).acts).toEqual(nothing);
        },
      ),
      { numRuns: 20, seed: 54 },
    );
  });
});

// fresh55's wrong acts (never tuned on; read the same at session 45's start), fixed after it was scored once
describe("predictions and a compared 'nothing else' are no acts (proposal-cues.ts' predicted, pass-cues.ts)", () => {
  it("'I bet the others will end up accusing X' proposes nothing; 'My bet: X' and 'I bet on X' propose (property)", () => {
    const { options } = manor.domain;
    fc.assert(
      fc.property(fc.nat(options.length - 1), (o) => {
        const name = options[o] as string;
        expect(parseNatural(`I bet the others will end up accusing ${name}.`, manor).acts).toEqual(nothing);
        expect(parseNatural(`My bet: ${name}.`, manor).acts).toEqual(propose(o));
        expect(parseNatural(`I bet on ${name}.`, manor).acts).toEqual(propose(o));
      }),
      { numRuns: 10, seed: 55 },
    );
  });

  it("'nothing else comes close' beside a proposal is no pass; 'Nothing new.', 'Nothing else from me.' are", () => {
    const text = "Restaurant C is my pick. Its food quality is a 5 and nothing else comes close.";
    expect(parseNatural(text, restaurants).acts).toEqual([...propose(2), share(2, 0, 5)]);
    for (const pass of ["Nothing new.", "Nothing else from me.", "Nothing new on my side.", "Nothing new here, sorry."])
      expect(parseNatural(pass, restaurants).acts).toEqual(nothing);
  });
});

describe("an agent addressed after a joining word ('And Agent 3, ...?', sentence-address.ts)", () => {
  it("the question goes to that agent, as without the joining word (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom("And", "Also", "Then"),
        (o, a, agent, join) => {
          const question = `Agent ${agent}, what's ${options[o]}'s ${attributes[a]}?`;
          const expected = [{ kind: "ask", option: o, attribute: a, to: agent - 1 }];
          expect(parseNatural(question, restaurants).acts).toEqual(expected);
          expect(
            parseNatural(`${join} ${question.charAt(0).toLowerCase()}${question.slice(1)}`, restaurants).acts,
          ).toEqual(expected);
        },
      ),
      { numRuns: 30, seed: 55 },
    );
  });
});
