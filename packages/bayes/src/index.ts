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
export type { PosteriorAnswer, PosteriorQuery } from "./query/posterior-query";
export { answerPosteriorQuery, validatePosteriorQuery } from "./query/posterior-query";
