import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, by, calls, manor, restaurants, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const apartments = held.apartments as NaturalTask;
const jobs = held.jobs as NaturalTask;

// Session 69: the wrong act session 68 left in its last wave (fresh368), and the thirty-seventh wave's misses
// (fresh365-fresh368), read after the wave was scored, in sentences of our own.
describe("the thirty-seventh wave's wrong act", () => {
  const a = by(apartments);

  it("'<attribute> rates a N' is read as 'scores a N', with an 'x/5' item after it", () => {
    expect(acts("Apartment B's size rates a 4, rent 1/5. That's all I have.", apartments)).toEqual([
      a.share("Apartment B", "size", 4),
      a.share("Apartment B", "rent", 1),
    ]);
    expect(acts("Apartment C's quietness rates 3 out of 5.", apartments)).toEqual([
      a.share("Apartment C", "quietness", 3),
    ]);
  });

  it("reads 'rates' as it reads 'scores' for any two cells of one option (the oracle)", () => {
    const { options, attributes } = apartments.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.nat(attributes.length - 2),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (o, x, dy, l, m) => {
          const y = (x + 1 + dy) % attributes.length;
          const tail = `a ${l}, ${attributes[y]} ${m}/5.`;
          const rated = acts(`${options[o]}'s ${attributes[x]} rates ${tail}`, apartments);
          expect(rated).toEqual(acts(`${options[o]}'s ${attributes[x]} scores ${tail}`, apartments));
          expect(rated).toEqual([
            a.share(options[o] as string, attributes[x] as string, l),
            a.share(options[o] as string, attributes[y] as string, m),
          ]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the thirty-eighth wave's wrong acts", () => {
  const r = by(restaurants);
  const none = [{ kind: "pass" }];

  it("'if I remember correctly' / 'if I recall' / 'iirc' after a level doubt it, with a dash or more after them", () => {
    expect(acts("Restaurant B's service is 4 if I remember correctly — thanks.")).toEqual(none);
    expect(acts("Restaurant B's service is 4 if I recall, and that's it.")).toEqual(none);
    expect(acts("Restaurant B's service is 4, iirc.")).toEqual(none);
    expect(acts("iirc Restaurant B's service is 4.")).toEqual(none);
    // the plain sentence stands
    expect(acts("Restaurant B's service is 4 — thanks.")).toEqual([r.share("Restaurant B", "service", 4)]);
  });

  it("a doubting tail after any cell's level leaves no share, whatever follows its dash (the oracle: the plain level)", () => {
    const { options, attributes } = restaurants.domain;
    const tails = [
      "if I remember correctly",
      "if I recall correctly",
      "if memory serves",
      "iirc",
      "if I remember right",
    ];
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...tails),
        fc.constantFrom(" — thanks.", ", and that's all.", "."),
        (o, a, l, tail, after) => {
          const cell = `${options[o]}'s ${attributes[a]} is ${l}`;
          expect(acts(`${cell}${after}`)).toEqual([r.share(options[o] as string, attributes[a] as string, l)]);
          expect(acts(`${cell} ${tail}${after}`)).toEqual(none);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("the thirty-ninth wave's wrong acts", () => {
  it("a number right after a weight word is the attribute's weight, never a level; a weight named apart keeps the level", () => {
    const j = by(jobs);
    expect(
      acts("Since leadership carries the heaviest weight (5), that low number is a real problem for A.", jobs),
    ).toEqual([{ kind: "pass" }]);
    expect(acts("Teamwork is weighted 1, so Candidate C's gap there hardly matters.", jobs)).toEqual([
      { kind: "pass" },
    ]);
    expect(acts("leadership (the heaviest weight) is a 4 for Candidate B", jobs)).toEqual([
      j.share("Candidate B", "leadership", 4),
    ]);
  });

  it("names joined by a slash are a list as with 'and', paired with slash-joined levels", () => {
    const c = by(calls);
    const [x, y] = calls.domain.options as [string, string];
    const [p, q] = calls.domain.attributes as [string, string];
    expect(acts(`${x} / ${y} → ${p} 0 / 2, ${q} 1 / 1.`, calls)).toEqual([
      c.share(x, p, 0),
      c.share(y, p, 2),
      c.share(x, q, 1),
      c.share(y, q, 1),
    ]);
  });

  it("reads any two slots joined by a slash as it reads them joined by 'and' (the oracle)", () => {
    const { options, attributes } = calls.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(options.length - 2),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        (o, d, a, l, m) => {
          const u = (o + 1 + d) % options.length;
          const slashed = acts(`${options[o]} / ${options[u]}: ${attributes[a]} ${l} / ${m}.`, calls);
          expect(slashed).toEqual(acts(`${options[o]} and ${options[u]}: ${attributes[a]} ${l} and ${m}.`, calls));
          expect(slashed).toHaveLength(2);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the thirty-seventh to fortieth waves' misses: a bare request to check a value", () => {
  const r = by(restaurants);

  it("asks the one pair named before it in the sentence, whatever its number, to the agent it names", () => {
    expect(acts("Restaurant B's service might be around 3 but I'm not certain, can someone double-check?")).toEqual([
      r.ask("Restaurant B", "service"),
    ]);
    expect(acts("Restaurant B's service is 4 if I remember correctly — someone confirm?")).toEqual([
      r.ask("Restaurant B", "service"),
    ]);
    expect(acts("Restaurant B's service is 4, could Agent 2 check that?")).toEqual([
      r.share("Restaurant B", "service", 4),
      { ...r.ask("Restaurant B", "service"), to: 1 },
    ]);
  });

  it("asks the one pair the sentence before named, shared, doubted or relayed", () => {
    expect(
      acts("My sheet has Restaurant B's service at 3, so one of us is off. Agent 2, can you double-check?"),
    ).toEqual([r.share("Restaurant B", "service", 3), { ...r.ask("Restaurant B", "service"), to: 1 }]);
    expect(
      acts(
        "Agent 3 claims Restaurant C's ambience is a 5, but my sheet says 3 for C's ambience. Can Agent 3 double check?",
      ),
    ).toEqual([r.share("Restaurant C", "ambience", 3), { ...r.ask("Restaurant C", "ambience"), to: 2 }]);
    expect(acts("Agent 1 said Restaurant A's service is 2. Could someone verify?")).toEqual([
      r.ask("Restaurant A", "service"),
    ]);
  });

  it("asks nothing where two pairs came before, the listener is sent to their own copy, or the agent is not the team's", () => {
    expect(acts("Restaurant A's service is 2 and Restaurant B's ambience is 4. Can someone double-check?")).toEqual([
      r.share("Restaurant A", "service", 2),
      r.share("Restaurant B", "ambience", 4),
    ]);
    expect(acts("I have Restaurant B's service as 3. Could you check yours?")).toEqual([
      r.share("Restaurant B", "service", 3),
    ]);
    expect(acts("I have Restaurant B's service as 3. Can Agent 9 confirm?")).toEqual([
      r.share("Restaurant B", "service", 3),
    ]);
    // a request that names a cell is read as any request (its own pair, not the sentence before's)
    expect(acts("I have Restaurant B's service as 3. Can someone check Restaurant A's ambience?")).toEqual([
      r.share("Restaurant B", "service", 3),
      r.ask("Restaurant A", "ambience"),
    ]);
  });

  it("a bare check request after any one shared cell asks that cell, with or without an agent named (the oracle)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("Can someone double-check?", "Could Agent 2 confirm?", "Agent 3, can you verify that?"),
        (o, a, l, request) => {
          const [option, attribute] = [options[o] as string, attributes[a] as string];
          const to = request.includes("Agent 2") ? 1 : request.includes("Agent 3") ? 2 : undefined;
          const ask = to === undefined ? r.ask(option, attribute) : { ...r.ask(option, attribute), to };
          expect(acts(`${option}'s ${attribute} is ${l}. ${request}`)).toEqual([r.share(option, attribute, l), ask]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the thirty-eighth wave's second wrong act", () => {
  it("'thats wrong' after a pause is \"that's wrong\": the speaker's earlier value is withdrawn", () => {
    expect(acts("oops i posted Restaurant B service 5 earlier, thats wrong. its maybe 2 or 3 idk")).toEqual([
      { kind: "pass" },
    ]);
    expect(acts("oops i posted Restaurant B service 5 earlier, thats wrong. it is 2")).toEqual(
      acts("oops i posted Restaurant B service 5 earlier, that's wrong. it is 2"),
    );
    // (a line that runs on from an unclosed list line keeps "thats": fresh118's list over "thats all i have for now"
    // in the corpus test, which the mapping everywhere fails)
  });
});

describe("the forty-first wave's wrong acts", () => {
  const r = by(restaurants);

  it("'I would like to share ...: X' is the speaker's own telling, not a request; 'I'd like you to share X' asks", () => {
    expect(
      acts("I would like to share one piece of information: Restaurant C's service is a generous five out of five."),
    ).toEqual([r.share("Restaurant C", "service", 5)]);
    expect(acts("I'd like to report: Restaurant C's service is 2.")).toEqual([r.share("Restaurant C", "service", 2)]);
    expect(acts("I'd like you to share Restaurant C's service.")).toEqual([r.ask("Restaurant C", "service")]);
  });

  it("'..., so please disregard it' withdraws the speaker's earlier value after a clause between", () => {
    expect(
      acts(
        "I said Restaurant A's ambience was 3, but I can't actually find that in my notes anymore, so please disregard it.",
      ),
    ).toEqual([{ kind: "pass" }]);
    expect(acts("I said Restaurant A's ambience was 3, so please disregard it.")).toEqual([{ kind: "pass" }]);
  });
});

describe("the forty-second wave's wrong acts", () => {
  const r = by(restaurants);

  it("'If anyone has a really low X score for O, please flag it' is a condition on the value: no ask", () => {
    expect(acts("If anyone has a really low ambience score for Restaurant B, please flag it.")).toEqual([
      { kind: "pass" },
    ]);
    expect(acts("If anyone has a better service number for Restaurant B, tell me.")).toEqual([{ kind: "pass" }]);
    // a plain "if anyone has" request still asks
    expect(acts("If anyone has Restaurant B's ambience, please share.")).toEqual([r.ask("Restaurant B", "ambience")]);
  });

  it("the speaker's slip between two options' rows ('i mix up with A') proposes nothing", () => {
    expect(acts("wait wrong. Restaurant C service is 1 not 4. i mix up with Restaurant A")).toEqual([
      r.share("Restaurant C", "service", 1),
    ]);
    expect(acts("Sorry, I confused it with Restaurant B.")).toEqual([{ kind: "pass" }]);
  });
});

describe("a diff block (fresh387's wrong act)", () => {
  const r = by(restaurants);

  it("its removed lines are taken back and its added lines stated, for any cell (the oracle: the added line alone)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (o, a, old, now) => {
          const line = (l: number) => `${options[o]} ${attributes[a]}: ${l}`;
          const diff = `\`\`\`diff\n- ${line(old)}\n+ ${line(now)}\n\`\`\`\nFixed my earlier typo.`;
          expect(acts(diff)).toEqual(acts(`${line(now)}\nFixed my earlier typo.`));
          expect(acts(diff)).toEqual([r.share(options[o] as string, attributes[a] as string, now)]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a markdown list outside a diff fence keeps its items", () => {
    expect(acts("```\n- Restaurant B service: 4\n```")).toEqual([r.share("Restaurant B", "service", 4)]);
    expect(acts("- Restaurant B service: 4\n- Restaurant A service: 2")).toEqual([
      r.share("Restaurant B", "service", 4),
      r.share("Restaurant A", "service", 2),
    ]);
  });
});

describe("the forty-fourth wave's wrong act", () => {
  const r = by(restaurants);

  it("a doubt in the parenthesis right after an item's level leaves it open; '(not 2 as I wrote)' does not", () => {
    expect(acts("- Restaurant B: service 5 (maybe, the cell was smudged) — treat as unknown")).toEqual([
      { kind: "pass" },
    ]);
    expect(acts("Restaurant B: ambience 3, service 5 (maybe)")).toEqual([r.share("Restaurant B", "ambience", 3)]);
    // (a doubt word the trailing-hedge list lacks: "(maybe)" is read as a hedge there too since session 69's last wave)
    expect(acts("Restaurant B: ambience 3, service 5 (unverified)")).toEqual([r.share("Restaurant B", "ambience", 3)]);
    expect(acts("Correction, Restaurant B's service: 1 (not 2 as I wrote).")).toEqual([
      r.share("Restaurant B", "service", 1),
    ]);
    expect(acts("Correction — Restaurant A service: 1 (not 4).")).toEqual([r.share("Restaurant A", "service", 1)]);
    expect(acts("Restaurant A: service 4 (confirmed)")).toEqual([r.share("Restaurant A", "service", 4)]);
  });
});

describe("the forty-fifth wave's wrong acts", () => {
  const j = by(jobs);

  it("a sentence-opening 'A' in the shape of the lettered sentence before it is the option's letter", () => {
    expect(acts("C experience 5. C teamwork four. A communication 2.", jobs)).toEqual([
      j.share("Candidate C", "experience", 5),
      j.share("Candidate C", "teamwork", 4),
      j.share("Candidate A", "communication", 2),
    ]);
    // without a lettered sentence before it, "A" opening a sentence stays the article
    expect(acts("Candidate C's experience is 5. A solid 4 for teamwork.", jobs)).toEqual(
      acts("Candidate C's experience is 5. a solid 4 for teamwork.", jobs),
    );
  });
});

describe("the thirty-eighth to forty-fifth waves' misses: requests for a column at options", () => {
  const j = by(jobs);
  const all = (attribute: string, to?: number) =>
    jobs.domain.options.map((o) => (to === undefined ? j.ask(o, attribute) : { ...j.ask(o, attribute), to }));

  it("'for Candidates A and D' names the options after their noun in the plural", () => {
    expect(acts("Could you share the leadership scores for Candidates A and D?", jobs)).toEqual([
      j.ask("Candidate A", "leadership"),
      j.ask("Candidate D", "leadership"),
    ]);
  });

  it("'Could you post it for all four?' after the column was named asks it at every option, to the agent it was put to", () => {
    expect(acts("Agent 2, you had teamwork, right? Could you post it for all four?", jobs)).toEqual(all("teamwork", 1));
    expect(acts("Who has teamwork? Could you post it for every candidate?", jobs)).toEqual(all("teamwork"));
    // the whole column asked of the team stays the team's when the next sentence says "all"
    expect(
      acts("Who has the teamwork column? Need it for all four. @Agent 3 also Candidate A's experience pls", jobs),
    ).toEqual([...all("teamwork"), { ...j.ask("Candidate A", "experience"), to: 2 }]);
    // a count that is not the number of options is a number: nothing
    expect(acts("Agent 2, you had teamwork, right? Could you post it for all three?", jobs)).toEqual([
      { kind: "pass" },
    ]);
  });
});

describe("the forty-second wave's question with its 'do' left out (fresh387)", () => {
  const c = by(calls);
  const [x, y] = calls.domain.options as [string, string];
  const [p, q] = calls.domain.attributes as [string, string];
  const person = (name: string) => name.replace(/'s .*/, "").toLowerCase();

  it("'agent 1 u know <person> <slot>?' asks it of Agent 1, as 'do u know' does, and the question after it too", () => {
    expect(acts(`agent 1 u know ${person(p)} ${x.toLowerCase()}? and ${person(q)} ${y.toLowerCase()}?`, calls)).toEqual(
      [
        { ...c.ask(x, p), to: 0 },
        { ...c.ask(y, q), to: 0 },
      ],
    );
    expect(acts(`agent 1 u know ${person(p)} ${x.toLowerCase()}?`, calls)).toEqual(
      acts(`agent 1 do u know ${person(p)} ${x.toLowerCase()}?`, calls),
    );
    // a statement of what someone knows is no question
    expect(acts(`you know ${person(p)} is busy.`, calls)).toEqual([{ kind: "pass" }]);
  });
});

describe("the forty-seventh wave's wrong act", () => {
  it("', but re-reading my notes it's a 1' corrects the speaker's earlier value, as 'on re-reading my notes' does", () => {
    const r = by(restaurants);
    expect(acts("I previously listed Restaurant B's service as 3, but re-reading my notes it's a 1.")).toEqual([
      r.share("Restaurant B", "service", 1),
    ]);
    expect(acts("I previously listed Restaurant B's service as 3, but rechecking the sheet it's a 1.")).toEqual(
      acts("I previously listed Restaurant B's service as 3, but on rechecking the sheet it's a 1."),
    );
  });
});

describe("the forty-sixth and forty-seventh waves' misses: headings over lists", () => {
  const c = by(calls);
  const s = by(stalls);
  const [x, y] = calls.domain.options as [string, string];
  const [p] = calls.domain.attributes as [string];
  const [a] = stalls.domain.attributes as [string];
  const [o1, o2] = stalls.domain.options as [string, string];

  it("a parenthesis saying what two levels mean is no level, and the heading it sits in still heads its rows", () => {
    const rows = `${x}   2\n${y}   1`;
    expect(acts(`${p} (0 = blocked, 2 = wide open):\n${rows}`, calls)).toEqual(acts(`${p}:\n${rows}`, calls));
    expect(acts(`${p} (0 = blocked, 2 = wide open):\n${rows}`, calls)).toEqual([c.share(x, p, 2), c.share(y, p, 1)]);
    // a parenthesis of two numbers outside the scale is left as it was
    expect(acts(`${p} (7 = blocked, 9 = wide open):\n${rows}`, calls)).toEqual(
      acts(`${p} (7 = blocked, 9 = open):\n${rows}`, calls),
    );
  });

  it("'<attribute>, straight from my records:' over a fenced block of '<option>: <level>' lines heads them", () => {
    const block = `\`\`\`yaml\n${o1}: 1\n${o2}: -1\n\`\`\``;
    expect(acts(`${a}, straight from my records:\n\n${block}`, stalls)).toEqual([
      s.share(o1, a, 1),
      s.share(o2, a, -1),
    ]);
    expect(acts(`${a}:\n${block}`, stalls)).toEqual(acts(`${a}:\n${o1}: 1\n${o2}: -1`, stalls));
    // a fenced block under a line of a number is no heading's
    expect(acts(`I counted 3:\n${block}`, stalls)).toEqual(
      acts(`I counted 3:\n\`\`\`yaml\n${o1}: 1\n${o2}: -1\n\`\`\``, stalls),
    );
  });
});

describe("the forty-eighth wave's wrong acts", () => {
  const r = by(restaurants);

  it("a paired list ends at its semicolon: the next clause's attribute is not the list's", () => {
    const text =
      "Regarding service, Restaurant A and Restaurant B rate 4 and 2 respectively; for ambience, in the same order, they rate 3 and 5.";
    expect(
      acts(text).filter((a) => a.kind === "share" && a.attribute === 2 && (a.level === 4 || a.level === 2)),
    ).toEqual([]);
    expect(acts("Regarding service, Restaurant A and Restaurant B rate 4 and 2 respectively.")).toEqual([
      r.share("Restaurant A", "service", 4),
      r.share("Restaurant B", "service", 2),
    ]);
  });

  it("'but looking again at my sheet it's a 1' corrects the speaker's earlier value", () => {
    expect(acts("I listed Restaurant A's service as 3, but looking again at my sheet it's a 1.")).toEqual([
      r.share("Restaurant A", "service", 1),
    ]);
  });
});

describe("the forty-seventh wave's misses: names joined by commas alone", () => {
  it("three names or more joined by commas closing the sentence are a list; two only closing a question", () => {
    const r = by(restaurants);
    const [a, b, c] = restaurants.domain.options as [string, string, string];
    expect(acts(`anyone got ambience for ${a}, ${b}, ${c}?`)).toEqual([
      r.ask(a, "ambience"),
      r.ask(b, "ambience"),
      r.ask(c, "ambience"),
    ]);
    expect(acts(`anyone got ambience for ${a}, ${b}?`)).toEqual([r.ask(a, "ambience"), r.ask(b, "ambience")]);
    expect(acts(`anyone got ambience for ${a}, ${b}?`)).toEqual(acts(`anyone got ambience for ${a} and ${b}?`));
    // a comma between two names that does not close the sentence joins nothing
    expect(acts(`Unlike ${a}, ${b} has service 4.`)).toEqual([r.share(b, "service", 4)]);
  });
});

describe("the forty-ninth wave's wrong act", () => {
  it("'Recap — Agent 1: X's Y 1' is Agent 1's item after a lead closed by a dash, as after a colon", () => {
    const r = by(restaurants);
    expect(
      acts("Recap of others' numbers — Agent 1: Restaurant C's service 1; Agent 2: Restaurant C's ambience 2."),
    ).toEqual([{ kind: "pass" }]);
    expect(acts("Recap of others' numbers — Agent 1: Restaurant C's service 1.")).toEqual(
      acts("Recap of others' numbers: Agent 1: Restaurant C's service 1."),
    );
    expect(acts("Recap — Restaurant C's service 1.")).toEqual([r.share("Restaurant C", "service", 1)]);
  });
});

describe("the fiftieth wave's wrong acts (the session's last wave, read at its end)", () => {
  const r = by(restaurants);
  const m = by(manor);

  it("'Hello there, Agent 2!' addresses the questions after it; 'for all four suspects' asks no one but the agent", () => {
    expect(acts("Hello there, Agent 2! I hope you're doing well. Could you tell me Restaurant C's ambience?")).toEqual([
      { ...r.ask("Restaurant C", "ambience"), to: 1 },
    ]);
    const suspects = manor.domain.options;
    expect(acts("Hi Agent 3! Quick one. Could you share the poison bottle for all four suspects?", manor)).toEqual(
      suspects.map((o) => ({ ...m.ask(o, "poison bottle"), to: 2 })),
    );
    // "all" asking the team still puts it to no one
    expect(acts("Hi Agent 3! Could you all share the poison bottle for every suspect?", manor)).toEqual(
      suspects.map((o) => m.ask(o, "poison bottle")),
    );
  });

  it("'but I double-checked and it is actually 0' corrects the speaker's earlier value", () => {
    expect(acts("I previously said Restaurant B's service was 1, but I double-checked and it is actually 4.")).toEqual([
      r.share("Restaurant B", "service", 4),
    ]);
  });
});

describe("the forty-seventh wave's misses: an attribute over unseparated items", () => {
  it("'<attribute> A 4 B 5 C 2' reads each option's level as '<attribute>: A 4, B 5, C 2' does", () => {
    const r = by(restaurants);
    const [a, b, c] = restaurants.domain.options as [string, string, string];
    const letter = (o: string) => o.split(" ").pop() as string;
    expect(acts(`value for money ${letter(a)} 4 ${letter(b)} 5 ${letter(c)} 2. Nothing else.`)).toEqual(
      acts(`value for money: ${letter(a)} 4, ${letter(b)} 5, ${letter(c)} 2. Nothing else.`),
    );
    expect(acts(`value for money ${letter(a)} 4 ${letter(b)} 5`)).toEqual([
      r.share(a, "value for money", 4),
      r.share(b, "value for money", 5),
    ]);
    // one item alone with no mark stays as the other readers take it
    expect(acts(`value for money ${letter(a)} 4 or 5`)).toEqual([{ kind: "pass" }]);
  });
});

describe("the fifty-first wave's wrong acts (read at the session's end)", () => {
  const r = by(restaurants);

  it("'it is in fact 3' after the speaker's earlier value corrects it; a closing 'maybe' doubts the level", () => {
    expect(acts("I stated that Restaurant C's ambience was 5; it is in fact 3.")).toEqual([
      r.share("Restaurant C", "ambience", 3),
    ]);
    expect(acts("Restaurant B service 4 maybe. Restaurant A ambience 2")).toEqual([
      r.share("Restaurant A", "ambience", 2),
    ]);
    expect(acts("Restaurant B service 4 maybe 5.")).toEqual([{ kind: "pass" }]);
  });

  it("two agents tagged before a question put it to neither alone", () => {
    const asked = acts("@Agent 2, @Agent 3 — neither of you has posted yet. Could you share Restaurant B's ambience?");
    expect(asked).toEqual([r.ask("Restaurant B", "ambience")]);
    expect(acts("@Agent 2 — could you share Restaurant B's ambience?")).toEqual([
      { ...r.ask("Restaurant B", "ambience"), to: 1 },
    ]);
  });
});
