#!/usr/bin/env bash
# Reads every corpus of testdata/planner with the rules planner as it was
# in the commit before the file was first added (git log --follow), and
# writes its plans, one JSON line a command, to OUT/<file> for
# `go run ./tools/planner-lovo -rules-answers OUT`: the rules' cold
# score beside the learned reading's leave-one-voice-out score. A file
# whose earlier planner cannot read its contract (no Config.Contract,
# or no planner yet) is left out, and said so.
#
#   bash tools/planner-lovo/cold.sh /tmp/cold-answers
set -euo pipefail
out=${1:?usage: cold.sh OUT-DIR}
root=$(git rev-parse --show-toplevel)
here=$root/tools/planner-lovo
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
for f in testdata/planner/*.jsonl; do
	name=$(basename "$f")
	first=$(git log --follow --diff-filter=A --format=%H -- "$f" | tail -1)
	before=$(git rev-parse --short "$first^")
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
		echo "$name: the planner before $before does not build with coldplan ($(head -c 200 "$bin.log" | tr '\n' ' '))"
		continue
	fi
	"$bin" -contract "$contract" "$f" >"$out/$name"
	echo "$name: read by the planner before $before (v$contract)"
done
