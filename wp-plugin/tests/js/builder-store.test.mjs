// The Build tab's store (src/admin/builder-model.js: the reducer, actions
// and selectors builder-store.js registers), over the service's own
// document schema (daemon/document/arshline_form.v1.schema.json, what
// forms.schema serves). Run: node --test wp-plugin/tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reducer, actions, selectors, readSchema, allows, answerable, initialState } from '../../arshline-sidecar/src/admin/builder-model.js';

const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../../../daemon/document/arshline_form.v1.schema.json', import.meta.url)), 'utf8'));
const info = readSchema(schema);
const texts = { label: (t) => `new ${t}`, option: (n) => `opt ${n}`, row: (n) => `row ${n}`, column: (n) => `col ${n}` };

function run(...list) {
	return list.reduce((s, a) => reducer(s, a), reducer(undefined, { type: '@@INIT' }));
}

function opened(fields, extra) {
	const form = Object.assign({ id: 7, title: 'Checkup', status: 'draft', head_version_id: 41, document: { version: 'arshline_form@v1', fields } }, extra || {});
	return run(actions.setSchema(info), actions.loadForm(form));
}

const types = (s) => selectors.getFields(s).map((f) => f.type).join(',');
const ids = (s) => selectors.getFields(s).map((f) => f.id).join(',');

test('readSchema', async (t) => {
	await t.test('takes the types, in order, from the schema', () => {
		assert.deepEqual(info.types, schema.$defs.field.properties.type.enum.filter((v) => v !== null));
		assert.ok(info.types.includes('rating') && info.types.includes('matrix'));
	});
	await t.test('takes each type\'s keys from its rule', () => {
		assert.ok(allows(info, 'text', 'format') && allows(info, 'text', 'unique'));
		assert.ok(!allows(info, 'number', 'format'));
		assert.ok(allows(info, 'file', 'max_size_kb') && !allows(info, 'file', 'options'));
		assert.ok(!allows(info, 'no-such-type', 'label'));
	});
	await t.test('takes the types respondents do not answer from x-display-only', () => {
		assert.deepEqual(info.displayOnly, ['section', 'html']);
		assert.ok(!answerable(info, 'section') && !answerable(info, 'html'));
		assert.ok(answerable(info, 'text') && answerable(info, 'matrix'));
	});
	await t.test('takes the condition operators and the limits', () => {
		assert.deepEqual(info.ops, ['equals', 'not_equals', 'in', 'answered']);
		assert.equal(info.limits.max_fields, schema['x-limits'].max_fields);
		assert.equal(info.titleMax, schema['x-limits'].max_title_chars);
	});
	await t.test('a schema without a field definition reads as nothing', () => {
		assert.equal(readSchema({}), null);
		assert.equal(readSchema(null), null);
		assert.equal(readSchema({ $defs: { field: { properties: {} } } }), null);
	});
});

test('loading a form', async (t) => {
	await t.test('keeps the document, its revision, and is not dirty', () => {
		const s = opened([{ id: 'f1', type: 'text', label: 'Name' }]);
		assert.equal(selectors.getFormId(s), 7);
		assert.equal(selectors.getVersionId(s), 41);
		assert.equal(selectors.getTitle(s), 'Checkup');
		assert.equal(selectors.isDirty(s), false);
		assert.equal(ids(s), 'f1');
	});
	await t.test('a document with no fields list gets an empty one', () => {
		const s = run(actions.loadForm({ id: 2, title: 'x', document: null }));
		assert.deepEqual(selectors.getFields(s), []);
		assert.equal(selectors.getDocument(s).version, 'arshline_form@v1');
	});
	await t.test('does not share the given document', () => {
		const doc = { fields: [{ id: 'f1', type: 'text', label: 'Name' }] };
		const s = run(actions.loadForm({ id: 2, title: 'x', document: doc }), actions.setKey('f1', 'label', 'Changed'));
		assert.equal(doc.fields[0].label, 'Name');
		assert.equal(selectors.getField(s, 'f1').label, 'Changed');
	});
	await t.test('a reload keeps the open question only when asked and when it is still there', () => {
		let s = opened([{ id: 'f1', type: 'text', label: 'A' }, { id: 'f2', type: 'text', label: 'B' }]);
		s = reducer(s, actions.select('f2'));
		assert.equal(selectors.getSelected(reducer(s, actions.loadForm(s.form, true))), 'f2');
		assert.equal(selectors.getSelected(reducer(s, actions.loadForm(s.form, false))), '');
		const gone = Object.assign({}, s.form, { document: { fields: [{ id: 'f1', type: 'text', label: 'A' }] } });
		assert.equal(selectors.getSelected(reducer(s, actions.loadForm(gone, true))), '');
	});
});

test('adding questions', async (t) => {
	await t.test('a new id past the highest ever given, remembered in meta.field_seq', () => {
		const s = run(actions.setSchema(info), actions.loadForm({ id: 1, title: 't', document: { fields: [{ id: 'f3', type: 'text', label: 'x' }], meta: { field_seq: 9 } } }), actions.addField('email', texts));
		assert.equal(ids(s), 'f3,f10');
		assert.equal(selectors.getDocument(s).meta.field_seq, 10);
		assert.equal(selectors.getSelected(s), 'f10');
		assert.equal(selectors.isDirty(s), true);
	});
	await t.test('an id removed is not given again', () => {
		let s = opened([]);
		s = run(actions.setSchema(info), actions.loadForm(s.form), actions.addField('text', texts), actions.addField('text', texts));
		s = reducer(s, actions.removeField('f2'));
		s = reducer(s, actions.addField('text', texts));
		assert.equal(ids(s), 'f1,f3');
	});
	await t.test('goes after the open question, else last', () => {
		let s = opened([{ id: 'f1', type: 'text', label: 'A' }, { id: 'f2', type: 'text', label: 'B' }]);
		s = reducer(s, actions.addField('number', texts));
		assert.equal(types(s), 'text,text,number');
		s = reducer(s, actions.select('f1'));
		s = reducer(s, actions.addField('email', texts));
		assert.equal(types(s), 'text,email,text,number');
	});
	await t.test('starts with what its type needs', () => {
		const s = run(actions.setSchema(info), actions.loadForm({ id: 1, title: 't', document: { fields: [] } }), actions.addField('radio', texts), actions.addField('rating', texts), actions.addField('date', texts), actions.addField('matrix', texts), actions.addField('html', texts), actions.addField('section', texts));
		const [radio, rating, date, matrix, html, section] = selectors.getFields(s);
		assert.deepEqual(radio.options, [{ value: 'o1', label: 'opt 1' }, { value: 'o2', label: 'opt 2' }]);
		assert.equal(radio.label, 'new radio');
		assert.deepEqual(rating.scale, { min: 1, max: 5 });
		assert.equal(date.calendar, 'jalali');
		assert.deepEqual(matrix.rows, ['row 1']);
		assert.deepEqual(matrix.cols, ['col 1', 'col 2']);
		assert.equal(html.html, '');
		assert.equal(section.required, undefined);
		for (const f of selectors.getFields(s)) {
			for (const k of Object.keys(f)) {
				assert.ok(allows(info, f.type, k), `${f.type} carries ${k}, which its schema refuses`);
			}
		}
	});
	await t.test('with no document open, nothing happens', () => {
		assert.equal(reducer(initialState, actions.addField('text', texts)), initialState);
	});
});

test('editing a question', async (t) => {
	await t.test('an empty value removes the key', () => {
		let s = opened([{ id: 'f1', type: 'text', label: 'A', placeholder: 'p', min_length: 3 }]);
		s = reducer(s, actions.setKey('f1', 'placeholder', ''));
		s = reducer(s, actions.setKey('f1', 'min_length', NaN));
		s = reducer(s, actions.setKey('f1', 'required', true));
		assert.deepEqual(selectors.getField(s, 'f1'), { id: 'f1', type: 'text', label: 'A', required: true });
	});
	await t.test('a key set back to what was saved is not a change', () => {
		let s = opened([{ id: 'f1', type: 'text', label: 'A' }]);
		s = reducer(s, actions.setKey('f1', 'label', 'B'));
		assert.equal(selectors.isDirty(s), true);
		s = reducer(s, actions.setKey('f1', 'label', 'A'));
		assert.equal(selectors.isDirty(s), false);
	});
	await t.test('the title is part of what is saved', () => {
		let s = opened([]);
		s = reducer(s, actions.setTitle('Checkup 2'));
		assert.equal(selectors.isDirty(s), true);
		assert.deepEqual(selectors.getSaveRequest(s), { document: selectors.getDocument(s), expected_version_id: 41, title: 'Checkup 2' });
		s = reducer(s, actions.setTitle('Checkup'));
		assert.equal(selectors.getSaveRequest(s).title, undefined);
	});
	await t.test('a type change drops the keys the new type refuses and fills what it needs', () => {
		let s = opened([{ id: 'f1', type: 'text', label: 'Mobile', format: 'mobile_ir', required: true, min_length: 2 }]);
		s = reducer(s, actions.changeType('f1', 'radio', texts));
		const f = selectors.getField(s, 'f1');
		assert.equal(f.type, 'radio');
		assert.equal(f.label, 'Mobile');
		assert.equal(f.required, true);
		assert.equal(f.format, undefined);
		assert.equal(f.min_length, undefined);
		assert.equal(f.options.length, 2);
		s = reducer(s, actions.changeType('f1', 'section', texts));
		assert.deepEqual(Object.keys(selectors.getField(s, 'f1')).sort(), ['id', 'label', 'type']);
	});
	await t.test('a question of another form id is left alone', () => {
		const s = opened([{ id: 'f1', type: 'text', label: 'A' }]);
		assert.equal(reducer(s, actions.setKey('f9', 'label', 'B')), s);
	});
});

test('options', async (t) => {
	const radio = () => opened([{ id: 'f1', type: 'radio', label: 'Q', options: [{ value: 'o1', label: 'Yes' }, { value: 'o2', label: 'No' }] }]);
	await t.test('added with the next value', () => {
		const s = reducer(radio(), actions.addOption('f1', 'Maybe'));
		assert.deepEqual(selectors.getField(s, 'f1').options[2], { value: 'o3', label: 'Maybe' });
	});
	await t.test('a removed value is not given again', () => {
		let s = reducer(radio(), actions.removeOption('f1', 1));
		s = reducer(s, actions.addOption('f1', 'Again'));
		assert.deepEqual(selectors.getField(s, 'f1').options.map((o) => o.value), ['o1', 'o3']);
	});
	await t.test('relabelled and moved, values kept', () => {
		let s = reducer(radio(), actions.setOptionLabel('f1', 0, 'Yes, please'));
		s = reducer(s, actions.moveOption('f1', 0, 1));
		assert.deepEqual(selectors.getField(s, 'f1').options, [{ value: 'o2', label: 'No' }, { value: 'o1', label: 'Yes, please' }]);
		assert.equal(reducer(s, actions.moveOption('f1', 1, 2)).doc.fields[0].options[1].value, 'o1');
	});
});

test('order, copies and removal', async (t) => {
	const three = () => opened([
		{ id: 'f1', type: 'radio', label: 'Insured?', options: [{ value: 'o1', label: 'Yes' }] },
		{ id: 'f2', type: 'text', label: 'Insurer', show_if: { field: 'f1', op: 'equals', value: 'o1' } },
		{ id: 'f3', type: 'rating', label: 'Happy', scale: { min: 1, max: 5 } },
	]);
	await t.test('a move puts the question at its new place', () => {
		let s = reducer(three(), actions.moveField(2, 0));
		assert.equal(ids(s), 'f3,f1,f2');
		s = reducer(s, actions.moveField(0, 2));
		assert.equal(ids(s), 'f1,f2,f3');
		assert.equal(selectors.isDirty(s), false);
	});
	await t.test('a move out of range changes nothing', () => {
		const s = three();
		assert.equal(reducer(s, actions.moveField(0, 3)), s);
		assert.equal(reducer(s, actions.moveField(-1, 0)), s);
		assert.equal(reducer(s, actions.moveField(1, 1)), s);
	});
	await t.test('a condition that comes to name a later question is found', () => {
		const s = reducer(three(), actions.moveField(0, 2));
		assert.deepEqual(selectors.getLateConditions(s).map((f) => f.id), ['f2']);
		assert.deepEqual(selectors.getLateConditions(three()), []);
	});
	await t.test('a copy goes after its question, with a new id, and is opened', () => {
		const s = reducer(three(), actions.duplicateField('f1'));
		assert.equal(ids(s), 'f1,f4,f2,f3');
		const twin = selectors.getField(s, 'f4');
		assert.equal(twin.label, 'Insured?');
		assert.deepEqual(twin.options, [{ value: 'o1', label: 'Yes' }]);
		assert.equal(selectors.getSelected(s), 'f4');
		twin.options[0].label = 'changed';
		assert.equal(selectors.getField(s, 'f1').options[0].label, 'Yes', 'the copy shares its options');
	});
	await t.test('removing a question removes the conditions that name it', () => {
		let s = three();
		assert.deepEqual(selectors.getDependents(s, 'f1').map((f) => f.id), ['f2']);
		s = reducer(s, actions.removeField('f1'));
		assert.equal(ids(s), 'f2,f3');
		assert.equal(selectors.getField(s, 'f2').show_if, undefined);
	});
	await t.test('what a condition may name: answerable questions before it', () => {
		const s = opened([
			{ id: 'f1', type: 'section', label: 'Part' },
			{ id: 'f2', type: 'text', label: 'A' },
			{ id: 'f3', type: 'html', label: 'Note', html: '' },
			{ id: 'f4', type: 'text', label: 'B' },
		]);
		assert.deepEqual(selectors.getEarlierAnswerable(s, 'f4').map((f) => f.id), ['f2']);
		assert.deepEqual(selectors.getEarlierAnswerable(s, 'f1'), []);
	});
});

test('the service\'s objections', async (t) => {
	const two = () => opened([{ id: 'f1', type: 'text', label: 'A' }, { id: 'f2', type: 'number', label: 'B' }]);
	const list = [
		{ path: '/fields/1/min', rule: 'range', message_en: 'min above max' },
		{ path: '/fields/1', rule: 'x', message_en: 'second' },
		{ path: '/title', rule: 'title', message_en: 'no title' },
		{ path: '/fields/9', rule: 'gone', message_en: 'not a question' },
	];
	await t.test('each beside its question, the rest on top, the first question with one opened', () => {
		const s = reducer(two(), actions.setViolations(list));
		assert.equal(selectors.getFieldViolations(s, 'f2').length, 2);
		assert.equal(selectors.getFieldViolations(s, 'f1').length, 0);
		assert.deepEqual(selectors.getGeneralViolations(s).map((v) => v.rule), ['title', 'gone']);
		assert.equal(selectors.countViolations(s), 4);
		assert.equal(selectors.getSelected(s), 'f2');
	});
	await t.test('they follow their question when it moves, and go when it is removed', () => {
		let s = reducer(two(), actions.setViolations(list));
		s = reducer(s, actions.moveField(1, 0));
		assert.equal(selectors.getFieldViolations(s, 'f2').length, 2);
		s = reducer(s, actions.removeField('f2'));
		assert.equal(selectors.getFieldViolations(s, 'f2').length, 0);
		assert.equal(selectors.countViolations(s), 2);
	});
	await t.test('a saved form clears them', () => {
		let s = reducer(two(), actions.setViolations(list));
		s = reducer(s, actions.loadForm(Object.assign({}, s.form, { head_version_id: 42 }), true));
		assert.equal(selectors.countViolations(s), 0);
		assert.equal(selectors.getVersionId(s), 42);
	});
});

test('status outside the editor', () => {
	let s = opened([{ id: 'f1', type: 'text', label: 'A' }]);
	s = reducer(s, actions.setKey('f1', 'label', 'B'));
	s = reducer(s, actions.setFormMeta({ status: 'published', head_version_id: 50 }));
	assert.equal(selectors.getForm(s).status, 'published');
	assert.equal(selectors.getVersionId(s), 50);
	assert.equal(selectors.isDirty(s), true, 'a publish keeps the edits not yet saved');
	s = reducer(s, actions.setSave({ status: 'saving' }));
	assert.deepEqual(selectors.getSave(s), { status: 'saving', version: 0 });
});
