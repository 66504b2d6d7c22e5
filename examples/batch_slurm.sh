#!/bin/sh
# batch_slurm.sh -- a batch as a Slurm job array: one shard per array task,
# then one job that merges them. Submit from the repository's root, with cwb
# on PATH on the nodes:
#
#   jid=$(sbatch --parsable --array=0-15 examples/batch_slurm.sh)
#   sbatch --dependency=afterok:$jid examples/batch_slurm.sh merge 16
#
# (merge N: the shards of an N-task array; without N, the one array size
# found in cwb-out/, refused when shards of several sizes are there.)
#
# Task i runs shard i/N (N = the array's task count, SLURM_ARRAY_TASK_COUNT)
# into cwb-out/batch_calibration_batch_i_of_N.csv. A task killed at its time
# limit or requeued resumes where it stopped when run again (submit the same
# array again; shards already complete finish at once). The merge job writes
# cwb-out/batch_calibration_merged.csv, the rows sorted on sample, and fails
# (exit 1, the missing samples named) while any sample is missing: its
# Slurm state says whether the table is whole. For 10^6 samples, give the
# array more tasks (--array=0-999) or each task --jobs with its CPUs.
#SBATCH --job-name=cwb-batch
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
set -e
case=examples/batch_calibration.case
table=examples/batch_samples.csv
if [ "$1" = merge ]; then
    n=${2:-$(ls cwb-out/batch_calibration_batch_*_of_*.csv | sed 's/.*_of_//; s/\.csv$//' |
        sort -u)}
    case $n in
    *[!0-9]*|'')
        echo "batch_slurm.sh: cwb-out/ holds shards of several array sizes ($(echo $n)):" \
            "give the one to merge, e.g. merge 16" >&2
        exit 2 ;;
    esac
    exec cwb batch --merge cwb-out/batch_calibration_merged.csv \
        cwb-out/batch_calibration_batch_*_of_"$n".csv
fi
: "${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=0-(N-1)}"
N=${SLURM_ARRAY_TASK_COUNT:?submit with sbatch --array=0-(N-1)}
exec cwb batch "$case" --samples "$table" --shard "$SLURM_ARRAY_TASK_ID/$N"
