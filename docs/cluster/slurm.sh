#!/bin/bash
# A `houserules sim` run split over a Slurm job array: array task i plays shard i+1 of N,
# N being the number of tasks, and writes $RESULTS/part-(i+1).json. Then one job merges.
#
#   jobid=$(sbatch --parsable docs/cluster/slurm.sh --vs-set meeples_per_colour=5)
#   sbatch --dependency=afterok:$jobid --wrap \
#       'houserules merge results/part-*.json --json results/all.json > results/report.txt'
#
# The run is set by the variables below (override them in the environment sbatch
# passes on: GAMES=100000 sbatch …) and by any further `sim` options given after the
# script's name. Every task must run the same command, so change the run only between
# submissions. For more or fewer shards, change --array (it must start at 0) or give
# sbatch --array=0-31. `houserules` must be on the PATH of the compute nodes, and the
# results folder on a file system they share.
#SBATCH --job-name=houserules-sim
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2

set -euo pipefail

VARIANT=${VARIANT:-carcassonne-solo}
GAMES=${GAMES:-10000}
BOT=${BOT:-greedy}
SEED=${SEED:-1}
RESULTS=${RESULTS:-results}

# Shards are numbered 1..N, array tasks 0..N-1: a gap in the array would leave a shard
# unplayed, which merge would only report at the end.
if [ "$SLURM_ARRAY_TASK_MIN" -ne 0 ] ||
    [ "$SLURM_ARRAY_TASK_MAX" -ne $((SLURM_ARRAY_TASK_COUNT - 1)) ]; then
    echo "slurm.sh: submit with --array=0-N (no gaps or steps)" >&2
    exit 2
fi
shard=$((SLURM_ARRAY_TASK_ID + 1))
mkdir -p "$RESULTS"

houserules sim "$VARIANT" --games "$GAMES" --bot "$BOT" --seed "$SEED" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" \
    --shard "$shard/$SLURM_ARRAY_TASK_COUNT" \
    --json "$RESULTS/part-$shard.json" "$@"
