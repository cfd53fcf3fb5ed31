#!/usr/bin/env bash
# Reads every corpus of testdata/planner with the rules planner as it was
# in the commit before the file was first added (git log --follow), and
# writes its plans, one JSON line a command, to OUT/<file> for
# `go run ./tools/planner-lovo -rules-answers OUT`: the rules' cold
# score beside the learned reading's leave-one-voice-out score. A file
# whose earlier planner cannot read its contract (no Config.Contract,
# or no planner yet) is left out, and said so. A corpus named as
# FILE@COMMIT is read by the planner at that commit instead: one kept
# outside the repository (at the last commit before the planner's work
# first used it), or one committed only after changes made for it (at
# the last commit before those changes). OUT/when
# says when each corpus came to the planner's work (the Unix time of
# the commit that added it, or one second after the commit given), for
# planner-lovo -when: a learned reading trained only on the corpora
# that came before, as the rules were.
#
#   bash tools/planner-lovo/cold.sh /tmp/cold-answers \
#     ../shared/corpus/planner-v2-clinic-school.jsonl@603d162 ../shared/corpus/planner-v2-mixed-dictated.jsonl@603d162 \
#     testdata/planner/heldout-v1.jsonl@11c1670 testdata/planner/heldout-v2.jsonl@11c1670
set -euo pipefail
out=${1:?usage: cold.sh OUT-DIR [FILE@COMMIT ...]}
shift
root=$(git rev-parse --show-toplevel)
here=$root/tools/planner-lovo
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
# read FILE COMMIT ARRIVAL: the plans of the planner at COMMIT for FILE,
# which came to the planner's work at the Unix time ARRIVAL.
read_with() {
	local f=$1 before=$2 name contract bin tree
	name=$(basename "$f")
	printf '%s\t%s\n' "$name" "$3" >>"$out/when"
	contract=1
	if grep -q '"version": *2' "$f"; then contract=2; fi
	bin=$work/coldplan-$before
	if [ ! -e "$bin" ] && [ ! -e "$bin.failed" ]; then
		tree=$work/tree-$before
		mkdir -p "$tree"
		git archive "$before" | tar -x -C "$tree"
		mkdir -p "$tree/tools/planner-lovo/coldplan"
		cp "$here/coldplan/main.go" "$tree/tools/planner-lovo/coldplan/main.go"
		if ! (cd "$tree" && go build -o "$bin" ./tools/planner-lovo/coldplan) 2>"$bin.log"; then
			touch "$bin.failed"
		fi
		rm -rf "$tree"
	fi
	if [ -e "$bin.failed" ]; then
		echo "$name: the planner at $before does not build with coldplan ($(head -c 200 "$bin.log" | tr '\n' ' '))"
		return
	fi
	"$bin" -contract "$contract" "$f" >"$out/$name"
	echo "$name: read by the planner at $before (v$contract)"
}
rm -f "$out/when"
for f in testdata/planner/*.jsonl; do
	case " $* " in *" $f@"*) continue ;; esac # read at the commit given below
	first=$(git log --follow --diff-filter=A --format=%H -- "$f" | tail -1)
	read_with "$f" "$(git rev-parse --short "$first^")" "$(git show -s --format=%ct "$first")"
done
for arg in "$@"; do
	commit=${arg##*@}
	read_with "${arg%@*}" "$(git rev-parse --short "$commit")" "$(($(git show -s --format=%ct "$commit") + 1))"
done
