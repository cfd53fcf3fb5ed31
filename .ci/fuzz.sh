#!/usr/bin/env bash
# Runs every fuzz target for a short while (FUZZTIME, default 20s each):
# JSON-RPC frames, each contract, the Persian planner, JSON Patch, the
# form document schema and its placeholders, the log redaction, the Jalali calendar, the
# Iranian answer formats, the stored answers and the SMS providers' answers.
set -euo pipefail
cd "$(dirname "$0")/.."
t="${FUZZTIME:-20s}"
run() { echo "== $2 ($1)"; go test -run '^$' -fuzz "^$2\$" -fuzztime "$t" -fuzzminimizetime 3s "$1"; }
run ./rpc FuzzDecodeFrame
run ./daemon/contract/arshlineplan FuzzArshline
run ./daemon/contract/agentplan FuzzAgentPlan
run ./daemon/contract/webnavigator FuzzWebNav
run ./daemon/contract/stepcontract FuzzStepContract
run ./daemon/persian FuzzPlanner
run ./daemon/forms FuzzApplyPatch
run ./daemon/document FuzzDocument
run ./daemon/document FuzzFill
run ./daemon/logx FuzzRedact
run ./daemon/logx FuzzRedactShapes
run ./daemon/jalali FuzzParse
run ./daemon/jalali FuzzDayNumber
run ./daemon/answers FuzzValidate
run ./daemon/answers FuzzUniqueValue
run ./daemon/answers FuzzStoredReader
run ./daemon/sms FuzzAnswers
for target in FuzzMobile FuzzLandline FuzzNationalCode FuzzPostalCode FuzzBankCard FuzzSheba FuzzEmail FuzzURL FuzzTime FuzzPersianLetters FuzzLatinLetters FuzzText; do
	run ./daemon/iranformat "$target"
done
run ./daemon/results FuzzNeutralise
run ./daemon/submissions FuzzFormToken
# The store's suite runs a second time on MariaDB; fuzzing needs one pass.
ARSHLINE_TEST_SQLITE_ONLY=1 run ./sqlstore FuzzMySQLDialect
ARSHLINE_TEST_SQLITE_ONLY=1 run ./sqlstore FuzzParseMySQL
