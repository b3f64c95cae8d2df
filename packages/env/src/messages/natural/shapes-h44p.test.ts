import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { calls, manor, restaurants } from "./test-sentence";

// Helper h44p (session 44), from fresh49's and fresh50's misses and wrong acts: a level offered with an alternative
// states none, a question of whether an agent saw an option asks for no level, the team as a body after "when" /
// "where" / "who" and "has got to" after the option, and "Will X do for everyone?".
const tasks = { restaurants, manor, calls } as const;
const nothing = [{ kind: "pass" }];
const names = (task: keyof typeof tasks) => tasks[task].domain.options;

describe("a level offered with an alternative (trailing-hedge.ts alternativeLevel)", () => {
  it.each([
    "Restaurant C's ambience is a 3, or maybe a 4.",
    "Service at Restaurant B is a 2, possibly a 3.",
    "Restaurant A's location is a 4, though it could be a 5.",
    "Restaurant B's food quality is 2, perhaps 3.",
    "Restaurant A's service is a 3, or even a 4.",
  ])("%j states no level", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it.each([
    ["Restaurant C's ambience is a 3.", 3],
    ["Restaurant C's ambience is a 3, not a 4.", 3],
    ["Restaurant C's ambience is a 3, maybe we should go.", 3],
  ] as const)("%j still states %d", (text, level) => {
    const acts = parseNatural(text, restaurants).acts;
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ kind: "share", level });
  });
});

describe("a question whether someone saw an option (ask-cues.ts seenOptionQuestion)", () => {
  it.each([
    "Agent 2, did you see Lady Ashby with the poison bottle?",
    "Has anyone spotted Miss Hartley near the muddy boots?",
    "Did you meet Doctor Finch by the library key?",
  ])("%j asks nothing", (text) => {
    expect(parseNatural(text, manor).acts.filter((a) => a.kind === "ask")).toEqual([]);
  });

  it("a question of what is seen that is no option still asks", () => {
    const acts = parseNatural("Agent 2, what did you see for Lady Ashby's poison bottle?", manor).acts;
    expect(acts).toEqual([expect.objectContaining({ kind: "ask" })]);
  });
});

describe("the option as subject: the team as a body, 'has got to', 'do for everyone'", () => {
  it.each([
    ["restaurants", "Restaurant B must be where the team eats."],
    ["restaurants", "Restaurant C has got to be where we end up."],
    ["restaurants", "Restaurant A needs to be where our group celebrates."],
    ["calls", "Will Monday evening do for everyone?"],
    ["calls", "Will Tuesday morning do for all of you?"],
  ] as const)("%s: %j proposes", (task, text) => {
    const acts = parseNatural(text, tasks[task]).acts;
    expect(acts).toHaveLength(1);
    expect(acts[0]?.kind).toBe("propose");
    expect(names(task)[(acts[0] as { option: number }).option]).toBe(text.match(/^(Will )?(\w+ \w+)/)?.[2]);
  });

  it.each([
    ["restaurants", "Restaurant B must be where the team avoids."],
    ["restaurants", "Restaurant C has got to be where Carol eats."],
    ["calls", "What will Monday evening do for everyone?"],
    ["calls", "Will Monday evening do?"],
    ["calls", "Will Monday evening do for Omar?"],
  ] as const)("%s: %j proposes nothing", (task, text) => {
    expect(parseNatural(text, tasks[task]).acts.filter((a) => a.kind === "propose")).toEqual([]);
  });
});
