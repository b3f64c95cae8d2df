import { InvalidArgumentError } from "@cosir/bayes";
import type { PolicyBackend, PolicySpec } from "./policy-backend";
import { policyBackends } from "./policy-backends";

/** "a, b or c". */
function joinOr(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

function registered(): [string, PolicyBackend][] {
  return policyBackends.kinds().map((k) => [k, policyBackends.get(k) as PolicyBackend]);
}

/** The first back end that takes a value with no `KIND:` prefix. */
function plainKind(value: string, named: boolean): string | undefined {
  return registered().find(([, b]) => b.accepts?.(value, named) === true)?.[0];
}

/**
 * One `--policies` entry: `NAME` (a value an unnamed entry may be: a scripted kind), `name=KIND:ARG` (the back
 * end registered as KIND reads ARG), or `name=VALUE` (the first back end that accepts VALUE: a scripted kind,
 * else a checkpoint directory).
 */
export function parsePolicySpec(entry: string): PolicySpec {
  const all = registered().map(([, b]) => b.syntax);
  const named = all.filter((s) => s.startsWith("name="));
  const eq = entry.indexOf("=");
  if (eq < 0) {
    const kind = plainKind(entry, false);
    const parsed = kind === undefined ? undefined : policyBackends.get(kind)?.parse(entry);
    if (kind === undefined || parsed === undefined)
      throw new InvalidArgumentError("--policies", entry, `expected ${joinOr(all)}`);
    return { name: entry, kind, ...parsed };
  }
  const name = entry.slice(0, eq);
  const value = entry.slice(eq + 1);
  if (name === "" || value === "") throw new InvalidArgumentError("--policies", entry, `expected ${joinOr(named)}`);
  const prefix = /^([A-Za-z][A-Za-z0-9_-]*):/.exec(value)?.[1];
  const [kind, arg] =
    prefix !== undefined && policyBackends.has(prefix)
      ? [prefix, value.slice(prefix.length + 1)]
      : [plainKind(value, true), value];
  const backend = kind === undefined ? undefined : policyBackends.get(kind);
  if (kind === undefined || backend === undefined)
    throw new InvalidArgumentError("--policies", entry, `expected ${joinOr(named)}`);
  const parsed = backend.parse(arg);
  if (parsed === undefined) throw new InvalidArgumentError("--policies", entry, `expected ${backend.syntax}`);
  return { name, kind, ...parsed };
}

/** Comma-separated `--policies` entries (see parsePolicySpec): at least one, names distinct. */
export function parsePolicySpecs(raw: string): PolicySpec[] {
  const specs = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map(parsePolicySpec);
  if (specs.length === 0) throw new InvalidArgumentError("--policies", raw, "expected at least one policy");
  const names = specs.map((s) => s.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new InvalidArgumentError("--policies", dup, "expected distinct policy names");
  return specs;
}

/** `--help`'s line of policy shapes, from the registered back ends. */
export function policySpecUsage(): string {
  return registered()
    .map(([, b]) => b.usage)
    .join(", ");
}
