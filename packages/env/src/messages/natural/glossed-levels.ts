import type { NaturalTask } from "./sentence";

// A level said in words and glossed with its number in parentheses (issue 26, session 62): "torn glove: nothing (0)"
// (fresh214), "ambience: full marks (5)". The words are a closed list whose level is known — nothing, none, zero
// and nil say 0; full or top marks, perfect, maximum say the task's top level; minimum and lowest its bottom. Where
// the number is that level the pair reads as the number alone; where it is not, as "2 or 3", a level left open that
// no reader takes. The text keeps its length (the new words where the old began, spaces after them), so every offset
// stays where it was.

/** Words and the level they say: a number, or "top" / "bottom" of the task's range. */
const GLOSSED =
  /\b(nothing|none|zero|nil|full marks|top marks|perfect|a perfect score|maximum|the maximum|max|minimum|the minimum|lowest|the lowest)\s*\(\s*([+\-−]?\d{1,3})\s*\)/gi;

const SAYS: Readonly<Record<string, number | "top" | "bottom">> = {
  nothing: 0,
  none: 0,
  zero: 0,
  nil: 0,
  "full marks": "top",
  "top marks": "top",
  perfect: "top",
  "a perfect score": "top",
  maximum: "top",
  "the maximum": "top",
  max: "top",
  minimum: "bottom",
  "the minimum": "bottom",
  lowest: "bottom",
  "the lowest": "bottom",
};

/** `text` with each glossed level ("nothing (0)") written as its number alone, padded to the same length. */
export function glossedLevels(text: string, task: NaturalTask): string {
  if (!text.includes("(")) return text;
  const [lo, hi] = task.levels;
  return text.replace(GLOSSED, (whole, words: string, number: string) => {
    const says = SAYS[words.toLowerCase().replace(/\s+/g, " ")];
    const level = Number(number.replace("−", "-"));
    const expected = says === "top" ? hi : says === "bottom" ? lo : says;
    // words and number that disagree ("full marks (2)" on a 0..3 scale) leave the level open: written as the two
    // levels it may be, which no reader takes
    const written = expected === level ? number : `${level} or ${expected}`;
    return written.length <= whole.length ? written.padEnd(whole.length, " ") : whole;
  });
}
