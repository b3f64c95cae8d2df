#!/usr/bin/env bash
# Usage: outputs.sh REPO OUTDIR — runs deterministic CLI commands from REPO's built packages and writes their
# outputs to OUTDIR (see compare.sh).
set -uo pipefail
REPO=$(cd "$1" && pwd); OUT=$2; rm -rf "$OUT"; mkdir -p "$OUT"; cd "$OUT"
C="node $REPO/scripts/cosir.mjs"
B="--set base=$REPO/models/demo-base/checkpoint"
for fam in random hiddenProfile; do $C generate --family $fam --seed 0 --n 5 > gen-$fam.jsonl 2>gen-$fam.err; done
for team in oracle silent greedyShare random; do
  $C play --team $team --family random --seed 0 --n 40 > play-$team.jsonl 2>play-$team.err
  $C score < play-$team.jsonl > score-cosir-$team.jsonl 2>score-$team.err
  $C score --rewards outcomeOnly < play-$team.jsonl > score-oo-$team.jsonl 2>>score-$team.err
  $C play --team $team --family random --seed 1000 --n 30 --summary > summary-$team.txt 2>&1
done
$C play --team oracle --family random --seed 3 --n 10 --surface natural > play-nat.jsonl 2>play-nat.err
$C score --unparsed < play-nat.jsonl > score-nat.jsonl 2>>play-nat.err
echo '{"task":{"options":3,"attributes":2,"levels":[1,5],"aggregate":"sum"},"observed":[[0,0,5]],"correct":0}' | $C posterior > posterior.jsonl 2>&1
$C bench --policies oracle,silent,greedyShare --n 8 --seed 0 --out bench --json > bench.out 2>&1
$C train --preset demo --out train $B --set rl.iterations=2 --set eval.episodes=40 --set eval.curveEpisodes=20 --set eval.curveEvery=1 --set eval.benchEpisodes=3 --set eval.dialogues=1 --set sft.episodes=16 --set sft.epochs=1 > train.out 2>&1
$C demo --out demo $B --set rl.iterations=2 --set eval.episodes=40 --set eval.curveEpisodes=20 --set eval.curveEvery=1 --set eval.benchEpisodes=3 --set eval.dialogues=1 > demo.out 2>&1
$C demo --preset smoke --out demo-smoke > demo-smoke.out 2>&1
echo done
