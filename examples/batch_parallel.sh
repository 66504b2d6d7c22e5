#!/bin/sh
# batch_parallel.sh -- a batch split into shards run side by side by GNU
# parallel (Debian: apt-get install parallel), then merged into one table.
# Run from the repository's root, with cwb on PATH:
#
#   sh examples/batch_parallel.sh [N]
#
# Your own case and table: CWB_CASE=my.case CWB_SAMPLES=my_samples.csv sh
# examples/batch_parallel.sh N (by default the calibration example of this
# folder). Each shard i/N runs rows i, i+N, ... of the table into its own
# file (cwb-out/CASE_batch_i_of_N.csv); running this again after an
# interruption resumes every shard where it stopped. The merge writes
# cwb-out/CASE_merged.csv, the rows sorted on sample: the same rows as one
# unsharded `cwb batch` of the table. A sample missing from every shard
# fails the merge (exit 1, the missing samples and their shards named).
# For 10^6 samples, raise N past the cores (-j runs as many at a time as
# there are cores; a shard is one process); across machines, see
# doc/running.md.
set -e
N=${1:-4}
case=${CWB_CASE:-examples/batch_calibration.case}
table=${CWB_SAMPLES:-examples/batch_samples.csv}
stem=cwb-out/$(basename "$case" .case)
parallel cwb batch "$case" --samples "$table" --shard {}/$N ::: $(seq 0 $((N - 1)))
cwb batch --merge "$stem"_merged.csv "$stem"_batch_*_of_$N.csv
