export { CosirError, InvalidArgumentError, InvalidConfigError, describeValue } from "./errors/cosir-error";
export type { Beliefs, BeliefSpace } from "./beliefs/beliefs";
export {
  applyClaim,
  cellPmf,
  checkLevelRange,
  cloneBeliefs,
  copyBeliefsInto,
  createBeliefs,
  normalisePrior,
  observeCell,
} from "./beliefs/beliefs";
export type { DecisionModel, PosteriorResult } from "./models/decision-model";
export type { Aggregate, ArgmaxScoreModelOptions } from "./models/argmax-score-model";
export { argmaxScoreModel, cellIndex, optionScore } from "./models/argmax-score-model";
export type { MultipleChoiceTotalModelOptions } from "./models/multiple-choice-total-model";
export { multipleChoiceTotalModel } from "./models/multiple-choice-total-model";
export {
  SURPRISAL_FLOOR,
  agentSurprisal,
  entropy,
  expectedInformationGain,
  mapAnswer,
  predictive,
  surprisal,
  teamSurprisal,
} from "./information/information";
export type { PosteriorAnswer, PosteriorQuery, PosteriorQueryOptions } from "./query/posterior-query";
export { posteriorQueryCost } from "./query/posterior-query-cost";
export { answerPosteriorQuery, validatePosteriorQuery } from "./query/posterior-query";
export { posteriorCost } from "./budget/posterior-cost";
export type { PosteriorShape } from "./budget/posterior-cost";
export { BudgetExceededError } from "./budget/budget-exceeded-error";
export { checkComputeBudget, DEFAULT_COMPUTE_BUDGET } from "./budget/check-compute-budget";
