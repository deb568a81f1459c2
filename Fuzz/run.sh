#!/usr/bin/env bash
# Fuzz/run.sh [RUNS] [LIBFUZZER FLAGS...]
#
# Builds the libFuzzer target (Fuzz/FuzzMain.swift, the steps in Tests/HeaderKitTests/Support/FuzzSteps.swift
# and every Swift file of the library's targets, Sources/Header*, as one module, with -sanitize=fuzzer,address) into
# .build/fuzz/, then runs it for RUNS inputs (default 200000) on a copy of Fuzz/corpus in a temporary
# directory, so the seed corpus is never changed. Any crash, broken promise, leak, timeout or out-of-memory
# makes it exit non-zero, after copying the reproducing input into Tests/FuzzCorpus/, where the test suite
# (FuzzCorpusTests) runs it from then on.
#
# Environment:
#   HEADERC_FUZZ_CORPUS=DIR  fuzz on DIR instead of a temporary copy (seeded from Fuzz/corpus when missing),
#                            so that successive campaigns build on each other's corpus.
#   HEADERC_FUZZ_OPT=-Onone  the optimisation level (default -O: about 3.5 times as many inputs a second).
#
# Examples:
#   Fuzz/run.sh                        # the CI campaign
#   Fuzz/run.sh 2000000 -seed=1        # a longer one, reproducible
#   Fuzz/run.sh 1 Tests/FuzzCorpus/crash-0123abcd   # re-run one input (a file, not a directory)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# Swift's backtracer would linger after a crash; libFuzzer and ASan print the stack themselves.
export SWIFT_BACKTRACE=enable=no

runs="${1:-200000}"
if [[ $# -gt 0 ]]; then shift; fi
[[ "$runs" =~ ^[0-9]+$ ]] || { echo "usage: Fuzz/run.sh [RUNS] [libFuzzer flags...]" >&2; exit 2; }

root="$PWD"
build="$root/.build/fuzz"
binary="$build/headerc-fuzz"
optimization="${HEADERC_FUZZ_OPT:--O}"
crashes="$root/Tests/FuzzCorpus"
mkdir -p "$build"

# Every library source, found anew each time, so a new file is fuzzed without editing this script (not a
# back end's Runtime/ folder, which holds what generated code carries, not headerc's own code). The
# targets become one module here, so each file's imports of its sibling targets are blanked out (in a copy
# under .build/fuzz/sources, line for line, so that a report's line numbers are the file's own), and
# HeaderKit's re-exports are left out.
library=()
while IFS= read -r file; do library+=("$file"); done < <(find Sources/Header* -name '*.swift' ! -path 'Sources/HeaderKit/HeaderKit.swift' ! -path '*/Runtime/*' | LC_ALL=C sort)
copies="$build/sources"
rm -rf "$copies"
sources=()
for file in "${library[@]}"; do
    mkdir -p "$copies/$(dirname "$file")"
    sed -E 's/^import Header[A-Za-z]+$//' "$file" > "$copies/$file"
    sources+=("$copies/$file")
done
sources+=("$root/Tests/HeaderKitTests/Support/FuzzSteps.swift" "$root/Fuzz/FuzzMain.swift")

# Rebuild when a source, this script or the flags changed. One module named HeaderKit: FuzzMain.swift and
# FuzzSteps.swift call the library directly (HEADERKIT_FUZZ_BUILD drops FuzzSteps' `import HeaderKit`).
# Compiled whole (-wmo), with two threads for code generation: 2 min 19 s on CI's two cores, where file by
# file, each job parsing all 145 files again, took 3 min 35 s.
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -module-name HeaderKit -package-name headerc
       -D HEADERKIT_FUZZ_BUILD "$optimization" -g -use-ld=lld -wmo -num-threads 2)
stamp="$build/flags"
if [[ ! -x "$binary" || "$(cat "$stamp" 2>/dev/null)" != "${flags[*]}" ||
      -n "$(find "${library[@]}" "${sources[@]:${#library[@]}}" Fuzz/run.sh -newer "$binary" 2>/dev/null | head -1)" ]]; then
    echo "building $binary (${#sources[@]} files, $optimization)"
    # In the build folder: a whole-module build with debug information leaves module files where it runs.
    (cd "$build" && swiftc "${flags[@]}" "${sources[@]}" -o "$binary.tmp")
    mv "$binary.tmp" "$binary"
    echo "${flags[*]}" > "$stamp"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/headerc-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT
if [[ -n "${HEADERC_FUZZ_CORPUS:-}" ]]; then
    corpus="$HEADERC_FUZZ_CORPUS"
    if [[ ! -d "$corpus" ]]; then mkdir -p "$corpus" && cp Fuzz/corpus/* "$corpus/"; fi
else
    corpus="$work/corpus"
    mkdir "$corpus" && cp Fuzz/corpus/* "$corpus/"
fi
mkdir "$work/artifacts"

# A directory among the extra flags is another corpus to read; a file is an input to re-run.
inputs=("$corpus")
for argument in "$@"; do
    if [[ "$argument" != -* && -f "$argument" ]]; then inputs=(); break; fi
done

# From the work directory, so that -jobs writes its fuzz-N.log files there; its output is kept too, to say
# how many inputs ran (fewer than RUNS when -max_total_time stops it first).
set +e
(cd "$work" && "$binary" -runs="$runs" -dict="$root/Fuzz/header.dict" -timeout=10 -rss_limit_mb=2048 \
    -detect_leaks=1 -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$@" "${inputs[@]}") 2>&1 | tee "$work/fuzz.out"
status=${PIPESTATUS[0]}
set -e
for log in "$work"/fuzz-*.log; do
    [[ -f "$log" ]] || continue
    echo "== $(basename "$log")"
    grep -E '^(#[0-9]+ +DONE|stat::|==[0-9]+==ERROR|SUMMARY)' "$log" || true
done

found=()
for artifact in "$work"/artifacts/*; do
    [[ -f "$artifact" ]] || continue
    mkdir -p "$crashes"
    cp "$artifact" "$crashes/"
    found+=("Tests/FuzzCorpus/$(basename "$artifact")")
done
if [[ ${#found[@]} -gt 0 ]]; then
    echo "fuzz: FAILED: ${#found[@]} input(s) broke headerc, saved for the test suite:" >&2
    printf '  %s\n' "${found[@]}" >&2
    echo "  reproduce: $binary ${found[0]}   (minimise: add -minimize_crash=1 -runs=100000)" >&2
    exit 1
fi
if [[ $status -ne 0 ]]; then
    echo "fuzz: FAILED: the fuzzer exited with status $status" >&2
    exit "$status"
fi
executed=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$work/fuzz.out" | grep -Eo '[0-9]+$' | tail -n 1 || true)
echo "fuzz: no crash, leak or timeout in ${executed:-$runs} runs"
