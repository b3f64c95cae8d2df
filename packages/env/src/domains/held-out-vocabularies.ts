import type { DomainVocabulary } from "./domain-vocabularies";

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
const lettered = (noun: string): string[] => letters.map((l) => `${noun} ${l}`);
const dayParts = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].flatMap((d) => [
  `${d} morning`,
  `${d} noon`,
  `${d} evening`,
]);

/**
 * Vocabularies added for the held-out families (suspects and clues, call slots and people, quantities).
 * Like the built-ins they avoid the natural-surface keywords (has, of, is, what, propose, choose ...)
 * so every message round-trips; each has 12+ options and 10 attributes.
 */
export const heldOutVocabularies = {
  manorMystery: {
    name: "manorMystery",
    optionNoun: "suspect",
    options: [
      "Lord Ashby",
      "Lady Ashby",
      "Doctor Finch",
      "Miss Hartley",
      "Captain Reed",
      "Professor Lang",
      "Mrs Whitlow",
      "Reverend Moss",
      "Chef Duval",
      "Nurse Okafor",
      "Mister Graves",
      "Colonel Pike",
    ],
    attributes: [
      "muddy boots",
      "torn glove",
      "library key",
      "poison bottle",
      "broken watch",
      "cigar ash",
      "train ticket",
      "ink stain",
      "garden footprints",
      "locked drawer",
    ],
  },
  officeTheft: {
    name: "officeTheft",
    optionNoun: "employee",
    options: lettered("Employee"),
    attributes: [
      "badge log",
      "camera footage",
      "desk search",
      "email records",
      "parking log",
      "phone records",
      "witness statement",
      "fingerprint test",
      "shift roster",
      "expense report",
    ],
  },
  videoCalls: {
    name: "videoCalls",
    optionNoun: "call slot",
    options: dayParts,
    attributes: [
      "Priya's calendar",
      "Omar's calendar",
      "Lena's calendar",
      "Tomas's calendar",
      "Aiko's calendar",
      "Sven's calendar",
      "Nadia's calendar",
      "Kofi's calendar",
      "Elena's calendar",
      "Ravi's calendar",
    ],
  },
  pantryStock: {
    name: "pantryStock",
    optionNoun: "shelf",
    options: lettered("Shelf"),
    attributes: [
      "apples",
      "onions",
      "rice bags",
      "bean tins",
      "pasta packs",
      "jam jars",
      "flour sacks",
      "tea boxes",
      "oil bottles",
      "egg cartons",
    ],
  },
  fundraiserStalls: {
    name: "fundraiserStalls",
    optionNoun: "stall",
    options: lettered("Stall"),
    attributes: [
      "cakes sold",
      "raffle tickets",
      "books sold",
      "plants sold",
      "lemonade cups",
      "cookie bags",
      "badges sold",
      "candles sold",
      "scarves sold",
      "mugs sold",
    ],
  },
} as const satisfies Record<string, DomainVocabulary>;
