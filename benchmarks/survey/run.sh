#!/bin/sh
# The survey behind the README's winnability table (resumable: rerun to continue; rerun with a
# longer --timeout to solve the unknown deals again, the decided ones are kept).
# Time limits are CPU seconds per deal (a busy machine does not shorten them).
cd "$(dirname "$0")/../.." || exit 2
nice python -m yukon survey --deals 1-10000 --game russian --timeout 6 --jobs 2 \
    --results benchmarks/survey/russian-1-10000.tsv > benchmarks/survey/russian-1-10000.txt
nice python -m yukon survey --deals 1-5000 --game yukon --timeout 6 --jobs 2 \
    --results benchmarks/survey/yukon-1-5000.tsv > benchmarks/survey/yukon-1-5000.txt
