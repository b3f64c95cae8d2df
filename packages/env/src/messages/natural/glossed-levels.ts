import type { NaturalTask } from "./sentence";
import { CHECK_MARKS } from "./table-acts";

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

/** A row of stars in prose: "★★★★☆" is 4 on a scale whose top is the number of stars (as in a table's cell). */
const STARS = /(?<![★⭐☆])([★⭐]+)(☆*)(?![★⭐☆])/gu;
/** Check marks in prose on a 0..1 scale, as a table's cells write them: "Carol ✓, Dan ✗" (fresh218, session 62). */
const CHECKS = new RegExp([...CHECK_MARKS.keys()].sort((a, b) => b.length - a.length).join("|"), "gu");

/**
 * `text` with each glossed level ("nothing (0)") written as its number alone, padded to the same length; and, the
 * marks a table's cells may hold written in prose (fresh218, session 62), a row of stars whose count is the task's
 * top level ("★★★★☆" on 1..5: 4) and, on a 0..1 scale, a check mark or a cross (1, 0) as their numbers.
 */
export function glossedLevels(text: string, task: NaturalTask): string {
  const [lo, hi] = task.levels;
  let out = text;
  if (/[★⭐]/u.test(out))
    out = out.replace(STARS, (whole, full: string, empty: string) =>
      full.length + empty.length === hi && full.length >= lo ? String(full.length).padEnd(whole.length, " ") : whole,
    );
  if (lo === 0 && hi === 1) out = out.replace(CHECKS, (mark) => String(CHECK_MARKS.get(mark)).padEnd(mark.length, " "));
  if (!out.includes("(")) return out;
  return out.replace(GLOSSED, (whole, words: string, number: string) => {
    const says = SAYS[words.toLowerCase().replace(/\s+/g, " ")];
    const level = Number(number.replace("−", "-"));
    const expected = says === "top" ? hi : says === "bottom" ? lo : says;
    // words and number that disagree ("full marks (2)" on a 0..3 scale) leave the level open: written as the two
    // levels it may be, which no reader takes
    const written = expected === level ? number : `${level} or ${expected}`;
    return written.length <= whole.length ? written.padEnd(whole.length, " ") : whole;
  });
}
