// The public form's Jalali calendar (src/public/jalali.js) against the
// daemon's (daemon/jalali), over the cases the daemon's TestSharedCases
// writes to testdata/jalali-shared.json: leap years 1–3000, the first and
// last day of every month of 1200–1600 and of the years ICU moves, and
// what typed text reads as. Run: node --test wp-plugin/tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLeap, daysInMonth, toDays, fromDays, weekdayFromSaturday, parse, format, digits, fromISO } from '../../arshline-sidecar/src/public/jalali.js';

const shared = JSON.parse(readFileSync(fileURLToPath(new URL('../../../testdata/jalali-shared.json', import.meta.url)), 'utf8'));

test('leap years agree with the daemon for years 1 to 3000', () => {
	const wrong = [];
	for (let y = 1; y <= shared.leap.length; y++) {
		if (isLeap(y) !== (shared.leap[y - 1] === '1')) {
			wrong.push(y);
		}
	}
	assert.deepEqual(wrong, []);
});

test('days and dates agree with the daemon both ways', () => {
	assert.ok(shared.days.length > 9000, `${shared.days.length} days`);
	for (const [n, y, m, d, w] of shared.days) {
		assert.equal(toDays(y, m, d), n, `${y}/${m}/${d} → days`);
		assert.deepEqual(fromDays(n), { y, m, d }, `${n} → date`);
		assert.equal(weekdayFromSaturday(n), w, `${y}/${m}/${d} weekday`);
	}
});

test('every day of 1395–1410 follows the one before', () => {
	let n = toDays(1395, 1, 1);
	for (let y = 1395; y <= 1410; y++) {
		for (let m = 1; m <= 12; m++) {
			for (let d = 1; d <= daysInMonth(y, m); d++) {
				assert.deepEqual(fromDays(n), { y, m, d });
				n++;
			}
		}
	}
});

test('typed dates read as the daemon reads them', () => {
	for (const c of shared.parse) {
		const got = parse(c.in);
		if (c.error) {
			assert.equal(got.error, c.error, JSON.stringify(c.in));
		} else {
			assert.deepEqual(got, { y: c.y, m: c.m, d: c.d }, JSON.stringify(c.in));
		}
	}
});

test('a phone keyboard without «/»: spaces separate the parts', () => {
	assert.deepEqual(parse('1403 5 12'), { y: 1403, m: 5, d: 12 });
	assert.deepEqual(parse('۱۴۰۳ ۰۵ ۱۲'), { y: 1403, m: 5, d: 12 });
	assert.equal(parse('1404 12 30').error, 'day');
});

test('dates are written back in Persian digits on a Persian page', () => {
	assert.equal(format({ y: 1403, m: 5, d: 2 }, true), '۱۴۰۳/۰۵/۰۲');
	assert.equal(format({ y: 1403, m: 5, d: 2 }, false), '1403/05/02');
	assert.equal(digits(1234567890, true), '۱۲۳۴۵۶۷۸۹۰');
	assert.deepEqual(fromISO('1405-01-31'), { y: 1405, m: 1, d: 31 });
	assert.equal(fromISO('1405/01/31'), null);
});
