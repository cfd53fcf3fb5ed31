// The Entries tab's state (src/admin/entries-state.js): filters, the
// page cursor, the selection for bulk actions, the opened entry and its
// retries, and the list call's query. Run: node --test wp-plugin/tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reducer, actions, selectors, initialState, listQuery, readDay, latinDigits, firstAnswer, sameValue, PAGE_SIZE } from '../../arshline-sidecar/src/admin/entries-state.js';

const run = (list, state = initialState) => list.reduce(reducer, state);
const items = (...ids) => ids.map((id) => ({ id, status: 'new', answers: [] }));
/** A state with one page loaded: the request numbered, its answer taken. */
function loaded(state, list, next) {
	const asked = reducer(state, actions.pageRequested());
	return reducer(asked, actions.pageLoaded(asked.seq, list, next));
}

test('the reducer starts from the initial state and ignores actions it does not know', () => {
	assert.equal(reducer(undefined, { type: '@@INIT' }), initialState);
	assert.equal(reducer(initialState, { type: 'SOMETHING_ELSE' }), initialState);
});

test('pages: older pushes the next cursor, newer goes back, each only when there is one', async (t) => {
	await t.test('a fresh state has neither newer nor older', () => {
		assert.equal(selectors.hasNewer(initialState), false);
		assert.equal(selectors.hasOlder(initialState), false);
		assert.equal(selectors.getCursor(initialState), 0);
	});
	await t.test('older without a next page changes nothing', () => {
		const s = loaded(initialState, items(3, 2, 1), 0);
		assert.equal(reducer(s, actions.older()), s);
	});
	await t.test('older, older, newer, newer walks the cursors and back', () => {
		let s = loaded(initialState, items(60, 59), 59);
		assert.equal(selectors.hasOlder(s), true);
		s = reducer(s, actions.older());
		assert.equal(selectors.getCursor(s), 59);
		assert.equal(selectors.hasNewer(s), true);
		s = loaded(s, items(58, 57), 57);
		s = reducer(s, actions.older());
		assert.deepEqual(s.pages, [0, 59, 57]);
		s = reducer(s, actions.newer());
		assert.equal(selectors.getCursor(s), 59);
		s = reducer(s, actions.newer());
		assert.equal(selectors.getCursor(s), 0);
		assert.equal(selectors.hasNewer(s), false);
		assert.equal(reducer(s, actions.newer()), s, 'newer on the newest page changes nothing');
	});
	await t.test('the last page has no older one', () => {
		const s = loaded(reducer(loaded(initialState, items(2), 2), actions.older()), items(1), 0);
		assert.equal(selectors.hasOlder(s), false);
	});
});

test('filters start again from the newest page, trimmed, with nothing selected', () => {
	let s = loaded(initialState, items(9, 8), 8);
	s = run([actions.older(), actions.toggle(9, true)], s);
	s = reducer(s, actions.applyFilters({ status: 'spam', from: '1404/09/01', to: '', q: '  مریم ', extra: 'x' }));
	assert.deepEqual(s.filters, { status: 'spam', from: '1404/09/01', to: '', q: 'مریم' });
	assert.deepEqual(s.pages, [0]);
	assert.equal(s.next, 0);
	assert.deepEqual(s.selected, []);
});

test('an answer to an older list request is dropped', async (t) => {
	await t.test('loaded', () => {
		const first = reducer(initialState, actions.pageRequested());
		const second = reducer(first, actions.pageRequested());
		const late = reducer(second, actions.pageLoaded(first.seq, items(1), 0));
		assert.equal(late, second);
		assert.equal(selectors.isLoading(late), true);
		const right = reducer(late, actions.pageLoaded(second.seq, items(5, 4), 4));
		assert.deepEqual(right.items.map((s) => s.id), [5, 4]);
		assert.equal(right.loading, false);
	});
	await t.test('failed', () => {
		const first = reducer(initialState, actions.pageRequested());
		const second = reducer(first, actions.pageRequested());
		assert.equal(reducer(second, actions.pageFailed(first.seq, { status: 'error', text: 'x' })), second);
		const failed = reducer(second, actions.pageFailed(second.seq, { status: 'error', text: 'x' }));
		assert.equal(failed.loading, false);
		assert.equal(selectors.getNotice(failed).text, 'x');
	});
	await t.test('a request clears the notice of the last one', () => {
		const s = reducer(reducer(initialState, actions.setNotice({ status: 'success', text: 'ok' })), actions.pageRequested());
		assert.equal(s.notice, null);
	});
	await t.test('a page that is not a list is shown empty', () => {
		const asked = reducer(initialState, actions.pageRequested());
		const s = reducer(asked, actions.pageLoaded(asked.seq, null, 'x'));
		assert.deepEqual(s.items, []);
		assert.equal(s.next, 0);
	});
});

test('selection for bulk actions', async (t) => {
	const s0 = loaded(initialState, items(3, 2, 1), 0);
	await t.test('one by one, and unselecting', () => {
		let s = run([actions.toggle(3, true), actions.toggle('1', true), actions.toggle(3, true)], s0);
		assert.deepEqual(s.selected, [1, 3]);
		assert.equal(selectors.isSelected(s, 1), true);
		assert.equal(selectors.isSelected(s, 2), false);
		assert.equal(selectors.areAllSelected(s), false);
		s = reducer(s, actions.toggle(1, false));
		assert.deepEqual(s.selected, [3]);
	});
	await t.test('an id that is not on the page is not selected', () => {
		assert.deepEqual(reducer(s0, actions.toggle(99, true)).selected, []);
	});
	await t.test('select all, then none', () => {
		const all = reducer(s0, actions.toggleAll(true));
		assert.deepEqual(all.selected, [3, 2, 1]);
		assert.equal(selectors.areAllSelected(all), true);
		assert.deepEqual(reducer(all, actions.toggleAll(false)).selected, []);
	});
	await t.test('all selected of an empty page is false', () => {
		assert.equal(selectors.areAllSelected(reducer(initialState, actions.toggleAll(true))), false);
	});
	await t.test('a page loaded afresh has nothing selected', () => {
		const all = reducer(s0, actions.toggleAll(true));
		assert.deepEqual(loaded(all, items(3, 2, 1), 0).selected, []);
	});
	await t.test('the busy action and the delete question', () => {
		let s = run([actions.setBusy('spam'), actions.askDelete(true)], s0);
		assert.equal(selectors.getBusy(s), 'spam');
		assert.equal(selectors.isConfirming(s), true);
		s = run([actions.setBusy(''), actions.askDelete(false)], s);
		assert.equal(selectors.getBusy(s), '');
		assert.equal(selectors.isConfirming(s), false);
	});
});

test('a new status shows on its rows and on the opened entry', async (t) => {
	const s0 = reducer(loaded(initialState, items(3, 2, 1), 0), actions.entryOpened({ id: 2, status: 'new' }));
	await t.test('the opened entry among them', () => {
		const s = reducer(s0, actions.statusSet([2, '3'], 'starred'));
		assert.deepEqual(s.items.map((x) => x.status), ['starred', 'starred', 'new']);
		assert.equal(selectors.getEntry(s).status, 'starred');
		assert.equal(s0.items[0].status, 'new', 'the state before was changed in place');
	});
	await t.test('the opened entry not among them', () => {
		const s = reducer(s0, actions.statusSet([1], 'spam'));
		assert.equal(selectors.getEntry(s), s0.entry);
		assert.equal(s.items[2].status, 'spam');
	});
	await t.test('no entry opened', () => {
		assert.equal(reducer(loaded(initialState, items(1), 0), actions.statusSet([1], 'read')).entry, null);
	});
});

test('erased entries leave the page, the selection and the opened entry', async (t) => {
	const s0 = run([actions.toggleAll(true), actions.entryOpened({ id: 2, deliveries: [] }), actions.setEntryNotice({ status: 'success', text: 'x' })], loaded(initialState, items(3, 2, 1), 0));
	await t.test('the opened entry among them', () => {
		const s = reducer(s0, actions.removed([2, '3']));
		assert.deepEqual(s.items.map((x) => x.id), [1]);
		assert.deepEqual(s.selected, [1]);
		assert.equal(selectors.getEntry(s), null);
		assert.equal(selectors.getEntryNotice(s), null);
	});
	await t.test('the opened entry not among them', () => {
		const s = reducer(s0, actions.removed([1]));
		assert.equal(selectors.getEntry(s).id, 2);
		assert.equal(selectors.getEntryNotice(s).text, 'x');
	});
});

test('the opened entry and the retries of its deliveries', async (t) => {
	await t.test('each opening counts, so focus moves to it again', () => {
		const once = reducer(initialState, actions.entryOpened({ id: 7 }));
		const twice = reducer(once, actions.entryOpened({ id: 7 }));
		assert.equal(selectors.getOpened(twice), selectors.getOpened(once) + 1);
	});
	await t.test('opening again clears the last notice of the entry', () => {
		const s = run([actions.entryOpened({ id: 7 }), actions.setEntryNotice({ status: 'error', text: 'no' }), actions.entryOpened({ id: 7 })]);
		assert.equal(s.entryNotice, null);
	});
	await t.test('retries are marked per delivery and cleared on close', () => {
		let s = run([actions.entryOpened({ id: 7 }), actions.retrying(4, true), actions.retrying('5', true), actions.retrying(4, true)]);
		assert.deepEqual(selectors.getRetrying(s), [5, 4]);
		assert.equal(selectors.isRetrying(s, 4), true);
		s = reducer(s, actions.retrying(4, false));
		assert.equal(selectors.isRetrying(s, 4), false);
		s = reducer(s, actions.closeEntry());
		assert.equal(s.entry, null);
		assert.deepEqual(s.retrying, []);
	});
});

test('the list call asks for the current page with the filters set', async (t) => {
	await t.test('the newest page, no filters', () => {
		assert.equal(listQuery(initialState), `limit=${PAGE_SIZE}`);
	});
	await t.test('an older page with filters; empty ones left out', () => {
		let s = reducer(initialState, actions.applyFilters({ status: 'starred', from: '1404/09/01', to: '', q: 'مریم علی' }));
		s = reducer(loaded(s, items(40), 40), actions.older());
		const q = new URLSearchParams(selectors.listQuery(s));
		assert.deepEqual([...q.keys()].sort(), ['before_id', 'from', 'limit', 'q', 'status']);
		assert.equal(q.get('before_id'), '40');
		assert.equal(q.get('q'), 'مریم علی');
		assert.equal(q.get('from'), '1404/09/01');
	});
});

test('days typed in a filter', async (t) => {
	const cases = [
		['empty', '', ''],
		['spaces only', '   ', ''],
		['Latin Jalali', '1404/09/01', '1404/09/01'],
		['Persian digits', '۱۴۰۴/۰۹/۰۱', '1404/09/01'],
		['Arabic-Indic digits', '١٤٠٤/٠٩/٠١', '1404/09/01'],
		['dashes, Gregorian', '2025-11-22', '2025-11-22'],
		['one-digit month and day', ' ۱۴۰۴/۹/۱ ', '1404/9/1'],
		['words', 'دیروز', null],
		['two-digit year', '04/09/01', null],
		['a time after it', '1404/09/01 10:00', null],
	];
	for (const [name, typed, want] of cases) {
		await t.test(name, () => assert.equal(readDay(typed), want));
	}
	assert.equal(latinDigits(null), '');
});

test('the row text of an entry and its normalised values', async (t) => {
	await t.test('the first text answer, skipping empty and non-text ones', () => {
		assert.equal(firstAnswer({ answers: [{ value: '' }, { value: ['a'] }, { value: 'مریم' }, { value: 'پیشی' }] }), 'مریم');
	});
	await t.test('cut at 80 characters', () => {
		const long = 'ب'.repeat(81);
		assert.equal(firstAnswer({ answers: [{ value: long }] }), 'ب'.repeat(80) + '…');
		assert.equal(firstAnswer({ answers: [{ value: 'ب'.repeat(80) }] }), 'ب'.repeat(80));
	});
	await t.test('no answers', () => {
		assert.equal(firstAnswer({}), '');
		assert.equal(firstAnswer({ answers: 'x' }), '');
	});
	await t.test('same value', () => {
		assert.equal(sameValue('0084575948', '0084575948'), true);
		assert.equal(sameValue('۰۰۸۴۵۷۵۹۴۸', '0084575948'), false);
		assert.equal(sameValue({ a: 1 }, { a: 1 }), true);
	});
});
