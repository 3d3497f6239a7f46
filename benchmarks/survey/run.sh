#!/bin/sh
# The surveys behind the README's winnability table and chart (resumable: rerun to continue;
# rerun with a longer --timeout to solve the unknown deals again, the decided ones are kept).
# Time limits are CPU seconds per deal (a busy machine does not shorten them; a slower processor
# decides fewer deals within them). Then
# `python benchmarks/survey_chart.py` draws benchmarks/survey/winnable.png from the files.
cd "$(dirname "$0")/../.." || exit 2
nice python -m yukon survey --deals 1-10000 --game russian --timeout 6 --jobs 2 \
    --results benchmarks/survey/russian-1-10000.tsv > benchmarks/survey/russian-1-10000.txt
nice python -m yukon survey --deals 1-5000 --game yukon --timeout 6 --jobs 2 \
    --results benchmarks/survey/yukon-1-5000.tsv > benchmarks/survey/yukon-1-5000.txt
# Issue 14's wider survey: deals 1-10000 at 10 s (its first 5000 taken over from the run above).
nice python -m yukon survey --deals 1-10000 --game yukon --timeout 10 --jobs 2 \
    --results benchmarks/survey/yukon-1-10000.tsv > benchmarks/survey/yukon-1-10000.txt
nice python -m yukon survey --deals 1-5000 --game yukon --no-foundation-return --timeout 10 --jobs 2 \
    --results benchmarks/survey/yukon+no-foundation-return-1-10000.tsv \
    > benchmarks/survey/yukon+no-foundation-return-1-10000.txt
# Their unknown deals solved again by later solvers at 12 s (deals 0-999 decided: session 6's 97.1%
# without returns; session 7's 97.3% with them).
nice python -m yukon survey --deals 1-10000 --game yukon --timeout 12 --jobs 2 \
    --results benchmarks/survey/yukon-1-10000.tsv > benchmarks/survey/yukon-1-10000.txt
nice python -m yukon survey --deals 1-5000 --game yukon --no-foundation-return --timeout 12 --jobs 2 \
    --results benchmarks/survey/yukon+no-foundation-return-1-10000.tsv \
    > benchmarks/survey/yukon+no-foundation-return-1-10000.txt
# ... and by session 7's solver at 13 s (the survey solves unknown deals again only with a longer limit).
nice python -m yukon survey --deals 1-5000 --game yukon --no-foundation-return --timeout 13 --jobs 2 \
    --results benchmarks/survey/yukon+no-foundation-return-1-10000.tsv \
    > benchmarks/survey/yukon+no-foundation-return-1-10000.txt
nice python -m yukon survey --deals 1-5000 --game yukon --any-card-in-space --timeout 10 --jobs 2 \
    --results benchmarks/survey/yukon+any-card-in-space-1-10000.tsv \
    > benchmarks/survey/yukon+any-card-in-space-1-10000.txt
# Issue 30: the two options extended to deals 1-10000 (no foundation return at 13 s, where its unknown
# deals last ran; any card in a space at 10 s), and every winnable deal's winning line kept (--lines;
# the winnable deals decided before lines were kept are solved again for theirs). Then
# `python benchmarks/winnability_report.py` replays every line and writes docs/winnability.md.
nice python -m yukon survey --deals 1-10000 --game russian --timeout 6 --jobs 2 \
    --results benchmarks/survey/russian-1-10000.tsv --lines benchmarks/survey/russian-1-10000.lines \
    > benchmarks/survey/russian-1-10000.txt
nice python -m yukon survey --deals 1-10000 --game yukon --any-card-in-space --timeout 10 --jobs 2 \
    --results benchmarks/survey/yukon+any-card-in-space-1-10000.tsv \
    --lines benchmarks/survey/yukon+any-card-in-space-1-10000.lines \
    > benchmarks/survey/yukon+any-card-in-space-1-10000.txt
nice python -m yukon survey --deals 5001-10000 --game yukon --no-foundation-return --timeout 13 --jobs 2 \
    --results benchmarks/survey/yukon+no-foundation-return-1-10000.tsv \
    --lines benchmarks/survey/yukon+no-foundation-return-1-10000.lines > /dev/null
nice python -m yukon survey --deals 1-10000 --game yukon --timeout 12 --jobs 2 \
    --results benchmarks/survey/yukon-1-10000.tsv --lines benchmarks/survey/yukon-1-10000.lines \
    > benchmarks/survey/yukon-1-10000.txt
nice python -m yukon survey --deals 1-10000 --game yukon --no-foundation-return --timeout 13 --jobs 2 \
    --results benchmarks/survey/yukon+no-foundation-return-1-10000.tsv \
    --lines benchmarks/survey/yukon+no-foundation-return-1-10000.lines \
    > benchmarks/survey/yukon+no-foundation-return-1-10000.txt
