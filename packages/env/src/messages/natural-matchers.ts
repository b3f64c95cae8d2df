import type { PublicTask } from "../task/task";
import { answerNames } from "./answer-names";
import { NameMatcher } from "./name-matcher";

export interface NaturalMatchers {
  options: NameMatcher;
  attributes: NameMatcher;
  answers: NameMatcher;
}

const cache = new WeakMap<object, NaturalMatchers>();

/** Name matchers for a task's domain words, cached per domain object. */
export function naturalMatchers(task: Pick<PublicTask, "decision" | "domain">): NaturalMatchers {
  const key = task.decision.kind === "argmax" ? task.domain : task.decision;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const matchers = {
    options: new NameMatcher(task.domain.options),
    attributes: new NameMatcher(task.domain.attributes),
    answers: new NameMatcher(answerNames(task)),
  };
  cache.set(key, matchers);
  return matchers;
}
