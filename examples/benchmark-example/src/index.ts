// An external benchmark package: only the public API of @cosir/env and @cosir/bench.
export { benchmark, shoppingListTask } from "./shopping-list-benchmark";
