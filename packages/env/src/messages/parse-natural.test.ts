import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTask } from "../generators/generate-task";
import { randomTask } from "../generators/random-task";
import { taskAndActsArbitrary } from "../test-support/arbitraries";
import type { Act } from "./act";
import { parseNatural } from "./parse-natural";
import { calls, share, stalls } from "./natural/test-sentence";
import { renderNatural } from "./render-natural";

const task = randomTask({ seed: 1, options: 3, attributes: 4, agents: 3 });
const ask = (option: number, attribute: number): Act => ({ kind: "ask", option, attribute });
const propose = (option: number): Act => ({ kind: "propose", option });
const to = (act: Act, agent: number): Act => ({ ...act, to: agent }) as Act;
// the batches' blocks below read hiddenProfile: Restaurant A..C; food quality, service, ambience, value for money
const hp = generateTask({ family: "hiddenProfile", seed: 1 });

describe("natural surface", () => {
  it("round-trips every valid act list (render -> parse), in every domain", () => {
    fc.assert(
      fc.property(taskAndActsArbitrary, ({ task: t, acts }) => {
        expect(parseNatural(renderNatural(acts, t), t)).toEqual({ acts });
      }),
    );
  });

  it("round-trips inside chatter, with case and white-space changes", () => {
    fc.assert(
      fc.property(
        taskAndActsArbitrary,
        fc.constantFrom("Sure! ", "Okay, here goes:\n", ""),
        ({ task: t, acts }, prefix) => {
          const text = `${prefix}${renderNatural(acts, t).toUpperCase().replace(/ /g, "  \n ")} Thanks, team.`;
          // the chatter around the acts is reported as not understood, and nothing else is
          expect(parseNatural(text, t)).toEqual({
            acts,
            unparsed: [...(prefix === "" ? [] : [prefix.trim()]), "Thanks, team."],
          });
        },
      ),
      { numRuns: 50 },
    );
  });

  it("renders the documented phrasing", () => {
    expect(
      renderNatural(
        [
          { kind: "share", option: 1, attribute: 0, level: 4 },
          { kind: "ask", option: 0, attribute: 1, to: 2 },
          { kind: "propose", option: 1 },
          { kind: "pass" },
        ],
        task,
      ),
    ).toBe(
      "Restaurant B has food quality 4. What is the service of Restaurant A? @Agent 3 I propose Restaurant B. Nothing to add.",
    );
  });

  it("accepts common variants from chat models", () => {
    expect(
      parseNatural(
        "I think **Restaurant B** has a food quality of 4, and what's the service of restaurant a? @agent3",
        task,
      ).acts,
    ).toEqual([
      { kind: "share", option: 1, attribute: 0, level: 4 },
      { kind: "ask", option: 0, attribute: 1, to: 2 },
    ]);
    expect(parseNatural("The ambience of Restaurant C is 2.", task).acts).toEqual([
      { kind: "share", option: 2, attribute: 2, level: 2 },
    ]);
    expect(parseNatural("Let's go: I PROPOSE restaurant c!", task).acts).toEqual([{ kind: "propose", option: 2 }]);
  });

  const A = 0;
  const B = 1;
  const C = 2;
  const [food, service, ambience, value] = [0, 1, 2, 3];
  it.each([
    ["Restaurant A has food quality 4 and service 2.", [share(A, food, 4), share(A, service, 2)]],
    ["For Restaurant A: food quality is 4, service is 2.", [share(A, food, 4), share(A, service, 2)]],
    ["Restaurant A's food quality is 4.", [share(A, food, 4)]],
    ["Restaurant A - food quality: 4", [share(A, food, 4)]],
    ["Restaurant B scores 2 on food quality", [share(B, food, 2)]],
    ["Restaurant B is rated 2 for food quality.", [share(B, food, 2)]],
    ["### Restaurant C\n- food quality: 3\n- service: 5", [share(C, food, 3), share(C, service, 5)]],
    ["**Restaurant B**: food quality **2**, ambience **4**.", [share(B, food, 2), share(B, ambience, 4)]],
    ["Restaurant A has food quality 4. It also has service 2.", [share(A, food, 4), share(A, service, 2)]],
    ["Could someone tell me the food quality of Restaurant B?", [ask(B, food)]],
    ["Does anyone know Restaurant B's food quality?", [ask(B, food)]],
    ["Can anyone share the value for money for Restaurant C?", [ask(C, value)]],
    ["Agent 2, what is the service of Restaurant A?", [{ ...ask(A, service), to: 1 }]],
    ["I think we should go with Restaurant B.", [{ kind: "propose", option: B }]],
    ["My vote is Restaurant C.", [{ kind: "propose", option: C }]],
    ["I have nothing new to share.", [{ kind: "pass" }]],
    ["I'm not sure about Restaurant A, but Restaurant C has service 1.", [share(C, service, 1)]],
  ] as const)("reads %j", (text, acts) => {
    expect(parseNatural(text, task).acts).toEqual(acts);
  });

  it.each([
    "Restaurant A does not have food quality 5.",
    "If Restaurant A had food quality 5 it would win.",
    "If Restaurant A has food quality 5, we should pick it.",
    "Does Restaurant A have food quality 5?",
    "Is Restaurant B's service 4?",
    "Restaurant A or Restaurant B has food quality 5.",
    "Restaurant B has food quality 4 or 5.",
    "Restaurant C has food quality around 3.",
    "I'm torn between Restaurant A and Restaurant B.",
    "We should go with either Restaurant A or Restaurant B.",
    "I'd propose Restaurant A or Restaurant C.",
    "Let's not go with Restaurant A.",
    "I was going to propose Restaurant A, but let's wait.",
    "Should we go with Restaurant B?",
    "Restaurant A has better food quality than Restaurant B.",
    "Nothing to add about Restaurant B.",
    "Agent 2 said Restaurant A has food quality 5, but I think that's wrong.",
    "You said Restaurant B has service 2 — is that right?",
    "What would Restaurant C's service need to be for it to win?",
  ])("takes no act from %j, and reports it as not understood", (text) => {
    const result = parseNatural(text, task);
    expect(result.acts).toEqual([{ kind: "pass" }]);
    expect(result.error).toMatch(/no act found/);
    expect(result.unparsed).toEqual([text]);
  });

  it("reports the sentences it took no act from, in order", () => {
    expect(
      parseNatural("Thanks! Restaurant A has service 3. I love their pasta. What about Restaurant B's ambience?", task),
    ).toEqual({
      acts: [share(A, service, 3), ask(B, ambience)],
      unparsed: ["Thanks!", "I love their pasta."],
    });
  });

  it.each([
    ["", /no act found/],
    ["I like Restaurant B a lot.", /no act found/],
    ["Restaurant B has food quality 9.", /level 9 out of range/],
    ["Restaurant B has service 2 and food quality 9.", /level 9 out of range/],
    ["What is the service of Restaurant A? @Agent 7", /agent 7 out of range/],
    ["Restaurant Q has food quality 3.", /no act found/],
  ])("rejects %j as PASS with an error", (text, error) => {
    const result = parseNatural(text, task);
    expect(result.acts).toEqual([{ kind: "pass" }]);
    expect(result.error).toMatch(error);
  });
});

describe("forms from fresh15 (tuned on after it was scored)", () => {
  it.each([
    "Restaurant C has ambience 2, according to Agent 1.",
    "Restaurant C has ambience 2, per Agent 3.",
    "Restaurant C's ambience is 2 — that's Agent 1's number, not mine.",
    "Restaurant C's ambience is 2, as Agent 2 said.",
    "Restaurant C's ambience is 2 (via Agent 3).",
  ])("a source named after the claim makes it someone else's: %j", (text) => {
    expect(parseNatural(text, hp).error).toMatch(/no act found/);
  });

  it("a trailing agent that states its own level is no source; a clause break keeps the speaker's share", () => {
    expect(parseNatural("Restaurant C has ambience 2, but according to Agent 1 it is better.", hp).acts).toEqual([
      share(2, 2, 2),
    ]);
  });

  it("addresses 'Hey Agent 3, ...' and a clause-start 'Agent 1:' is no source", () => {
    expect(parseNatural("Hey Agent 3, what did you see for Restaurant C's service?", hp).acts).toEqual([
      to(ask(2, 1), 2),
    ]);
    expect(parseNatural("Not quite, Agent 1: Restaurant A's service is 4, not 2.", hp).acts).toEqual([share(0, 1, 4)]);
  });

  it("reads yes/no questions that ask for anything, a count or a pulled record", () => {
    expect(parseNatural("Agent 3, is there anything on Restaurant A's ambience?", hp).acts).toEqual([to(ask(0, 2), 2)]);
    expect(parseNatural("Agent 1, did you pull Restaurant B's service?", hp).acts).toEqual([to(ask(1, 1), 0)]);
  });

  it("a bare answer may name the speaker's source after it, or lead with I'd say", () => {
    expect(parseNatural("Restaurant B's service? Honestly a 4/5 from what I saw.", hp).acts).toEqual([share(1, 1, 4)]);
    expect(parseNatural("Value for money at Restaurant A? I'd say 3.", hp).acts).toEqual([share(0, 3, 3)]);
    expect(parseNatural("Restaurant B's service? A 4 from Restaurant C's menu.", hp).acts).toEqual([ask(1, 1)]);
  });

  it.each([
    ["Agent 3 has Restaurant C's food quality as 4 — I'd correct that to 2.", share(2, 0, 2)],
    ["Agent 1 has Restaurant A's service at 5, but I have it at 1.", share(0, 1, 1)],
    ["Agent 2 listed Restaurant B's ambience as 1; mine shows 3.", share(1, 2, 3)],
    ["Agent 2 says Restaurant C's service is 4? I have it at 1.", share(2, 1, 1)],
  ])("reads the speaker's value in a correction: %j", (text, act) => {
    expect(parseNatural(text, hp).acts).toEqual([act]);
  });

  it("'there are only N' corrects a count someone else claimed", () => {
    const pantry = generateTask({ family: "random", seed: 1, domain: "fundraiserStalls", options: 4, attributes: 4 });
    const [stall, thing] = [pantry.domain.options[1] as string, pantry.domain.attributes[0] as string];
    const level = pantry.levels[0] + 1;
    expect(
      parseNatural(`Agent 1 counted ${level + 1} ${thing} on ${stall}, but there are only ${level}.`, pantry).acts,
    ).toEqual([share(1, 0, level)]);
  });

  it("reads 'I'm backing X', 'I'd point the finger at X' and 'My accusation: X' as proposals", () => {
    expect(parseNatural("I'm backing Restaurant C.", hp).acts).toEqual([{ kind: "propose", option: 2 }]);
    expect(parseNatural("I'd point the finger at Restaurant B.", hp).acts).toEqual([{ kind: "propose", option: 1 }]);
    expect(parseNatural("My accusation: Restaurant A.", hp).acts).toEqual([{ kind: "propose", option: 0 }]);
  });

  it("pairs one attribute over several options, exact or nothing", () => {
    expect(
      parseNatural("Service for Restaurant A, Restaurant B and Restaurant C is 1, 3 and 5 respectively.", hp).acts,
    ).toEqual([share(0, 1, 1), share(1, 1, 3), share(2, 1, 5)]);
    expect(parseNatural("Ambience for Restaurant B and Restaurant C: 2 and 4 respectively.", hp).acts).toEqual([
      share(1, 2, 2),
      share(2, 2, 4),
    ]);
    expect(parseNatural("Service for Restaurant A and Restaurant B is 1, 3 and 5.", hp).error).toMatch(/no act/);
  });

  it("reads counted pairs through one plain verb, and not through a want", () => {
    expect(parseNatural("Restaurant A and Restaurant B managed 2 and 4 on service.", hp).acts).toEqual([
      share(0, 1, 2),
      share(1, 1, 4),
    ]);
    expect(parseNatural("Restaurant A and Restaurant B need 2 and 4 on service.", hp).error).toMatch(/no act/);
  });

  it("asks a question of names only, and a request 'from you'", () => {
    expect(parseNatural("Agent 2 — service, Restaurant C, Restaurant B?", hp).error).toMatch(/no act/);
    expect(parseNatural("Agent 2 — service, Restaurant C?", hp).acts).toEqual([to(ask(2, 1), 1)]);
    expect(parseNatural("Agent 2, I'd need Restaurant A's ambience from you.", hp).acts).toEqual([to(ask(0, 2), 1)]);
    expect(parseNatural("We need the service of Restaurant C before deciding.", hp).error).toMatch(/no act/);
  });

  it("'I propose we book it' proposes the one option named before; two named leave nothing", () => {
    expect(parseNatural("Restaurant B seems the best fit — I propose we pick it.", hp).acts).toEqual([
      { kind: "propose", option: 1 },
    ]);
    expect(parseNatural("Restaurant B beats Restaurant C — I propose we pick it.", hp).error).toMatch(/no act/);
  });

  it("'I disagree — they're 2' corrects the claim of the sentence before", () => {
    expect(parseNatural("Agent 3 said Restaurant A's service was 1. I disagree — it's 4.", hp).acts).toEqual([
      share(0, 1, 4),
    ]);
    expect(parseNatural("Agent 3 said Restaurant A's service was 1. It's 4.", hp).error).toMatch(/no act/);
  });

  it("'no data from me on that' narrows a pass to one topic: no pass", () => {
    expect(parseNatural("No data from me on that.", hp).error).toMatch(/no act found/);
  });
});

describe("forms from fresh16 (tuned on after it was scored; fresh17 is the unseen measure)", () => {
  it.each([
    "Restaurant C's food quality is 5 per Agent 1's notes.",
    "Apparently Restaurant B's ambience is 2 — that came from Agent 3.",
    "Restaurant A and Restaurant B are 3 and 4 on service, or maybe the other way around.",
    "Restaurant A and Restaurant B have service 3 and 4, not sure which.",
  ])("takes nothing from %j", (text) => {
    expect(parseNatural(text, hp).error).toMatch(/no act found/);
  });

  it("a paired list 'in that order' stays read", () => {
    expect(parseNatural("Restaurant A and Restaurant B have service 1 and 3, in that order.", hp).acts).toEqual([
      share(0, 1, 1),
      share(1, 1, 3),
    ]);
  });

  it.each([
    ["Agent 3 had Restaurant A's service at 5; I'm seeing 2.", share(0, 1, 2)],
    ["Agent 1 listed Restaurant C's ambience as 4. That's off — it's 1.", share(2, 2, 1)],
    ["Agent 3 claims Restaurant A's service is 3, but my evidence says 1.", share(0, 1, 1)],
    ["Agent 2's 2 for Restaurant B's ambience is wrong — I have 4.", share(1, 2, 4)],
    ["Agent 1 thinks Restaurant C's service is 2; mine has it at 5.", share(2, 1, 5)],
    ["Agent 4 said Restaurant A's ambience was 5. I'd put it at 3.", share(0, 2, 3)],
    ["Restaurant B's service: Agent 1 says 4, I say 2.", share(1, 1, 2)],
    ["Agent 2 has Restaurant A's service as 1, but it's 4 in my notes.", share(0, 1, 4)],
  ])("reads the speaker's value in %j", (text, act) => {
    expect(parseNatural(text, hp).acts).toEqual([act]);
  });

  it("agreeing is no correction, and a negation or condition is no reported topic", () => {
    expect(parseNatural("Agent 1 listed Restaurant C's ambience as 4. That's right, it's 4.", hp).error).toMatch(
      /no act found/,
    );
    expect(parseNatural("If Restaurant B's service matters, I say 2.", hp).error).toMatch(/no act found/);
    expect(parseNatural("If Restaurant B's service is 5, I say 2.", hp).error).toMatch(/no act found/);
  });

  it.each([
    ["Final call from me: Restaurant C.", 2],
    ["Restaurant A is who I'd pick.", 0],
    ["Restaurant C is my top choice.", 2],
    ["I'm naming Restaurant B as the winner.", 1],
    ["Restaurant A should win this.", 0],
    ["My money's on Restaurant B.", 1],
  ])("reads the proposal in %j", (text, option) => {
    expect(parseNatural(text, hp).acts).toEqual([propose(option)]);
  });

  it("'my top choice for service' speaks of one attribute: no proposal", () => {
    expect(parseNatural("Restaurant C is my top choice for service.", hp).error).toMatch(/no act found/);
  });

  it("asks: 'what <attribute> is <option>', '... looking like on', '... known for', '<attribute> count on'", () => {
    expect(parseNatural("Agent 2, what service is Restaurant B?", hp).acts).toEqual([to(ask(1, 1), 1)]);
    expect(parseNatural("Agent 1 — what's the ambience looking like at Restaurant C?", hp).acts).toEqual([
      to(ask(2, 2), 0),
    ]);
    expect(parseNatural("Agent 3, is the service known for Restaurant A?", hp).acts).toEqual([to(ask(0, 1), 2)]);
  });

  it("reads the typographic minus sign and settled 'ended up' / 'down to' values", () => {
    const stalls = generateTask({ family: "random", seed: 1, domain: "fundraiserStalls", options: 4, attributes: 4 });
    const [stall, attribute] = [stalls.domain.options[3] as string, stalls.domain.attributes[1] as string];
    const low = stalls.levels[0];
    const minus = low < 0 ? `\u2212${-low}` : `${low}`;
    expect(parseNatural(`${stall}: ${attribute} ${minus}.`, stalls).acts).toEqual([share(3, 1, low)]);
    expect(parseNatural("Restaurant B ended up at 2 on service.", hp).acts).toEqual([share(1, 1, 2)]);
    expect(parseNatural("Restaurant B's service went up to 4.", hp).error).toMatch(/no act found/);
  });
});

describe("forms from fresh17 (tuned on after it was scored; fresh18 is the unseen measure)", () => {
  it.each([
    ["Restaurant B gets my endorsement.", 1],
    ["I'm putting Restaurant A forward.", 0],
    ["Let's make it Restaurant B.", 1],
    ["Going to side with Restaurant C.", 2],
    ["Restaurant C is my suspect.", 2],
  ])("reads the proposal in %j", (text, option) => {
    expect(parseNatural(text, hp).acts).toEqual([propose(option)]);
  });

  it("'putting X' without 'forward' proposes nothing", () => {
    expect(parseNatural("I'm putting Restaurant A on the list.", hp).error).toMatch(/no act found/);
  });

  it("asks: a request of names with 'please', and 'how would you rate'", () => {
    expect(parseNatural("Agent 2: Restaurant A's ambience, please.", hp).acts).toEqual([to(ask(0, 2), 1)]);
    expect(parseNatural("Agent 2, how would you rate Restaurant C's service?", hp).acts).toEqual([to(ask(2, 1), 1)]);
    expect(parseNatural("What would Restaurant C's service need to be?", hp).error).toMatch(/no act found/);
  });

  it("'were' is past tense after a subject, a condition before one or at a clause start", () => {
    expect(parseNatural("Restaurant A's service were 4.", hp).acts).toEqual([share(0, 1, 4)]);
    expect(parseNatural("Were it 5, Restaurant A's service would win.", hp).error).toMatch(/no act found/);
    expect(parseNatural("If they were 4 on service, Restaurant A wins.", hp).error).toMatch(/no act found/);
  });

  it("reads '+1', 'four-star' and 'on my side' after a reported clause; 'unless' after a pair", () => {
    const [stall, attribute] = [stalls.domain.options[0] as string, stalls.domain.attributes[1] as string];
    expect(parseNatural(`${stall}'s ${attribute} were +1.`, stalls).acts).toEqual([share(0, 1, 1)]);
    expect(parseNatural("Restaurant B's service was +4.", hp).error).toMatch(/no act found/); // a change on 1..5
    expect(parseNatural("Restaurant A's service is four-star.", hp).acts).toEqual([share(0, 1, 4)]);
    expect(
      parseNatural("Agent 2 wrote that Restaurant A's service is 1; on my side, Restaurant B's ambience is 3.", hp)
        .acts,
    ).toEqual([share(1, 2, 3)]);
    expect(
      parseNatural("Restaurant A and Restaurant B have service 4 and 2, unless I mixed them up.", hp).error,
    ).toMatch(/no act found/);
  });
});

describe("forms from fresh18 (tuned on after it was scored; fresh19 is the unseen measure)", () => {
  it.each([
    "Restaurant A's ambience is 4, Agent 2 tells me.",
    "Agent 2's reading of Restaurant C's service: 2.",
    "Restaurant C's service is 0, I think, but don't quote me.",
    "Restaurant C's service is 3 — could be wrong.",
  ])("takes nothing from %j", (text) => {
    expect(parseNatural(text, hp).error).toMatch(/no act found/);
  });

  it("a retraction holds back only what came before it", () => {
    expect(parseNatural("I'm not sure about Restaurant B, but Restaurant A has service 4.", hp).acts).toEqual([
      share(0, 1, 4),
    ]);
  });

  it.each([
    ["Agent 1's figure for Restaurant C's service is off; it's 1 by my notes.", share(2, 1, 1)],
    ["Agent 2 rated Restaurant A's ambience 5; by my data it's 2.", share(0, 2, 2)],
    ["Agent 3 logged Restaurant B's service as 1 — it should read 4.", share(1, 1, 4)],
    ["Agent 3 says Restaurant A's ambience is 4. Not so — 2.", share(0, 2, 2)],
    ["Agent 3 mixed up Restaurant B's ambience: it's 1, per my count.", share(1, 2, 1)],
    ["Restaurant A's service isn't 2 — I'm sure it's 5.", share(0, 1, 5)],
  ])("reads the speaker's value in %j", (text, act) => {
    expect(parseNatural(text, hp).acts).toEqual([act]);
  });

  it("a reply needs the speaker's words or a disagreement: a bare 'It's 2.' after a claim is nothing", () => {
    expect(parseNatural("Agent 3 says Restaurant A's ambience is 4. It's 2.", hp).error).toMatch(/no act found/);
  });

  it.each([
    ["Restaurant A gets my nod.", 0],
    ["I'm throwing my support behind Restaurant B.", 1],
    ["Let's lock Restaurant C in.", 2],
    ["Let's lock in Restaurant C.", 2],
    ["Restaurant B for the win.", 1],
  ])("reads the proposal in %j", (text, option) => {
    expect(parseNatural(text, hp).acts).toEqual([propose(option)]);
  });

  it("'lock X down' and 'support X's service' propose nothing", () => {
    expect(parseNatural("Let's lock Restaurant A down.", hp).error).toMatch(/no act found/);
  });

  it("'Lena's calendar says 1 for Tuesday morning': 'says' after an attribute states its level", () => {
    expect(parseNatural("The service says 4 for Restaurant B.", hp).acts).toEqual([share(1, 1, 4)]);
  });
});

describe("forms from fresh19 (tuned on after it was scored; fresh20 is the unseen measure)", () => {
  it.each([
    "Restaurant C's ambience is 4 — Agent 1's words, not mine.",
    "Restaurant B has service 5 if Agent 3 is to be believed.",
    "Restaurant B has service 5, assuming Agent 2 is right.",
  ])("takes nothing from %j", (text) => {
    expect(parseNatural(text, hp).error).toMatch(/no act found/);
  });

  it("a trailing condition that is not someone else's word leaves the proposal rule alone", () => {
    expect(parseNatural("I propose Restaurant A if no one objects.", hp).acts).toEqual([propose(0)]);
  });

  it("answers a fragment question with 'I'd give it a 3'", () => {
    expect(parseNatural("Restaurant A's ambience? I'd give it a 3.", hp).acts).toEqual([share(0, 2, 3)]);
  });

  it.each([
    ["I previously said Restaurant B's service was 2; it's 4.", share(1, 1, 4)],
    ["Agent 1 is off on Restaurant A's ambience — it's 2, not 5.", share(0, 2, 2)],
    ["Agent 1 put Restaurant C's service at 2; the right number is 4.", share(2, 1, 4)],
  ])("reads the speaker's value in %j", (text, act) => {
    expect(parseNatural(text, hp).acts).toEqual([act]);
  });

  it("'That's right, it's 4' after a claim still agrees: nothing", () => {
    expect(parseNatural("Agent 1 put Restaurant C's service at 4; that's right, it's 4.", hp).error).toMatch(
      /no act found/,
    );
  });

  it.each([
    ["My recommendation stands: Restaurant A.", 0],
    ["I'm voting Restaurant B.", 1],
    ["Let's settle it: Restaurant C.", 2],
  ])("reads the proposal in %j", (text, option) => {
    expect(parseNatural(text, hp).acts).toEqual([propose(option)]);
  });

  it("'please report X's Y' asks; a level closed by a symbol is read", () => {
    expect(parseNatural("Agent 2, please report Restaurant B's service.", hp).acts).toEqual([to(ask(1, 1), 1)]);
    expect(parseNatural("Restaurant B → ambience → 5 ✔", hp).acts).toEqual([share(1, 2, 5)]);
  });
});

describe("forms from fresh20 (tuned on after it was scored; fresh21 is the unseen measure)", () => {
  it("'..., says Agent 2' after a claim is someone else's word", () => {
    expect(parseNatural("Restaurant C's service is 3, says Agent 2.", hp).error).toMatch(/no act found/);
  });

  it.each([
    ["Agent 1, how much service has Restaurant B got?", to(ask(1, 1), 0)],
    ["Agent 2, what's the ambience showing for Restaurant C?", to(ask(2, 2), 1)],
    ["Agent 1, what would you say Restaurant B's service is?", to(ask(1, 1), 0)],
    ["Agent 3, what's Restaurant A's value for money, if you know?", to(ask(0, 3), 2)],
    ["Agent 2 — Restaurant C's service level, please.", to(ask(2, 1), 1)],
  ])("asks %j", (text, act) => {
    expect(parseNatural(text, hp).acts).toEqual([act]);
  });

  it("a condition on the value still holds a question back", () => {
    expect(parseNatural("What is Restaurant A's service if Restaurant B closes?", hp).error).toMatch(/no act found/);
  });

  it.each([
    ["Agent 2 reported Restaurant C's service as 2; actually 5.", share(2, 1, 5)],
    ["Agent 1's 4 for Restaurant A's ambience is too generous; I'd say 2.", share(0, 2, 2)],
  ])("reads the speaker's value in %j", (text, act) => {
    expect(parseNatural(text, hp).acts).toEqual([act]);
  });

  it.each([
    ["Restaurant A is the way to go.", 0],
    ["My suspicion falls on Restaurant C.", 2],
  ])("reads the proposal in %j", (text, option) => {
    expect(parseNatural(text, hp).acts).toEqual([propose(option)]);
  });
});

describe("forms from fresh22 (tuned on after it was scored)", () => {
  const options = ["Restaurant A", "Restaurant B", "Restaurant C"];
  const attributes = ["food quality", "service", "ambience", "value for money"];
  const cell = fc.record({ o: fc.nat(2), a: fc.nat(3) });
  const name = ({ o, a }: { o: number; a: number }) => `${options[o]}'s ${attributes[a]}`;

  it("an address with no act of its own carries to the questions after it, not to one put to everyone", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), cell, fc.constantFrom("Hi", "Hey", ""), (agent, c, hi) => {
        const lead = hi === "" ? `Agent ${agent}, I only have part of the picture.` : `${hi} Agent ${agent}!`;
        expect(parseNatural(`${lead} What's ${name(c)}?`, hp).acts).toEqual([to(ask(c.o, c.a), agent - 1)]);
        expect(parseNatural(`${lead} Does anyone know ${name(c)}?`, hp).acts).toEqual([ask(c.o, c.a)]);
        // a list of questions under "Questions for Agent N:"
        const list = `Two questions for Agent ${agent}:\n1. What's ${name(c)}?\n2. And ${name({ o: (c.o + 1) % 3, a: c.a })}?`;
        expect(parseNatural(list, hp).acts).toEqual([
          to(ask(c.o, c.a), agent - 1),
          to(ask((c.o + 1) % 3, c.a), agent - 1),
        ]);
      }),
      { numRuns: 40 },
    );
    // thanking an agent addresses no question
    expect(parseNatural("Thanks, Agent 2! What's Restaurant A's service?", hp).acts).toEqual([ask(0, 1)]);
    expect(parseNatural("Hey Agent 2 👋 — what's your take on Restaurant A's food quality?", hp).acts).toEqual([
      to(ask(0, 0), 1),
    ]);
  });

  it("a reply that disputes a claimed level and then gives one is the speaker's value; the restated own value is replaced", () => {
    fc.assert(
      fc.property(cell, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (c, claimed, mine) => {
        for (const reply of ["That doesn't match my records — I have", "It isn't — I recorded", "That's wrong; I see"])
          expect(parseNatural(`Agent 1 reported ${name(c)} as ${claimed}. ${reply} ${mine}.`, hp).acts).toEqual([
            share(c.o, c.a, mine),
          ]);
        expect(
          parseNatural(`Earlier I said ${name(c)} was ${claimed}. That was a typo; it's ${mine}.`, hp).acts,
        ).toEqual([share(c.o, c.a, mine)]);
        expect(
          parseNatural(`Agent 2 thinks ${name(c)} is ${claimed}. From what I can see it's a ${mine}.`, hp).acts,
        ).toEqual([share(c.o, c.a, mine)]);
      }),
      { numRuns: 40 },
    );
    // a reply that names something else or hedges takes nothing
    expect(
      parseNatural("Agent 1 reported Restaurant A's service as 4. That doesn't match — maybe 2.", hp).error,
    ).toMatch(/no act found/);
  });

  it.each([
    ["Small correction to what Agent 2 said: Restaurant B's service is 3, not 5.", [share(1, 1, 3)]],
    ["Going by what Agent 2 said: Restaurant B's service is 3.", []],
    ["- Agent 1: Restaurant C's ambience = 4\n- Me: Restaurant C's service = 2", [share(2, 1, 2)]],
    ["Agent 2: Restaurant C's service, please.", [to(ask(2, 1), 1)]],
    ["Agent 3's numbers put Restaurant A's ambience at 2. Mine say Restaurant A's service is 5.", [share(0, 1, 5)]],
    ["Agent 4, the service you gave for Restaurant C (2) doesn't match mine — I've got 4.", [share(2, 1, 4)]],
    ["Agent 1 counted 2 for Restaurant B's service, but when I checked it was 5.", [share(1, 1, 5)]],
    ["When I checked it was 5.", []],
    ["Agent 1 put Restaurant A's ambience at 2. I see a 4 there.", [share(0, 2, 4)]],
    ["Agent 2, small fix: Restaurant A's service reads 2, not 1.", [share(0, 1, 2)]],
    ["Agent 2, Restaurant A's service reads 2?", []],
    ["Restaurant A's value for money, please.", [ask(0, 3)]],
  ])("%j", (text, acts) => {
    const result = parseNatural(text, hp);
    expect(result.error === undefined ? result.acts : []).toEqual(acts);
  });

  it.each([
    ["Alright, I'm convinced — let's hire Restaurant B.", [propose(1)]],
    ["I'm going to put Restaurant C forward as our choice.", [propose(2)]],
    ["I'll put my vote behind Restaurant A.", [propose(0)]],
    ["I'm calling it: Restaurant C.", [propose(2)]],
    ["I'm ready to name Restaurant A as the winner.", [propose(0)]],
    ["Shall we go with Restaurant B?", [propose(1)]],
    ["Let's schedule the meeting for Restaurant B.", [propose(1)]],
    ["## Recommendation\n\nRestaurant C — great service.", [propose(2)]],
    [
      "If Restaurant B's service turns out to be 5, I'd switch to Restaurant B; for now I propose Restaurant C.",
      [propose(2)],
    ],
    ["I propose Restaurant C; if Restaurant B had service 5 I'd switch.", []],
    ["I'd put Restaurant A's service at 4.", [share(0, 1, 4)]],
    ["Let's check Restaurant A's service.", []],
    ["Shall we go with Restaurant A or Restaurant B?", []],
    ["I'd call it a 3.", []],
    ["## Recommendation\n\nRestaurant C's service is 4.", [share(2, 1, 4)]],
  ])("%j", (text, acts) => {
    const result = parseNatural(text, hp);
    expect(result.error === undefined ? result.acts : []).toEqual(acts);
  });

  it("counts: 'but when I checked there were N' corrects a counted claim; paired levels through 'read'", () => {
    const pantry = generateTask({
      family: "random",
      seed: 1,
      domain: "pantryStock",
      options: 2,
      attributes: 3,
      levels: [0, 5],
    });
    expect(pantry.domain.options[1]).toBe("Shelf B");
    const apples = pantry.domain.attributes.indexOf("apples");
    expect(parseNatural("Agent 3 counted 2 apples on Shelf B, but when I checked there were 5.", pantry).acts).toEqual([
      share(1, apples, 5),
    ]);
    // the speaker's check under a condition corrects nothing
    expect(
      parseNatural("Agent 3 counted 2 apples on Shelf B; if Agent 1 is right, when I checked there were 5.", pantry)
        .error,
    ).toMatch(/no act found/);
    expect(parseNatural("Shelf A and Shelf B read 1 and 4 on apples.", pantry).acts).toEqual([
      share(0, apples, 1),
      share(1, apples, 4),
    ]);
  });
});

describe("forms from fresh23 (tuned on after it was scored; fresh24 is the unseen measure)", () => {
  const options = ["Restaurant A", "Restaurant B", "Restaurant C"];
  const attributes = ["food quality", "service", "ambience", "value for money"];
  const cell = fc.record({ o: fc.nat(2), a: fc.nat(3) });
  const name = ({ o, a }: { o: number; a: number }) => `${options[o]}'s ${attributes[a]}`;
  const acts = (text: string) => {
    const result = parseNatural(text, hp);
    return result.error === undefined ? result.acts : [];
  };

  it("a request pointing back ('can you fill that in?') asks for the one pair named before it, and only then", () => {
    fc.assert(
      fc.property(cell, fc.integer({ min: 1, max: 3 }), (c, agent) => {
        expect(acts(`Agent ${agent}, I've got nothing on ${name(c)} yet — can you fill that in?`)).toEqual([
          to(ask(c.o, c.a), agent - 1),
        ]);
        // two pairs named, or a level, leave "it" unresolved
        const other = name({ o: (c.o + 1) % 3, a: c.a });
        expect(acts(`I've got nothing on ${name(c)} or ${other} — can you fill that in?`)).toEqual([]);
        expect(acts(`I have ${name(c)} near 3 — can you fill that in?`)).toEqual([]);
        // a request to check a value asks for it, level or none (the labelling rule; session 69)
        expect(acts(`I have ${name(c)} near 3 — can you confirm that?`)).toEqual([ask(c.o, c.a)]);
      }),
      { numRuns: 30 },
    );
  });

  it("'there' in a question is the one option the sentence before named", () => {
    expect(acts("Agent 3, how busy is Restaurant B on weekends? What's the ambience there?")).toEqual([
      to(ask(1, 2), 2),
    ]);
    expect(acts("Restaurant A and Restaurant B are close. What's the ambience there?")).toEqual([]);
  });

  it.each([
    ["Let me check with Agent 2 first: how does Restaurant A rate on service?", [to(ask(0, 1), 1)]],
    ["Agent 1, thanks for the update. Could you also give me Restaurant B's ambience?", [to(ask(1, 2), 0)]],
    ["Agent 2, I'd like your reading on Restaurant C's service.", [to(ask(2, 1), 1)]],
    ["I'd like Restaurant C's service to be 5.", []],
  ])("%j", (text, expected) => {
    expect(acts(text)).toEqual(expected);
  });

  it.each([
    ["We should offer the job to Restaurant C.", [propose(2)]],
    ["Let's take Restaurant B.", [propose(1)]],
    ["Let's go ahead with Restaurant B.", [propose(1)]],
    ["Restaurant B should get the prize.", [propose(1)]],
    ["After reviewing the numbers, I'm settling on Restaurant B. Its service is 5.", [propose(1), share(1, 1, 5)]],
    ["Restaurant A, final answer.", [propose(0)]],
    ["We might go with Restaurant A, but let's hear from everyone first.", []],
    ["I could pick Restaurant C.", []],
    ["Let's take a look at Restaurant A.", []],
    ["Restaurant A, food quality 4.", [share(0, 0, 4)]],
  ])("%j", (text, expected) => {
    expect(acts(text)).toEqual(expected);
  });

  it("the speaker's own value called wrong, then the right one; replies with the speaker's source or a rejected level", () => {
    fc.assert(
      fc.property(cell, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (c, claimed, mine) => {
        expect(acts(`Sorry all, I gave the wrong figure for ${name(c)}. It's ${mine}.`)).toEqual([
          share(c.o, c.a, mine),
        ]);
        expect(acts(`My earlier message had ${name(c)} wrong. The correct figure is ${mine}.`)).toEqual([
          share(c.o, c.a, mine),
        ]);
        expect(acts(`Agent 2 put ${name(c)} at ${claimed}. I'm seeing ${mine} on my sheet.`)).toEqual([
          share(c.o, c.a, mine),
        ]);
        expect(acts(`Agent 2 has ${name(c)} at ${claimed}. I checked again and it's ${mine}.`)).toEqual([
          share(c.o, c.a, mine),
        ]);
        expect(acts(`Agent 3, I have to disagree on ${name(c)}. I see a ${mine}, not a ${claimed}.`)).toEqual([
          share(c.o, c.a, mine),
        ]);
        expect(acts(`Correction: ${name(c)} should be ${mine}.`)).toEqual([share(c.o, c.a, mine)]);
      }),
      { numRuns: 30 },
    );
    // someone else's value called wrong is no admission of the speaker's; "should be" without a correction lead is a want
    expect(acts("Agent 2 gave the wrong figure for Restaurant A's service. It's 2.")).toEqual([]);
    expect(acts("Restaurant A's service should be 4.")).toEqual([]);
  });

  it("'Mine:' on the line after someone else's numbers is the speaker's; paired levels through 'come to'", () => {
    expect(acts("**Agent 2's numbers:** Restaurant A's service = 3\n**Mine:** Restaurant A's ambience = 4")).toEqual([
      share(0, 2, 4),
    ]);
    expect(acts("Restaurant B's service and ambience come to 2 and 4 respectively.")).toEqual([
      share(1, 1, 2),
      share(1, 2, 4),
    ]);
  });
});

describe("forms from fresh24 and fresh25 (tuned on after each was scored; fresh26 is the unseen measure)", () => {
  const options = ["Restaurant A", "Restaurant B", "Restaurant C"];
  const attributes = ["food quality", "service", "ambience", "value for money"];
  const cell = fc.record({ o: fc.nat(2), a: fc.nat(3) });
  const name = ({ o, a }: { o: number; a: number }) => `${options[o]}'s ${attributes[a]}`;
  const acts = (text: string) => {
    const result = parseNatural(text, hp);
    return result.error === undefined ? result.acts : [];
  };

  it("a pointer to the one option named before proposes it, in the sentence or the one before, and only then", () => {
    fc.assert(
      fc.property(fc.nat(2), (o) => {
        const x = options[o] as string;
        const y = options[(o + 1) % 3] as string;
        expect(acts(`${x}, no question. That's my vote.`)).toEqual([propose(o)]);
        expect(acts(`${x} edges it for me — that's where I'd send us.`)).toEqual([propose(o)]);
        expect(acts(`It has to be ${x}. I'm backing her.`)).toEqual([propose(o)]);
        expect(acts(`${x} is the one I'd go with.`)).toEqual([propose(o)]);
        expect(acts(`${x} deserves the award.`)).toEqual([propose(o)]);
        // two options before, a negation, or no option at all: nothing
        expect(acts(`${x} and ${y} are close. That's my vote.`)).toEqual([]);
        expect(acts(`${x} is weak. I'm not backing her.`)).toEqual([]);
        expect(acts("That's my vote.")).toEqual([]);
        expect(acts(`${x} is the one I'd worry about.`)).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it.each([
    ["All things considered, I'm putting my weight behind Restaurant B.", [propose(1)]],
    ["Let's extend the offer to Restaurant C.", [propose(2)]],
    ["Count me in for Restaurant A.", [propose(0)]],
    ["Let's make Restaurant B our pick — its service is 5.", [propose(1), share(1, 1, 5)]],
    ["Thanks all!\n\n**Proposal →** Restaurant C", [propose(2)]],
    ["My recommendation to the panel: Restaurant A, on the strength of service 5.", [propose(0), share(0, 1, 5)]],
    ["I wouldn't put my weight behind Restaurant B.", []],
    ["Agent 2 is putting their weight behind Restaurant B.", []],
    ["Let's make Restaurant B's case first.", []],
  ])("%j", (text, expected) => {
    expect(acts(text)).toEqual(expected);
  });

  it("a yes/no question put to one agent naming one pair asks for it; an opinion, a proposal or a level does not", () => {
    fc.assert(
      fc.property(cell, fc.integer({ min: 1, max: 3 }), (c, agent) => {
        expect(acts(`Agent ${agent}, do your records cover ${name(c)}?`)).toEqual([to(ask(c.o, c.a), agent - 1)]);
        expect(acts(`Agent ${agent}, I still need ${name(c)} from you.`)).toEqual([to(ask(c.o, c.a), agent - 1)]);
        expect(acts(`Agent ${agent}, you haven't mentioned ${name(c)} yet. What is it?`)).toEqual([
          to(ask(c.o, c.a), agent - 1),
        ]);
        expect(acts(`Agent ${agent}, I'm in the dark on ${name(c)}. Can you help?`)).toEqual([
          to(ask(c.o, c.a), agent - 1),
        ]);
        expect(acts(`Agent ${agent}, do you think ${name(c)} matters?`)).toEqual([]);
        expect(acts(`Agent ${agent}, is ${name(c)} a 4?`)).toEqual([]);
        expect(acts(`Agent ${agent}, are you proposing ${options[c.o]} for its ${attributes[c.a]}?`)).toEqual([]);
        // not put to an agent: a yes/no question names the pair without asking for its value
        expect(acts(`Do the records cover ${name(c)}?`)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it.each([
    [
      "Agent 2, two things I'd still like from you:\n- Restaurant A's ambience\n- Restaurant C's service",
      [to(ask(0, 2), 1), to(ask(2, 1), 1)],
    ],
    ["Agent 3 – Restaurant A, food quality: your figure?", [to(ask(0, 0), 2)]],
    ["Agent 1, Restaurant B: how's its service, by your data?", [to(ask(1, 1), 0)]],
    ["Agent 3, Restaurant C's ambience — the floor is yours.", [to(ask(2, 2), 2)]],
    ["Before we pick Restaurant C, what is its value for money?", []],
    ["Here is my summary:\n- Restaurant A's ambience\n- Restaurant C's service", []],
  ])("%j", (text, expected) => {
    expect(acts(text)).toEqual(expected);
  });

  it("the speaker's own restated value is replaced by a bare level after it (or after an admission), not kept", () => {
    fc.assert(
      fc.property(cell, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (c, old, mine) => {
        expect(acts(`I previously wrote ${name(c)} was ${old}. It's ${mine}.`)).toEqual([share(c.o, c.a, mine)]);
        expect(acts(`I said ${name(c)} was ${old} earlier. I got that wrong. It's ${mine}.`)).toEqual([
          share(c.o, c.a, mine),
        ]);
        expect(acts(`Earlier I said ${name(c)} was ${old}; the correct value is ${mine}.`)).toEqual([
          share(c.o, c.a, mine),
        ]);
        expect(acts(`Retracting my earlier ${old} for ${name(c)}. The right value is ${mine}.`)).toEqual([
          share(c.o, c.a, mine),
        ]);
        // someone else's claim followed by a bare "It's N." stays nothing: whose value it is, is not said
        expect(acts(`Agent 2 says ${name(c)} is ${old}. It's ${mine}.`)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it("replies that dispute a claim give the speaker's value; a negated agreement disagrees", () => {
    fc.assert(
      fc.property(cell, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (c, claimed, mine) => {
        const claim = `Agent 3 has ${name(c)} at ${claimed}.`;
        expect(acts(`${claim} I'm afraid that's not right — it's ${mine}.`)).toEqual([share(c.o, c.a, mine)]);
        expect(acts(`${claim} I'd dispute that: ${mine}.`)).toEqual([share(c.o, c.a, mine)]);
        expect(acts(`${claim} I think that's wrong; my notes say ${mine}.`)).toEqual([share(c.o, c.a, mine)]);
        expect(acts(`${claim} Not in my data — it's ${mine}.`)).toEqual([share(c.o, c.a, mine)]);
        expect(acts(`Re: ${name(c)} — Agent 3's ${claimed} should be a ${mine}.`)).toEqual([share(c.o, c.a, mine)]);
        expect(acts(`Agent 3 is mistaken about ${name(c)}; it's ${mine} on my end.`)).toEqual([share(c.o, c.a, mine)]);
        // agreement stays agreement
        expect(acts(`${claim} That's right.`)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});

describe("forms from fresh26 and fresh27 (tuned on after each was scored; fresh28 is the unseen measure)", () => {
  const options = ["Restaurant A", "Restaurant B", "Restaurant C"];
  const attributes = ["food quality", "service", "ambience", "value for money"];
  const acts = (text: string, t = hp) => {
    const result = parseNatural(text, t);
    return result.error === undefined ? result.acts : [];
  };

  it("a possessive pair over one attribute pairs its levels exactly or takes nothing, never the last option alone", () => {
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.nat(3),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("came back", "turned out", "ended up"),
        (o, a, x, y, verb) => {
          const [p, q] = [options[o] as string, options[(o + 1) % 3] as string];
          const pair = `${p}'s and ${q}'s ${attributes[a]} ${verb}`;
          expect(acts(`${pair} ${x} and ${y}.`)).toEqual([share(o, a, x), share((o + 1) % 3, a, y)]);
          // three levels for two options: no pairing is sure, so nothing (never a wrong level)
          expect(acts(`${pair} ${x}, ${y} and ${x}.`)).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 26 },
    );
  });

  it("'For <attribute>, A and B are x and y' pairs in order; a third level or a doubt after it takes nothing", () => {
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.nat(3),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (o, a, x, y) => {
          const [p, q] = [options[o] as string, options[(o + 2) % 3] as string];
          const lead = `For ${attributes[a]}, ${p} and ${q} are`;
          expect(acts(`${lead} ${x} and ${y}, respectively.`)).toEqual([share(o, a, x), share((o + 2) % 3, a, y)]);
          expect(acts(`${lead} ${x}, ${y} and ${x}.`)).toEqual([]);
          expect(acts(`${lead} ${x} and ${y}, or the other way round.`)).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 27 },
    );
  });

  it("a question put by a word of an attribute asks for it: its owner with a word of time, a word of its name", () => {
    const [slot, other] = [calls.domain.options[1] as string, calls.domain.options[2] as string];
    const [owned, next] = [calls.domain.attributes[0] as string, calls.domain.attributes[1] as string];
    const owner = owned.split("'")[0] as string;
    expect(acts(`Agent 3, is ${owner} free on ${slot}?`, calls)).toEqual([to(ask(1, 0), 2)]);
    expect(acts(`Agent 1, can ${owner} make ${slot}?`, calls)).toEqual([to(ask(1, 0), 0)]);
    expect(acts("Agent 2, how's the food at Restaurant B?")).toEqual([to(ask(1, 0), 1)]);
    // two options, a second attribute, a number, a negation or an opinion: nothing
    expect(acts(`Agent 3, is ${owner} free on ${slot} or ${other}?`, calls)).toEqual([]);
    expect(acts(`Agent 3, are ${owner} and ${next.split("'")[0]} free on ${slot}?`, calls)).toEqual([]);
    expect(acts(`Agent 3, is ${owner} free on ${slot} at 2?`, calls)).toEqual([]);
    expect(acts(`Agent 3, isn't ${owner} free on ${slot}?`, calls)).toEqual([]);
    expect(acts("Agent 2, do you think the food at Restaurant B matters?")).toEqual([]);
  });

  it.each([
    ["Agent 2, please confirm Restaurant A's service.", [to(ask(0, 1), 1)]],
    ["Agent 1: Restaurant C, ambience — result?", [to(ask(2, 2), 0)]],
    ["Agent 1, your turn on Restaurant B's food quality.", [to(ask(1, 0), 0)]],
    ["Agent 3, Restaurant A's service, when you get a chance.", [to(ask(0, 1), 2)]],
    ["Agent 1, I'm missing Restaurant C's ambience. Got it handy?", [to(ask(2, 2), 0)]],
    ["Earlier I typed Restaurant C's service as 2 — make that 4.", [share(2, 1, 4)]],
    ["Agent 1 thinks Restaurant A's service is 1, but I've got 4 for it.", [share(0, 1, 4)]],
    ["Agent 2's figure for Restaurant B's ambience is stale; the current value is 1.", [share(1, 2, 1)]],
    ["Agent 2 overstated Restaurant C's ambience; my figure is 2.", [share(2, 2, 2)]],
    ["Agent 1 flagged Restaurant A's service as 1; for my own part, Restaurant A's ambience is 3.", [share(0, 2, 3)]],
    ["Agent 1 flagged Restaurant A's service as 1.", []],
    ["Restaurant B it should be.", [propose(1)]],
    ["Restaurant C takes it.", [propose(2)]],
    ["Restaurant A, no doubt about it.", [propose(0)]],
  ])("%j", (text, expected) => {
    expect(acts(text)).toEqual(expected);
  });
});

describe("forms from fresh28 and fresh29 (session 37: fresh29 scored first, then both tuned on; fresh30 is the unseen measure)", () => {
  const options = ["Restaurant A", "Restaurant B", "Restaurant C"];
  const attributes = ["food quality", "service", "ambience", "value for money"];
  const acts = (text: string, t = hp) => {
    const result = parseNatural(text, t);
    return result.error === undefined ? result.acts : [];
  };
  // the restaurants domain's first six attributes (cleanliness is the fifth)
  const sixAttributes = generateTask({
    family: "random",
    seed: 1,
    domain: "restaurants",
    options: 3,
    attributes: 6,
    levels: [1, 5],
  });

  it("levels first, then the names they belong to: paired in order, exact or nothing (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.nat(3),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("scores", "reads", "comes in at", "lands at"),
        (o, a, x, y, verb) => {
          const b = (a + 1) % 4;
          const [p, q] = [options[o] as string, options[(o + 1) % 3] as string];
          // one option, its attributes after the levels
          expect(acts(`${p} ${verb} ${x} and ${y} on ${attributes[a]} and ${attributes[b]}.`)).toEqual([
            share(o, a, x),
            share(o, b, y),
          ]);
          // one attribute, its options after the levels
          expect(acts(`${attributes[a]} ${verb} ${x} and ${y} for ${p} and ${q}.`)).toEqual([
            share(o, a, x),
            share((o + 1) % 3, a, y),
          ]);
          // three levels for two names: nothing, never a wrong level
          expect(acts(`${p} ${verb} ${x}, ${y} and ${x} on ${attributes[a]} and ${attributes[b]}.`)).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 37 },
    );
  });

  it.each([
    // paired lists: plural heads, verbs before the levels
    ["Restaurant A's and Restaurant B's ambiences: 2 and 5.", []],
    ["Restaurant B and Restaurant C land at 3 and 1 for ambience.", [share(1, 2, 3), share(2, 2, 1)]],
    ["Restaurant B's service and ambience check in at 4 and 2.", [share(1, 1, 4), share(1, 2, 2)]],
    // corrections
    ["Agent 1 says Restaurant B's service is 5. I'd contest that: 3.", [share(1, 1, 3)]],
    ["Agent 3 lists Restaurant A's ambience as 1. By my reckoning it's 3.", [share(0, 2, 3)]],
    ["Agent 1 pegged Restaurant C's service at 5; in truth it's 3.", [share(2, 1, 3)]],
    ["I reported Restaurant A's service as 1 — it ought to have been 4.", [share(0, 1, 4)]],
    ["I reported Restaurant A's service as 1. It should have been 4.", [share(0, 1, 4)]],
    // addressed questions
    ["Agent 3, I'd welcome your figure for Restaurant B's service.", [to(ask(1, 1), 2)]],
    ["Agent 2, clue me in on Restaurant A's service.", [to(ask(0, 1), 1)]],
    ["Agent 3, Restaurant C's ambience — your department.", [to(ask(2, 2), 2)]],
    ["Agent 1, how spotless is Restaurant C?", [to(ask(2, 4), 0)]],
    ["Agent 1, how dirty is Restaurant C?", [to(ask(2, 4), 0)]],
  ])("%j", (text, expected) => {
    expect(acts(text, text.includes("Agent 1, how") ? sixAttributes : hp)).toEqual(expected);
  });

  it("a plural names a two-word attribute, never a one-word one", () => {
    const theft = generateTask({
      family: "random",
      seed: 1,
      domain: "officeTheft",
      options: 3,
      attributes: 4,
      levels: [0, 1],
    });
    const [e, f] = theft.domain.options as [string, string];
    const two = theft.domain.attributes.findIndex((n) => n.split(" ").length === 2);
    const name = theft.domain.attributes[two] as string;
    expect(acts(`${e}'s and ${f}'s ${name}s: 1 and 0.`, theft)).toEqual([share(0, two, 1), share(1, two, 0)]);
    expect(acts("Restaurant A has 2 services.")).toEqual([]);
  });

  it("antonyms of an <adjective>ness attribute ask for it; the count words 'a single', 'a pair of', 'nil'", () => {
    const apartments = generateTask({
      family: "random",
      seed: 1,
      domain: "apartments",
      options: 3,
      attributes: 5,
      levels: [1, 5],
    });
    const quiet = apartments.domain.attributes.indexOf("quietness");
    expect(quiet).toBeGreaterThanOrEqual(0);
    const option = apartments.domain.options[0] as string;
    expect(acts(`Agent 2, how noisy is ${option}?`, apartments)).toEqual([to(ask(0, quiet), 1)]);
    expect(acts(`Agent 2, how loud is ${option}?`, apartments)).toEqual([to(ask(0, quiet), 1)]);
    const pantry = generateTask({
      family: "random",
      seed: 1,
      domain: "pantryStock",
      options: 2,
      attributes: 3,
      levels: [0, 5],
    });
    const [shelf] = pantry.domain.options as [string];
    const noun = pantry.domain.attributes[0] as string;
    const singular = noun.endsWith("s") ? noun.slice(0, -1) : noun;
    expect(acts(`There's a single ${singular} on ${shelf}.`, pantry)).toEqual([share(0, 0, 1)]);
    expect(acts(`${shelf} has a pair of ${noun}.`, pantry)).toEqual([share(0, 0, 2)]);
    expect(acts(`${shelf}, ${noun}, nil.`, pantry)).toEqual([share(0, 0, 0)]);
  });
});
