#!/usr/bin/env bash
# Extracts the plugin's strings into languages/arshline-sidecar.pot, merges
# them into the Persian catalogue, compiles the .mo and writes the JSON the
# admin script loads (wp_set_script_translations finds it by the script's
# handle, arshline-sidecar-admin). Needs Debian's gettext (xgettext, msgmerge, msgfmt).
#
#   wp-plugin/bin/i18n.sh          rebuild everything
#   wp-plugin/bin/i18n.sh --check  fail when a built file is stale or a
#                                  string has no Persian translation
set -euo pipefail
cd "$(dirname "$0")/../arshline-sidecar"
lang=languages
pot=$lang/arshline-sidecar.pot
po=$lang/arshline-sidecar-fa_IR.po
mo=$lang/arshline-sidecar-fa_IR.mo
json=$lang/arshline-sidecar-fa_IR-arshline-sidecar-admin.json
# The form block's editor script (its handle, from block.json's name).
block_json=$lang/arshline-sidecar-fa_IR-arshline-form-editor-script.json
check=0
[[ "${1:-}" == "--check" ]] && check=1

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

common=(--from-code=UTF-8 --add-comments=translators: --sort-by-file --no-wrap --add-location=file
	--package-name="Arshline Sidecar" --package-version=0.1.0
	--keyword=__:1 --keyword=_e:1 --keyword=_n:1,2 --keyword=_x:1,2c
	--keyword=esc_html__:1 --keyword=esc_html_e:1 --keyword=esc_attr__:1 --keyword=esc_attr_e:1)
find . -name '*.php' -not -path './languages/*' | sort > "$out/php.txt"
# xgettext always asks for a bug-report address; the catalogue has none.
quiet() { "$@" 2> >(grep -v -e 'msgid-bugs-address' -e 'Makevars' -e 'MSGID_BUGS_ADDRESS' -e 'command line option' >&2); }
quiet xgettext "${common[@]}" --language=PHP --files-from="$out/php.txt" -o "$out/php.pot"
# The admin scripts' sources (build/<page>.js are built from them; their
# strings are the same, but minified).
find src -name '*.js' | sort > "$out/js.txt"
quiet xgettext "${common[@]}" --language=JavaScript --files-from="$out/js.txt" -o "$out/js.pot"
msgcat --no-wrap --sort-by-file --add-location=file "$out/php.pot" "$out/js.pot" | grep -v '^"POT-Creation-Date:' > "$out/new.pot"

msgmerge --quiet --no-wrap --no-fuzzy-matching --sort-by-file --add-location=file "$po" "$out/new.pot" -o "$out/new.po"
msgfmt --check --statistics -o "$out/new.mo" "$out/new.po" 2> "$out/stats.txt"
php ../bin/po2json.php "$out/new.po" src/admin/ > "$out/new.json"
php ../bin/po2json.php "$out/new.po" src/blocks/ > "$out/new-block.json"

untranslated=$(msgattrib --untranslated --no-obsolete "$out/new.po" | grep -c '^msgid ' || true)
fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$out/new.po" | grep -c '^msgid ' || true)
cat "$out/stats.txt"

if (( check )); then
	status=0
	cmp -s "$out/new.pot" "$pot" || { echo "i18n: $pot is stale; run wp-plugin/bin/i18n.sh" >&2; status=1; }
	cmp -s "$out/new.po" "$po" || { echo "i18n: $po is stale; run wp-plugin/bin/i18n.sh" >&2; status=1; }
	cmp -s "$out/new.json" "$json" || { echo "i18n: $json is stale; run wp-plugin/bin/i18n.sh" >&2; status=1; }
	cmp -s "$out/new-block.json" "$block_json" || { echo "i18n: $block_json is stale; run wp-plugin/bin/i18n.sh" >&2; status=1; }
	cmp -s "$out/new.mo" "$mo" || { echo "i18n: $mo is stale; run wp-plugin/bin/i18n.sh" >&2; status=1; }
	# msgfmt counts the header entry: more than one untranslated msgid is a gap.
	if (( untranslated > 1 || fuzzy > 1 )); then
		echo "i18n: $po has untranslated or fuzzy strings:" >&2
		msgattrib --untranslated --no-obsolete "$out/new.po" | grep -A1 '^msgid ' >&2 || true
		status=1
	fi
	exit $status
fi
cp "$out/new.pot" "$pot"
cp "$out/new.po" "$po"
cp "$out/new.mo" "$mo"
cp "$out/new.json" "$json"
cp "$out/new-block.json" "$block_json"
