// The public form's show_if (src/public/showif.js) against the daemon's
// (daemon/answers), over the cases both read from
// testdata/showif-shared.json: what a visitor sees hidden is what the
// daemon drops. Each question is a stand-in for the public renderer's
// wrapper (its data-* attributes and inputs). Run: node --test wp-plugin/tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { visibleFields } from '../../arshline-sidecar/src/public/showif.js';

const shared = JSON.parse(readFileSync(fileURLToPath(new URL('../../../testdata/showif-shared.json', import.meta.url)), 'utf8'));

/** A question's wrapper as the renderer prints it, its inputs holding the answer. */
function wrapper(field, answer) {
	const attrs = { 'data-field': field.id, 'data-type': field.type };
	if (field.format) {
		attrs['data-format'] = field.format;
	}
	if (field.show_if) {
		attrs['data-show-if'] = JSON.stringify(field.show_if);
	}
	let inputs;
	if (field.type === 'radio' || field.type === 'checkbox') {
		const chosen = Array.isArray(answer) ? answer : answer === undefined ? [] : [answer];
		inputs = field.options.map((o) => ({ value: o.value, checked: chosen.includes(o.value) }));
	} else {
		inputs = [{ value: answer === undefined ? '' : String(answer), checked: false }];
	}
	return {
		getAttribute: (name) => (name in attrs ? attrs[name] : null),
		querySelectorAll: () => inputs,
	};
}

test('the shared cases are there', () => {
	assert.ok(shared.cases.length >= 10, `${shared.cases.length} cases`);
});

for (const c of shared.cases) {
	test(`show_if: ${c.name}`, () => {
		const shown = visibleFields(c.fields.map((f) => wrapper(f, c.answers[f.id])));
		const hidden = c.fields.filter((f) => !shown[f.id]).map((f) => f.id);
		assert.deepEqual(hidden, c.hidden);
	});
}
