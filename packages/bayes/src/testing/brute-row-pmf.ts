// Test-only oracle (not exported from index.ts): one option's score pmf by walking every row of levels.

/**
 * The pmf over `size` values of a row's score, by enumerating every assignment of levels to the row's cells
 * (`cells[a][j]` = P(cell a is at level j)) with positive probability: the score starts at `start` and takes each
 * cell's level through `step(score, level, cell)` (min for a min aggregate, a weighted add for a sum).
 */
export function bruteRowPmf(
  cells: number[][],
  size: number,
  start: number,
  step: (score: number, level: number, cell: number) => number,
): number[] {
  const out = new Array<number>(size).fill(0);
  const visit = (a: number, score: number, p: number): void => {
    if (a === cells.length) {
      out[score] = (out[score] as number) + p;
      return;
    }
    cells[a]!.forEach((pj, j) => {
      if (pj > 0) visit(a + 1, step(score, j, a), p * pj);
    });
  };
  visit(0, start, 1);
  return out;
}
