import { describe, expect, it } from "vitest";
import { attributeFirstShare, subjectShare } from "./share-cues";
import { testSentence } from "./test-sentence";

const subject = (text: string, subjectBefore: number | null = null) => {
  const { s, state } = testSentence(text, undefined, { subject: subjectBefore });
  const found = subjectShare(s, 0, s.to, state);
  return found && { options: found.options, items: found.items.map((i) => [i.attribute, i.level]) };
};

describe("share cues", () => {
  it("reads subject-first shares: has, 's, a colon, scores, has got, several options", () => {
    expect(subject("Restaurant A has food quality 4 and service 2.")).toEqual({
      options: [0],
      items: [
        [0, 4],
        [1, 2],
      ],
    });
    expect(subject("Restaurant B's ambience is 3.")).toEqual({ options: [1], items: [[2, 3]] });
    expect(subject("Restaurant C: service 5.")).toEqual({ options: [2], items: [[1, 5]] });
    expect(subject("Restaurant C scores 2 on ambience.")).toEqual({ options: [2], items: [[2, 2]] });
    expect(subject("Restaurant A's got service 1.")).toEqual({ options: [0], items: [[1, 1]] });
    expect(subject("Restaurant A and Restaurant B have service 2.")).toEqual({ options: [0, 1], items: [[1, 2]] });
  });

  it("reads 'it' and 'its' as the option named before, else the last sentence's, and refuses alternatives", () => {
    expect(subject("it has service 4.", 2)).toEqual({ options: [2], items: [[1, 4]] });
    expect(subject("its service is 4.", 1)).toEqual({ options: [1], items: [[1, 4]] });
    expect(subject("it has service 4.")).toBeNull();
    expect(subject("Restaurant A or Restaurant B has service 4.")).toBeNull();
  });

  it("reads attribute-first shares and needs a link word or a pause before the level", () => {
    const share = (text: string) => {
      const { s, state } = testSentence(text);
      return attributeFirstShare(s, 0, s.to, state);
    };
    expect(share("The service of Restaurant B is 4.")).toEqual({ option: 1, attribute: 1, level: 4, end: 7 });
    expect(share("Ambience at Restaurant C: 2.")).toMatchObject({ option: 2, attribute: 2, level: 2 });
    expect(share("Service of Restaurant B 4.")).toBeNull();
    expect(share("Service of Restaurant B or Restaurant C is 4.")).toBeNull();
  });
});
