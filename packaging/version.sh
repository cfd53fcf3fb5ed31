#!/bin/sh
# Prints the release version: X.Y.Z of a vX.Y.Z tag on HEAD when there is
# one (the highest, if several), else the VERSION file at the top of the
# repository. Every artefact takes its version from here (the Makefile
# passes it to the Go builds, the packages and the plugin zip).
set -eu
cd "$(dirname "$0")/.."
tag=$(git tag --points-at HEAD --list 'v[0-9]*.[0-9]*.[0-9]*' 2>/dev/null | sed 's/^v//' |
	grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' | sort -t. -k1,1n -k2,2n -k3,3n | tail -n1 || true)
if [ -n "$tag" ]; then
	echo "$tag"
else
	tr -d ' \n' <VERSION
	echo
fi
