#!/usr/bin/env bash
# Usage: scripts/golden/compare.sh REF_REPO NEW_REPO [WORK_DIR]
# Structural refactors must not move a figure: runs the same deterministic CLI commands (outputs.sh: generate, play,
# score, posterior, bench, a short train and demo from the committed base) from two built checkouts, removes
# run-to-run noise (normalise.mjs: times, timestamps, the checkout's path) and diffs the two trees. Exit 0 when
# identical. About 2 minutes of CPU per checkout; both must be built (`pnpm build`).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ref=$(cd "$1" && pwd); new=$(cd "$2" && pwd); work=${3:-$(mktemp -d)}
for side in ref new; do
  repo=${!side}
  bash "$here/outputs.sh" "$repo" "$work/$side" > /dev/null 2>&1
  node "$here/normalise.mjs" "$work/$side" "$repo"
done
if diff -r "$work/ref" "$work/new" > "$work/diff.txt"; then echo "golden: identical ($work)"; exit 0; fi
echo "golden: outputs differ (diff in $work/diff.txt)"; diff -rq "$work/ref" "$work/new"; exit 1
