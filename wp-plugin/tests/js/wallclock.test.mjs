// A form's close_at (RFC 3339) against the wall clock the admin picks on
// the site's clock (src/admin/wallclock.js), in Asia/Tehran: today's
// +03:30, the summer time Iran kept until 2022 (+04:30, from 2 Farvardin
// to 30 Shahrivar) with its skipped and repeated hour, and the year's
// turn at Nowruz. Run: node --test wp-plugin/tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toWall, fromWall, offsetMinutes, dayText, readDay, timeText, readTime, jalaliDay, knownZone } from '../../arshline-sidecar/src/admin/wallclock.js';
import { fromDays } from '../../arshline-sidecar/src/public/jalali.js';

const TEHRAN = 'Asia/Tehran';

/** The wall clock as Jalali y/m/d h:m, to compare readably. */
function jalaliWall(iso, zone = TEHRAN) {
	const w = toWall(iso, zone);
	const d = fromDays(w.day);
	return `${d.y}/${d.m}/${d.d} ${w.hour}:${w.minute}`;
}
function wall(y, m, d, hour, minute) {
	return { day: jalaliDay({ y, m, d }), hour, minute };
}

test('close_at to and from the Jalali wall clock in Tehran', async (t) => {
	const cases = [
		// [label, Jalali wall clock, close_at]
		['today, +03:30', [1405, 9, 10, 3, 30], '2026-12-01T00:00:00Z'],
		['an evening that is the next Jalali day nowhere else', [1405, 9, 11, 0, 15], '2026-12-01T20:45:00Z'],
		['summer 1398, +04:30 (summer time before 2022)', [1398, 4, 10, 16, 30], '2019-07-01T12:00:00Z'],
		['summer 1400, the last summer time', [1400, 6, 1, 9, 0], '2021-08-23T04:30:00Z'],
		['summer 1402, +03:30 (no summer time since 2022)', [1402, 4, 10, 16, 30], '2023-07-01T13:00:00Z'],
		['the last minute of 1403 (a leap year: Esfand 30)', [1403, 12, 30, 23, 59], '2025-03-20T20:29:00Z'],
		['Nowruz 1404 at midnight', [1404, 1, 1, 0, 0], '2025-03-20T20:30:00Z'],
		['the last minute of 1402 (Esfand 29)', [1402, 12, 29, 23, 59], '2024-03-19T20:29:00Z'],
		['Nowruz 1403', [1403, 1, 1, 0, 0], '2024-03-19T20:30:00Z'],
		['Nowruz 1398, still +03:30', [1398, 1, 1, 12, 0], '2019-03-21T08:30:00Z'],
		['the first summer-time hour of 1398', [1398, 1, 2, 1, 0], '2019-03-21T20:30:00Z'],
	];
	for (const [label, [y, m, d, hour, minute], iso] of cases) {
		await t.test(label, () => {
			assert.equal(fromWall(wall(y, m, d, hour, minute), TEHRAN), iso);
			assert.equal(jalaliWall(iso), `${y}/${m}/${d} ${hour}:${minute}`);
		});
	}
});

test('the hour the clock skipped and the hour it showed twice', async (t) => {
	await t.test('00:30 on 2 Farvardin 1398 did not exist: it is 01:30 summer time', () => {
		assert.equal(fromWall(wall(1398, 1, 2, 0, 30), TEHRAN), '2019-03-21T21:00:00Z');
		assert.equal(jalaliWall('2019-03-21T21:00:00Z'), '1398/1/2 1:30');
	});
	await t.test('23:30 on 30 Shahrivar 1398 came twice: the first is taken', () => {
		assert.equal(fromWall(wall(1398, 6, 30, 23, 30), TEHRAN), '2019-09-21T19:00:00Z');
		assert.equal(jalaliWall('2019-09-21T19:00:00Z'), '1398/6/30 23:30');
		assert.equal(jalaliWall('2019-09-21T20:00:00Z'), '1398/6/30 23:30');
	});
	await t.test('the offsets either side', () => {
		assert.equal(offsetMinutes(TEHRAN, Date.parse('2019-09-21T19:29:00Z')), 270);
		assert.equal(offsetMinutes(TEHRAN, Date.parse('2019-09-21T19:30:00Z')), 210);
		assert.equal(offsetMinutes(TEHRAN, Date.parse('2024-07-01T00:00:00Z')), 210);
	});
});

test('every half hour of 1398 goes to close_at and back', () => {
	let start = jalaliDay({ y: 1398, m: 1, d: 1 });
	const end = jalaliDay({ y: 1399, m: 1, d: 1 });
	const wrong = [];
	for (let day = start; day < end; day++) {
		for (let half = 0; half < 48; half++) {
			const w = { day, hour: Math.floor(half / 2), minute: (half % 2) * 30 };
			const back = toWall(fromWall(w, TEHRAN), TEHRAN);
			const skipped = day === jalaliDay({ y: 1398, m: 1, d: 2 }) && w.hour === 0;
			if (!skipped && JSON.stringify(back) !== JSON.stringify(w)) {
				wrong.push(`${JSON.stringify(w)} → ${JSON.stringify(back)}`);
			}
		}
	}
	assert.deepEqual(wrong, []);
});

test('fixed offsets and UTC, as WordPress gives a site without a city', () => {
	assert.equal(fromWall(wall(1405, 9, 10, 3, 30), '+03:30'), '2026-12-01T00:00:00Z');
	assert.equal(fromWall(wall(1405, 9, 10, 3, 30), 'UTC'), '2026-12-01T03:30:00Z');
	assert.equal(fromWall(wall(1405, 9, 10, 3, 30), '-05:00'), '2026-12-01T08:30:00Z');
	assert.equal(jalaliWall('2026-12-01T00:00:00Z', '+03:30'), '1405/9/10 3:30');
	assert.equal(jalaliWall('2026-12-01T00:00:00+03:30', 'UTC'), '1405/9/9 20:30');
	assert.ok(knownZone('Asia/Tehran') && knownZone('+03:30') && knownZone(''));
	assert.equal(knownZone('Not/AZone'), false);
});

test('no time or one that does not read is no wall clock', () => {
	assert.equal(toWall(null, TEHRAN), null);
	assert.equal(toWall('', TEHRAN), null);
	assert.equal(toWall('tomorrow', TEHRAN), null);
});

test('days as the admin writes them, in either calendar', () => {
	const day = jalaliDay({ y: 1405, m: 9, d: 10 });
	assert.equal(dayText(day, true), '۱۴۰۵/۰۹/۱۰');
	assert.equal(dayText(day, false), '2026-12-01');
	assert.equal(readDay('۱۴۰۵/۰۹/۱۰', true), day);
	assert.equal(readDay('1405 9 10', true), day);
	assert.equal(readDay('2026-12-01', false), day);
	assert.equal(readDay('1405/12/30', true), null, 'Esfand 1405 has 29 days');
	assert.equal(readDay('1403/12/30', true), jalaliDay({ y: 1404, m: 1, d: 1 }) - 1);
	assert.equal(readDay('2026-02-30', false), null);
	assert.equal(readDay('', true), null);
	assert.equal(readDay('', false), null);
});

test('times as the admin writes them', () => {
	assert.equal(timeText(7, 5, true), '۰۷:۰۵');
	assert.equal(timeText(17, 30, false), '17:30');
	assert.deepEqual(readTime('۱۷:۳۰'), { hour: 17, minute: 30 });
	assert.deepEqual(readTime('٩.٠٥'), { hour: 9, minute: 5 });
	assert.deepEqual(readTime(' 23:59 '), { hour: 23, minute: 59 });
	for (const bad of ['24:00', '12:60', '1730', '', 'noon', '12:5']) {
		assert.equal(readTime(bad), null, bad);
	}
});
