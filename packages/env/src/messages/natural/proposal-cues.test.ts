import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { proposalAt } from "./proposal-cues";
import { manor, testSentence } from "./test-sentence";

const proposal = (text: string, word?: string) => {
  const { s, state, at } = testSentence(text);
  return proposalAt(s, word === undefined ? 0 : at(word), s.to, state)?.option ?? null;
};

describe("proposal cues", () => {
  it("reads proposals by verb, by 'my vote', by a label and by 'the best choice'", () => {
    expect(proposal("I propose Restaurant B.", "propose")).toBe(1);
    expect(proposal("I think we should go with Restaurant C.", "go")).toBe(2);
    expect(proposal("My vote is Restaurant A.")).toBe(0);
    expect(proposal("Proposal: Restaurant B.")).toBe(1);
    expect(proposal("Restaurant C gets my vote.")).toBe(2);
    expect(proposal("Restaurant A is the best choice.")).toBe(0);
  });

  it("refuses alternatives, past intentions, someone else's proposal and a best choice for one attribute", () => {
    expect(proposal("I propose Restaurant A or Restaurant B.", "propose")).toBeNull();
    expect(proposal("I was going to propose Restaurant A.", "propose")).toBeNull();
    expect(proposal("Restaurant A is the best choice for service.")).toBeNull();
    expect(proposal("Restaurant A has service 4.")).toBeNull();
  });

  it("reads the idioms of fresh33 and fresh34 (helper h26h), and not their near misses", () => {
    expect(proposal("Restaurant C it is, then.")).toBe(2);
    expect(proposal("Restaurant C it is, then we eat.")).toBeNull();
    expect(proposal("Restaurant B should supply the order.")).toBe(1);
    expect(proposal("Restaurant B should supply 3 more.")).toBeNull();
    expect(proposal("We should extend an offer to Restaurant A.", "extend")).toBe(0);
    expect(proposal("I'd rather we picked Restaurant C.", "rather")).toBe(2);
    expect(proposal("I'm leaning hard toward Restaurant A.", "leaning")).toBe(0);
    expect(proposal("We should draw from Restaurant B.", "draw")).toBe(1);
    expect(proposal("Restaurant A should take the prize.")).toBe(0);
  });
});

describe("proposal cues: the team's pick named after 'our' (fresh32, fresh38)", () => {
  it("reads 'X is our man', 'X should be our source this time', and not a doubted, negated or reported one", () => {
    const proposals = (text: string) => parseNatural(text, manor).acts.filter((a) => a.kind === "propose");
    expect(proposals("Lord Ashby is our man, I'd say.")).toEqual([{ kind: "propose", option: 0 }]);
    expect(proposals("Doctor Finch is our man — case closed.")).toEqual([{ kind: "propose", option: 2 }]);
    expect(proposals("Miss Hartley should be our woman this time.")).toEqual([{ kind: "propose", option: 3 }]);
    for (const text of [
      "Lord Ashby is not our man.",
      "Lord Ashby might be our man.",
      "Is Lord Ashby our man?",
      "Agent 2 thinks Lord Ashby is our man.",
    ])
      expect(proposals(text)).toEqual([]);
  });
});
