import { heldOutVocabularies } from "./held-out-vocabularies";

/** Words one task structure is rendered with: what an option is called and the names of options and attributes. */
export interface DomainVocabulary {
  readonly name: string;
  readonly optionNoun: string;
  readonly options: readonly string[];
  readonly attributes: readonly string[];
}

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
const lettered = (noun: string): string[] => letters.map((l) => `${noun} ${l}`);

/**
 * Built-in vocabularies (docs/design.md §2). Option names are lettered (26 each) except meeting slots;
 * attributes are taken in list order. Names avoid the natural-surface keywords (has, of, propose ...)
 * so every message round-trips.
 */
export const domainVocabularies = {
  restaurants: {
    name: "restaurants",
    optionNoun: "restaurant",
    options: lettered("Restaurant"),
    attributes: [
      "food quality",
      "service",
      "ambience",
      "value for money",
      "cleanliness",
      "location",
      "menu variety",
      "wait time",
      "drinks",
      "parking",
    ],
  },
  jobCandidates: {
    name: "jobCandidates",
    optionNoun: "candidate",
    options: lettered("Candidate"),
    attributes: [
      "experience",
      "technical skill",
      "communication",
      "teamwork",
      "leadership",
      "reliability",
      "creativity",
      "domain knowledge",
      "problem solving",
      "work ethic",
    ],
  },
  apartments: {
    name: "apartments",
    optionNoun: "apartment",
    options: lettered("Apartment"),
    attributes: [
      "rent",
      "size",
      "neighbourhood",
      "natural light",
      "quietness",
      "condition",
      "transport access",
      "storage",
      "safety",
      "amenities",
    ],
  },
  meetingSlots: {
    name: "meetingSlots",
    optionNoun: "time slot",
    options: [
      "Monday 9am",
      "Monday 11am",
      "Monday 2pm",
      "Monday 4pm",
      "Tuesday 9am",
      "Tuesday 11am",
      "Tuesday 2pm",
      "Tuesday 4pm",
      "Wednesday 9am",
      "Wednesday 11am",
      "Wednesday 2pm",
      "Wednesday 4pm",
      "Thursday 9am",
      "Thursday 11am",
      "Thursday 2pm",
      "Thursday 4pm",
      "Friday 9am",
      "Friday 11am",
      "Friday 2pm",
      "Friday 4pm",
    ],
    attributes: [
      "Alice's availability",
      "Bob's availability",
      "Carol's availability",
      "Dan's availability",
      "Erin's availability",
      "Frank's availability",
      "Grace's availability",
      "Heidi's availability",
      "Ivan's availability",
      "Judy's availability",
    ],
  },
  // Vocabularies of the held-out benchmark families (suspects, call slots, quantities).
  ...heldOutVocabularies,
} as const satisfies Record<string, DomainVocabulary>;

export type DomainName = keyof typeof domainVocabularies;

/** Names of the built-in vocabularies, in a fixed order. */
export const domainNames: readonly DomainName[] = Object.keys(domainVocabularies) as DomainName[];
