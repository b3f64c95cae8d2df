/**
 * A level or agent out of the task's range: thrown inside the natural parser and turned into a parse error by
 * parseNatural (never escapes it: model text never makes a parser throw).
 */
export class LevelRangeError {
  constructor(readonly message: string) {}
}
