#!/bin/sh
# batch_parallel.sh -- a batch split into shards run side by side by GNU
# parallel (Debian: apt-get install parallel), then merged into one table.
# Run from the repository's root, with cwb on PATH:
#
#   sh examples/batch_parallel.sh [N]
#
# Each shard i/N runs rows i, i+N, ... of the table into its own file
# (cwb-out/batch_calibration_batch_i_of_N.csv); running this again after
# an interruption resumes every shard where it stopped. The merge writes
# cwb-out/batch_calibration_merged.csv, the rows sorted on sample: the
# same rows as one unsharded `cwb batch` of the table. A sample missing
# from every shard fails the merge (exit 1, the missing samples named).
# For 10^6 samples, raise N past the cores (-j runs as many at a time as
# there are cores; a shard is one process).
set -e
N=${1:-4}
parallel cwb batch examples/batch_calibration.case --samples examples/batch_samples.csv --shard {}/$N ::: $(seq 0 $((N - 1)))
cwb batch --merge cwb-out/batch_calibration_merged.csv cwb-out/batch_calibration_batch_*_of_$N.csv
