/**
 * Stable 32-bit hash of a list of numbers and strings (murmur3-style mixing over a tagged encoding).
 * The same parts give the same hash in every process and on every platform, so seeds derived from
 * it (task ids, forked RNG streams) are reproducible. `hashSeed(1)` differs from `hashSeed("1")`.
 */
export function hashSeed(...parts: readonly (number | string)[]): number {
  let h = 0x811c9dc5 ^ parts.length;
  const mix = (k: number): void => {
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  };
  for (const part of parts) {
    if (typeof part === "number") {
      mix(0x6e756d); // "num" tag
      if (Number.isInteger(part) && part >= -0x80000000 && part <= 0xffffffff) {
        mix(part | 0);
      } else {
        const text = String(part);
        mix(text.length);
        for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i));
      }
    } else {
      const text = String(part);
      mix(0x737472 ^ text.length); // "str" tag
      for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i));
    }
  }
  // fmix32 finaliser
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
