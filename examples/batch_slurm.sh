#!/bin/sh
# batch_slurm.sh -- a batch as a Slurm job array: one shard per array task,
# then one job that merges them. Submit from the repository's root (or any
# folder on a filesystem the nodes share), with cwb on PATH on the nodes:
#
#   jid=$(sbatch --parsable --array=0-15 examples/batch_slurm.sh)
#   sbatch --dependency=afterany:$jid examples/batch_slurm.sh merge 16
#
# Your own case and table: CWB_CASE=my.case CWB_SAMPLES=my_samples.csv in
# the environment of both sbatch lines (sbatch passes it on); by default the
# calibration example of this folder. The array must be 0-based and not
# stepped (--array=0-(N-1)): task i runs shard i/N, N the array's task count
# (SLURM_ARRAY_TASK_COUNT), into cwb-out/CASE_batch_i_of_N.csv.
#
# A task killed at its time limit or requeued resumes where it stopped when
# run again (submit the same array again; shards already complete finish at
# once). The merge job runs after every task has ended, however it ended
# (afterany: with afterok a failed task would leave it pending for good), and
# writes cwb-out/CASE_merged.csv, the rows sorted on sample, or fails (exit 1)
# naming the missing samples and the shards to run again: its Slurm state says
# whether the table is whole. (merge N: the shards of an N-task array;
# without N, the one array size found in cwb-out/, refused when shards of
# several sizes are there.) For 10^6 samples, give the array more tasks
# (--array=0-999) or each task --jobs with its CPUs; see doc/running.md.
#SBATCH --job-name=cwb-batch
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
set -e
case=${CWB_CASE:-examples/batch_calibration.case}
table=${CWB_SAMPLES:-examples/batch_samples.csv}
stem=cwb-out/$(basename "$case" .case)
if [ "$1" = merge ]; then
    n=${2:-$(ls "$stem"_batch_*_of_*.csv 2>/dev/null | sed 's/.*_of_//; s/\.csv$//' | sort -u)}
    case $n in
    '')
        echo "batch_slurm.sh: no shards ${stem}_batch_*_of_*.csv: did the array run here?" >&2
        exit 2 ;;
    *[!0-9]*)
        echo "batch_slurm.sh: cwb-out/ holds shards of several array sizes ($(echo $n)):" \
            "give the one to merge, e.g. merge 16" >&2
        exit 2 ;;
    esac
    set -- "$stem"_batch_*_of_"$n".csv
    [ -f "$1" ] || {
        echo "batch_slurm.sh: no shards ${stem}_batch_*_of_$n.csv: did an array of $n tasks" \
            "run here?" >&2
        exit 2
    }
    exec cwb batch --merge "$stem"_merged.csv "$@"
fi
: "${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=0-(N-1)}"
N=${SLURM_ARRAY_TASK_COUNT:?submit with sbatch --array=0-(N-1)}
exec cwb batch "$case" --samples "$table" --shard "$SLURM_ARRAY_TASK_ID/$N"
