import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

/** The inverse for what escapeHtml keeps (everything but forbidden control characters and lone surrogates). */
const unescapeHtml = (s: string): string =>
  s.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[e] as string,
  );

/** Whether a string has no lone surrogate (encodeURIComponent throws on one). */
const wellFormed = (s: string): boolean => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

const hasForbiddenControl = (s: string): boolean =>
  [...s].some((ch) => {
    const c = ch.codePointAt(0) as number;
    return c <= 8 || c === 11 || c === 12 || (c >= 14 && c <= 31) || c === 127;
  });

describe("escapeHtml", () => {
  it("escapes the five HTML metacharacters (known answer)", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
  });

  it("replaces forbidden control characters and lone surrogates with U+FFFD, keeps tab/newline and pairs", () => {
    expect(escapeHtml("a\u0000b\u0007c\u007fd")).toBe("a\ufffdb\ufffdc\ufffdd");
    expect(escapeHtml("x\ud800y\udc00z")).toBe("x\ufffdy\ufffdz");
    expect(escapeHtml("tab\there\nline\r😀")).toBe("tab\there\nline\r😀");
  });

  it("never leaves a metacharacter, and round-trips text without forbidden characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const out = escapeHtml(s);
        expect(out).not.toMatch(/[<>"']/);
        expect(out.replace(/&(lt|gt|quot|#39|amp);/g, "")).not.toContain("&");
        expect(wellFormed(out)).toBe(true);
        if (wellFormed(s) && !hasForbiddenControl(s)) expect(unescapeHtml(out)).toBe(s);
      }),
    );
  });
});
