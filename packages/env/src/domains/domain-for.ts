import { InvalidArgumentError } from "@cosir/bayes";
import type { Domain } from "../task/task";
import { domainNames, domainVocabularies, type DomainVocabulary } from "./domain-vocabularies";

/** The domain words for a task of `options` x `attributes` in the named vocabulary (first names in list order). */
export function domainFor(name: string, options: number, attributes: number): Domain {
  if (!Object.hasOwn(domainVocabularies, name)) {
    throw new InvalidArgumentError("domain", name, `expected one of ${domainNames.join(", ")}`);
  }
  const vocabulary = (domainVocabularies as Record<string, DomainVocabulary>)[name] as DomainVocabulary;
  if (!Number.isInteger(options) || options < 1 || options > vocabulary.options.length) {
    throw new InvalidArgumentError(
      "options",
      options,
      `expected an integer in 1..${vocabulary.options.length} for domain "${name}"`,
    );
  }
  if (!Number.isInteger(attributes) || attributes < 1 || attributes > vocabulary.attributes.length) {
    throw new InvalidArgumentError(
      "attributes",
      attributes,
      `expected an integer in 1..${vocabulary.attributes.length} for domain "${name}"`,
    );
  }
  return {
    name: vocabulary.name,
    optionNoun: vocabulary.optionNoun,
    options: vocabulary.options.slice(0, options),
    attributes: vocabulary.attributes.slice(0, attributes),
  };
}
