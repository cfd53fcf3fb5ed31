// The admin store's reducer and selectors (src/admin/store-reducer.js):
// the forms list, its search, filter, order and selection, the plan
// previewed, the plans run with their undo tokens, the Hosha2 job.
// Run: node --test wp-plugin/tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STATE, actions, reducer, selectors, remainingTokens, visibleForms } from '../../arshline-sidecar/src/admin/store-reducer.js';

const forms = [
	{ id: 3, title: 'چکاپ سه', status: 'draft' },
	{ id: 12, title: 'Booking', status: 'published' },
	{ id: 7, title: 'آزمون', status: 'disabled' },
	{ id: 5, title: 'booking old', status: 'published' },
];

function run(...list) {
	return list.reduce((s, a) => reducer(s, a), undefined);
}

test('reducer', async (t) => {
	await t.test('starts empty and ignores unknown actions', () => {
		const s = reducer(undefined, { type: '@@INIT' });
		assert.deepEqual(s, DEFAULT_STATE);
		assert.equal(reducer(s, { type: 'NOPE' }), s);
		assert.equal(selectors.areFormsLoaded(s), false);
		assert.equal(selectors.getLatest(s), null);
	});

	await t.test('receiving forms marks them loaded and drops the selection of forms that are gone', () => {
		const s = run(actions.receiveForms(forms), actions.setSelected([3, 12], true), actions.receiveForms(forms.filter((f) => f.id !== 3)));
		assert.equal(selectors.areFormsLoaded(s), true);
		assert.equal(selectors.getForms(s).length, 3);
		assert.deepEqual(selectors.getSelected(s), [12]);
	});

	await t.test('a list that is not an array is an empty list', () => {
		const s = run(actions.receiveForms({ error: 'x' }));
		assert.deepEqual(selectors.getForms(s), []);
		assert.equal(selectors.areFormsLoaded(s), true);
	});

	await t.test('selection: checked once, unchecked, all at once, cleared', () => {
		let s = run(actions.receiveForms(forms), actions.setSelected([3], true), actions.setSelected([3], true));
		assert.deepEqual(selectors.getSelected(s), [3]);
		s = reducer(s, actions.setSelected(['12', 7], true));
		assert.deepEqual(selectors.getSelected(s), [3, 12, 7]);
		s = reducer(s, actions.setSelected([3], false));
		assert.deepEqual(selectors.getSelected(s), [12, 7]);
		s = reducer(s, actions.clearSelected());
		assert.deepEqual(selectors.getSelected(s), []);
	});

	await t.test('filters: known keys only', () => {
		const s = run(actions.setFilter('q', 'book'), actions.setFilter('order', 'answers'), actions.setFilter('evil', 'x'));
		assert.deepEqual(selectors.getFilters(s), { q: 'book', status: '', order: 'answers' });
		assert.equal('evil' in selectors.getFilters(s), false);
	});

	await t.test('answers: known, or marked failed when asking failed', () => {
		const s = run(actions.receiveAnswers(3, { count: 4, last_answer_at: '2026-01-01T00:00:00Z' }), actions.receiveAnswers(7, null));
		assert.equal(selectors.getAnswers(s)[3].count, 4);
		assert.deepEqual(selectors.getAnswers(s)[7], { failed: true });
	});

	await t.test('a plan previewed, discarded', () => {
		const plan = { command: 'فرم ۳ را منتشر کن', plan: { version: 2, steps: [] }, preview: ['x'], warnings: [] };
		let s = run(actions.setPlan(plan));
		assert.equal(selectors.getPlan(s), plan);
		s = reducer(s, actions.discardPlan());
		assert.equal(selectors.getPlan(s), null);
	});

	await t.test('a plan run clears the preview and joins the history with its tokens', () => {
		const tokens = ['t1', 't2', 't3'];
		const s = run(actions.setPlan({ command: 'c' }), actions.planExecuted('یک فرم بساز', [{ action: 'create_form', form_id: 9 }], tokens));
		tokens.push('changed outside');
		assert.equal(selectors.getPlan(s), null);
		const latest = selectors.getLatest(s);
		assert.equal(latest.command, 'یک فرم بساز');
		assert.deepEqual(latest.tokens, ['t1', 't2', 't3']);
		assert.deepEqual(remainingTokens(latest), ['t1', 't2', 't3']);
	});

	await t.test('undo last takes the newest token; undo all the rest; never past the first', () => {
		let s = run(actions.planExecuted('a', [], ['a1']), actions.planExecuted('b', [], ['b1', 'b2', 'b3']));
		s = reducer(s, actions.stepsUndone(1));
		assert.deepEqual(remainingTokens(selectors.getLatest(s)), ['b1', 'b2']);
		s = reducer(s, actions.stepsUndone(2));
		assert.deepEqual(remainingTokens(selectors.getLatest(s)), []);
		s = reducer(s, actions.stepsUndone(5));
		assert.equal(selectors.getLatest(s).undone, 3);
		// The older plan keeps its tokens.
		assert.deepEqual(remainingTokens(selectors.getHistory(s)[0]), ['a1']);
		assert.equal(selectors.getHistory(s).length, 2);
	});

	await t.test('undo with no plan run changes nothing; a negative count undoes nothing', () => {
		const s = reducer(undefined, actions.stepsUndone(1));
		assert.deepEqual(s, DEFAULT_STATE);
		const t2 = run(actions.planExecuted('a', [], ['x']), actions.stepsUndone(-4));
		assert.deepEqual(remainingTokens(selectors.getLatest(t2)), ['x']);
		assert.deepEqual(remainingTokens(null), []);
	});

	await t.test('the Hosha2 job set and ended', () => {
		let s = run(actions.setJob({ req: 'r1', formId: 4 }));
		assert.deepEqual(selectors.getJob(s), { req: 'r1', formId: 4 });
		s = reducer(s, actions.setJob(null));
		assert.equal(selectors.getJob(s), null);
	});
});

test('visibleForms', async (t) => {
	const ids = (list) => list.map((f) => f.id);

	await t.test('newest first by default, the list itself untouched', () => {
		const copy = forms.slice();
		assert.deepEqual(ids(visibleForms(forms, {}, {})), [12, 7, 5, 3]);
		assert.deepEqual(forms, copy);
	});

	await t.test('search: the title in any case, or the exact id', () => {
		assert.deepEqual(ids(visibleForms(forms, {}, { q: '  BOOK ' })), [12, 5]);
		assert.deepEqual(ids(visibleForms(forms, {}, { q: 'چکاپ' })), [3]);
		assert.deepEqual(ids(visibleForms(forms, {}, { q: '7' })), [7]);
		assert.deepEqual(ids(visibleForms(forms, {}, { q: 'nothing' })), []);
	});

	await t.test('status filter, with search', () => {
		assert.deepEqual(ids(visibleForms(forms, {}, { status: 'published' })), [12, 5]);
		assert.deepEqual(ids(visibleForms(forms, {}, { status: 'published', q: 'old' })), [5]);
		assert.deepEqual(ids(visibleForms(forms, {}, { status: 'draft' })), [3]);
	});

	await t.test('by title, in the collator given', () => {
		const collator = new Intl.Collator('en', { sensitivity: 'base' });
		assert.deepEqual(ids(visibleForms(forms, {}, { order: 'title' }, collator)), [12, 5, 7, 3]);
	});

	await t.test('most answers first; unknown counts last; ties newest first', () => {
		const answers = { 3: { count: 10 }, 12: { count: 2 }, 5: { count: 2 }, 7: { failed: true } };
		assert.deepEqual(ids(visibleForms(forms, answers, { order: 'answers' })), [3, 12, 5, 7]);
	});

	await t.test('latest answer first; forms with none last', () => {
		const answers = { 3: { count: 1, last_answer_at: '2026-03-01T10:00:00Z' }, 5: { count: 1, last_answer_at: '2026-05-01T10:00:00Z' }, 12: { count: 0, last_answer_at: null } };
		assert.deepEqual(ids(visibleForms(forms, answers, { order: 'last' })), [5, 3, 12, 7]);
	});

	await t.test('an unknown order is the newest first; no forms is no rows', () => {
		assert.deepEqual(ids(visibleForms(forms, {}, { order: 'bogus' })), [12, 7, 5, 3]);
		assert.deepEqual(visibleForms(null, null, null), []);
	});
});
