import { describe, expect, it } from "vitest";
import { DomainSchema } from "../task/task";
import { domainFor } from "./domain-for";
import { domainNames, domainVocabularies } from "./domain-vocabularies";

describe("domainFor", () => {
  it("has at least four vocabularies with 8+ distinct options and attributes", () => {
    expect(domainNames).toEqual(expect.arrayContaining(["restaurants", "jobCandidates", "apartments", "meetingSlots"]));
    for (const name of domainNames) {
      const v = domainVocabularies[name];
      expect(v.options.length).toBeGreaterThanOrEqual(8);
      expect(v.attributes.length).toBeGreaterThanOrEqual(8);
      expect(new Set(v.options.map((o) => o.toLowerCase())).size).toBe(v.options.length);
      expect(new Set(v.attributes.map((a) => a.toLowerCase())).size).toBe(v.attributes.length);
    }
  });

  it("returns a Domain of the requested size", () => {
    for (const name of domainNames) {
      const d = domainFor(name, 5, 6);
      expect(DomainSchema.parse(d)).toEqual(d);
      expect(d.options).toHaveLength(5);
      expect(d.attributes).toHaveLength(6);
      expect(d.name).toBe(name);
    }
  });

  it("names the bad field", () => {
    expect(() => domainFor("pizzas", 3, 4)).toThrow(/^domain: .*"pizzas"/);
    expect(() => domainFor("restaurants", 0, 4)).toThrow(/^options:/);
    expect(() => domainFor("restaurants", 27, 4)).toThrow(/^options:.*27/);
    expect(() => domainFor("apartments", 3, 11)).toThrow(/^attributes:.*11/);
  });
});
