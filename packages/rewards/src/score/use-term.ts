/**
 * The `use` term of one agent (DESIGN.md §3): when all its evidence at the final choice moves its MAP
 * away from the MAP of its own cells, +1 for choosing the new MAP and -1 for choosing the private one;
 * 0 otherwise. Behaviour metrics call the -1 case "ignored input".
 */
export function useTerm(mapPrivate: number, mapFull: number, choice: number | null): -1 | 0 | 1 {
  if (mapFull === mapPrivate) return 0;
  if (choice === mapFull) return 1;
  return choice === mapPrivate ? -1 : 0;
}
