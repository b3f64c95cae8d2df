// Usage: node normalise.mjs DIR [REPO] — rewrites DIR in place without run-to-run noise (times, timestamps, hashes of
// timed files, the checkout's own path REPO).
import { readFileSync, writeFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
const repo = process.argv[3];
const escaped = repo === undefined ? null : new RegExp(repo.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g");
const unpath = (s) => (escaped === null ? s : s.replace(escaped, "<repo>"));
const VOLATILE = /^(createdAt|timing|checkpointSha256|metricsSha256|.*[sS]econds|elapsed.*|wallMs|durationMs|minutes)$/;
function strip(v) {
  if (typeof v === "string") return unpath(v);
  if (Array.isArray(v)) return v.map(strip);
  if (v && typeof v === "object") {
    const o = {};
    for (const [k, x] of Object.entries(v)) if (!VOLATILE.test(k)) o[k] = strip(x);
    return o;
  }
  return v;
}
function text(s) {
  return unpath(s)
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<ts>")
    .replace(/elapsed \d\d:\d\d(:\d\d)? eta \d\d:\d\d(:\d\d)?/g, "elapsed <t> eta <t>")
    .replace(/\d+(\.\d+)?\s?(s|ms|min)\b/g, "<dur>")
    .replace(/"timing":\{[^}]*\}/g, '"timing":{}');
}
function walk(d) {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) {
      walk(p);
      continue;
    }
    if (/\.(bin|safetensors)$/.test(n)) continue;
    const raw = readFileSync(p, "utf8");
    let out;
    if (n.endsWith(".json")) {
      try {
        out = JSON.stringify(strip(JSON.parse(raw)), null, 1);
      } catch {
        out = text(raw);
      }
    } else if (n.endsWith(".jsonl"))
      out = raw
        .split("\n")
        .map((l) => {
          try {
            return l.trim() ? JSON.stringify(strip(JSON.parse(l))) : l;
          } catch {
            return text(l);
          }
        })
        .join("\n");
    else if (n.endsWith(".out") || n.endsWith(".err"))
      out = text(raw)
        .split("\n")
        .filter((l) => !/elapsed|\d+\/\d+ /.test(l))
        .sort()
        .join("\n");
    else out = text(raw).replace(/<dt>seconds<\/dt><dd>[^<]*<\/dd>/g, "<dt>seconds</dt><dd></dd>");
    writeFileSync(p, out);
  }
}
walk(process.argv[2]);
