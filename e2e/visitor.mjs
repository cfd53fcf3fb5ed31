// The public form as a Persian visitor on a phone meets it, in Debian's
// Chromium driven by playwright-core: every answer judged at once with no
// browser bubble, errors cleared as answers change, axe-core on the form,
// its errors and its thank-you; the Jalali date picker by keyboard and by
// touch, typed dates on a phone keyboard; Persian digits; the direct
// link's title; without JavaScript, the note that says which answer a
// question follows; one request to WordPress per page and one per send,
// a cached page's token replaced before the visitor can send, a refused
// token replaced and the send repeated by itself; then the time to a
// usable form on slow 3G with the CPU four times slower, and the public
// script's and stylesheet's sizes; a mobile number proved by a code
// texted through a stand-in of Kavenegar: a wrong code, every try wrong,
// the right code. .ci/e2e.sh runs it after run.mjs with:
//   E2E_URL, E2E_CHROMIUM, E2E_ARTIFACTS, E2E_SOCKET,
//   E2E_SMS_URL, E2E_SMS_KEY, E2E_SMS_LOG (the stand-in's texts)
// Figures go to artifacts/visitor-metrics.json.
import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, check, env, fa, launch, newPage, rpc, run, smsLines, steps } from './harness.mjs';
import { gzipSync } from 'node:zlib';

const URL_ = env('E2E_URL');
const ART = env('E2E_ARTIFACTS');
const BUILD = join(dirname(fileURLToPath(import.meta.url)), '..', 'wp-plugin', 'arshline-sidecar', 'build');
const PHONE = { locale: 'fa-IR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const metrics = {};
const { snap, step } = steps('visitor-', 'visitor: ');

/** axe-core on the form: fails on any serious or critical violation. */
async function axe(page, name) {
	const r = await new AxeBuilder({ page }).include('.arshline-form').analyze();
	const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
	const count = (impact) => bad.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
	const minor = r.violations.filter((v) => !bad.includes(v)).map((v) => `${v.id} (${v.impact})`);
	const summary = `${count('serious')} serious, ${count('critical')} critical, ${r.passes.length} passes${minor.length ? `; below serious: ${minor.join(', ')}` : ''}`;
	writeFileSync(join(ART, `axe-visitor-${name}.json`), JSON.stringify({ url: r.url, violations: r.violations, passes: r.passes.map((p) => p.id) }, null, 2));
	check(bad.length === 0, `axe ${name}: ${summary}\n` + bad.map((v) => `  ${v.impact} ${v.id}: ${v.help}\n` + v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n')).join('\n'));
	metrics[`axe ${name}`] = summary;
}

/** Requests that reach WordPress's PHP (pages and REST), not static files. */
function countWordPress(page) {
	const seen = [];
	page.on('request', (req) => {
		const u = new URL(req.url());
		if (u.origin === new URL(URL_).origin && !/\.(js|css|woff2?|png|svg|jpe?g|gif|ico)$/.test(u.pathname)) {
			seen.push(`${req.method()} ${u.pathname}${u.search.replace(/arshline_form=[^&]+/, 'arshline_form=…').slice(0, 80)}`);
		}
	});
	return seen;
}

const faDigits = (s) => /^[۰-۹]+$/.test(s);

/** The site's SMS provider set to the Kavenegar stand-in, and a published form with a mobile verified by a code. */
async function otpForm() {
	await rpc('sms.settings.set', { provider: 'kavenegar', api_key: env('E2E_SMS_KEY'), sender: '10004346', base_url: env('E2E_SMS_URL'), actor: ADMIN });
	const created = await rpc('forms.create', {
		title: 'ثبت‌نام کلاس',
		status: 'published',
		document: {
			version: 'arshline_form@v1',
			settings: { thank_you: 'ثبت‌نام شما انجام شد.' },
			fields: [
				{ id: 'name', type: 'text', label: 'نام' },
				{ id: 'mobile', type: 'text', label: 'شمارهٔ همراه', format: 'mobile_ir', required: true, verify: 'otp' },
			],
		},
		actor: ADMIN,
	});
	return { id: created.form.id, link: `${URL_}/?arshline_form=${created.form.public_token}` };
}

function smsCount() {
	return smsLines().length;
}

/** The six-digit code of the one text sent after the first `before`, checked to go to `to`. */
function lastCode(before, to) {
	const lines = smsLines();
	check(lines.length === before + 1, `${lines.length - before} texts sent, not one`);
	const last = lines[lines.length - 1];
	check(last.to === to, `texted to ${last.to}, not ${to}`);
	const m = /: ([0-9]{6})\n/.exec(last.message);
	check(m, `no code in «${last.message}»`);
	return m[1];
}

/**
 * The visitor presses «ارسال» and, when told to wait (the daemon's
 * submissions per client and minute: every send of this file comes from
 * one loopback address), waits as told and presses again. Returns the
 * answer to the last press.
 */
async function sendForm(page) {
	for (let i = 0; ; i++) {
		const answered = page.waitForResponse((r) => /\/submissions(&|$)/.test(decodeURIComponent(r.url())) && r.request().method() === 'POST', { timeout: 30000 });
		await page.getByRole('button', { name: 'ارسال', exact: true }).click();
		const r = await answered;
		await page.waitForFunction(() => !document.querySelector('.arshline-form__submit') || !document.querySelector('.arshline-form__submit').disabled);
		if (r.status() !== 429 || i >= 3) {
			return r;
		}
		const body = await r.json().catch(() => ({}));
		const wait = Number(r.headers()['retry-after'] || (body.data && body.data.retry_after) || 5);
		await page.waitForTimeout((wait + 1) * 1000);
	}
}

/** A six-digit code that is not `code`. */
function wrongOf(code) {
	return code.replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10));
}

async function main() {
	const created = await rpc('forms.create', {
		title: 'نوبت دامپزشکی',
		status: 'published',
		document: {
			version: 'arshline_form@v1',
			settings: { welcome: 'لطفاً فرم را کامل کنید.', thank_you: 'نوبت شما ثبت شد.' },
			fields: [
				{ id: 'name', type: 'text', label: 'نام و نام خانوادگی', required: true },
				{ id: 'mobile', type: 'text', label: 'شماره موبایل', format: 'mobile_ir', required: true },
				{ id: 'pet', type: 'radio', label: 'حیوان خانگی دارید؟', required: true, options: [{ value: 'yes', label: 'بله' }, { value: 'no', label: 'خیر' }] },
				{ id: 'pet_name', type: 'text', label: 'نام حیوان', required: true, show_if: { field: 'pet', op: 'equals', value: 'yes' } },
				{ id: 'visit', type: 'date', label: 'تاریخ مراجعه', required: true, min: '1403-01-01', max: '1410-12-29' },
				{ id: 'rate', type: 'rating', label: 'رضایت از نوبت قبلی', required: true },
				{ id: 'services', type: 'checkbox', label: 'خدمات', required: true, options: [{ value: 'vac', label: 'واکسن' }, { value: 'check', label: 'معاینه' }] },
				{ id: 'grid', type: 'matrix', label: 'ارزیابی', required: true, rows: ['پذیرش', 'پزشک'], cols: ['بد', 'خوب'] },
			],
		},
		actor: { user_id: 1, caps: ['manage_options'], locale: 'fa_IR', site_id: 1 },
	});
	const link = `${URL_}/?arshline_form=${created.form.public_token}`;
	const browser = await launch();
	try {
		await withPage(browser, PHONE, async (page, errors) => {
			const wp = countWordPress(page);
			await step(page, 'the direct link has the form\'s title and reads right to left', async () => {
				await page.goto(link);
				await page.locator('.arshline-form[data-arshline-ready]').waitFor();
				check((await page.title()).includes('نوبت دامپزشکی'), `title: «${await page.title()}»`);
				check((await page.locator('.arshline-form').getAttribute('dir')) === 'rtl', 'rtl');
				const [width, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
				check(width <= viewport, `the page is ${width} px wide in a ${viewport} px viewport`);
				check(await page.locator('.arshline-field__when').count() === 0, 'the no-script note is gone with the script');
				const font = await page.locator('.arshline-form').evaluate((e) => getComputedStyle(e).fontFamily);
				check(font.includes('Arshline Vazirmatn'), `font ${font}`);
				await snap(page, 'form');
				await axe(page, 'form');
			});
			await step(page, 'an empty send: every required question at once, no browser bubble', async () => {
				await page.getByRole('button', { name: 'ارسال' }).click();
				await page.locator('.arshline-form__summary:not([hidden])').waitFor();
				const invalid = await page.locator('.arshline-field--invalid').evaluateAll((ws) => ws.map((w) => w.getAttribute('data-field')));
				check(JSON.stringify(invalid) === JSON.stringify(['name', 'mobile', 'pet', 'visit', 'rate', 'services', 'grid']), `invalid: ${invalid}`);
				check((await page.locator('[data-field="name"] .arshline-field__error').innerText()) === 'به این پرسش پاسخ دهید', 'the daemon\'s words');
				check(await page.evaluate(() => document.activeElement && document.activeElement.name === 'arshline[name]'), 'the first is focused');
				check(await page.locator('[role="radiogroup"][aria-required="true"][aria-invalid="true"]').count() === 3, 'radio, rating and matrix are required radiogroups, marked invalid');
				await snap(page, 'errors');
				await axe(page, 'errors');
			});
			await step(page, 'an answer clears its own error, from beside it and from the list', async () => {
				await page.locator('[name="arshline[name]"]').fill('مریم رضایی');
				check(await page.locator('[data-field="name"] .arshline-field__error').isHidden(), 'error hidden');
				check((await page.locator('.arshline-form__summary li').count()) === 6, 'six left in the list');
				await page.getByLabel('بله', { exact: true }).check();
				check(await page.locator('[data-field="pet"] .arshline-field__error').isHidden(), 'radio error hidden');
				await page.locator('[name="arshline[pet_name]"]').waitFor();
			});
			await step(page, 'the date picker: a dialog of the month, keyboard, Persian digits, min and max', async () => {
				const open = page.getByRole('button', { name: 'انتخاب تاریخ از تقویم' });
				await open.click();
				const dialog = page.getByRole('dialog');
				await dialog.waitFor();
				check((await open.getAttribute('aria-expanded')) === 'true', 'expanded');
				const title = await dialog.locator('h2').innerText();
				check(/^(فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند) [۰-۹]{4}$/.test(title), `month title «${title}»`);
				const focused = () => page.evaluate(() => document.activeElement.getAttribute('data-day'));
				const start = Number(await focused());
				check(start > 0, 'focus is on a day');
				await page.keyboard.press('ArrowLeft'); // right to left: the next day
				check(Number(await focused()) === start + 1, 'ArrowLeft is the next day');
				await page.keyboard.press('ArrowDown');
				check(Number(await focused()) === start + 8, 'ArrowDown is a week later');
				await page.keyboard.press('PageDown');
				const next = await dialog.locator('h2').innerText();
				check(next !== title, 'PageDown is the next month');
				// Tab goes round the dialog's controls and never leaves it.
				for (let i = 0; i < 7; i++) {
					await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
					await page.keyboard.press('Tab');
					check(await page.evaluate(() => !!document.activeElement.closest('[role="dialog"]')), `focus left the dialog after ${i + 1} tabs`);
				}
				await dialog.locator('td[tabindex="0"]').focus();
				await snap(page, 'date-picker');
				await axe(page, 'date-picker');
				await page.keyboard.press('Escape');
				check(await dialog.isHidden(), 'Escape closes');
				check(await page.evaluate(() => document.activeElement.classList.contains('arshline-date__open')), 'focus back on the button');
				check((await page.locator('[name="arshline[visit]"]').inputValue()) === '', 'Escape chose nothing');
				await open.click();
				await page.keyboard.press('Enter');
				const chosen = await page.locator('[name="arshline[visit]"]').inputValue();
				check(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}$/.test(chosen), `chosen «${chosen}»`);
				const said = await page.locator('.arshline-field__date').innerText();
				check(/^تاریخ: (شنبه|یکشنبه|دوشنبه|سه‌شنبه|چهارشنبه|پنجشنبه|جمعه)، [۰-۹]{1,2} [^\s]+ [۰-۹]{4}$/.test(said), `read back «${said}»`);
				check(await page.locator('[data-field="visit"] .arshline-field__error').isHidden(), 'the date error cleared');
				// A day before the question's min cannot be chosen.
				await open.click();
				for (let i = 0; i < 40; i++) {
					await page.keyboard.press('Shift+PageUp');
				}
				const first = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
				check(/فروردین ۱۴۰۳$/.test(first), `the earliest day is 1 Farvardin 1403: «${first}»`);
				check(await dialog.getByRole('button', { name: 'سال قبل' }).isDisabled(), 'no earlier year');
				await page.keyboard.press('Escape');
			});
			await step(page, 'dates typed on a phone keyboard: no «/» needed, impossible days flagged as typed', async () => {
				const input = page.locator('[name="arshline[visit]"]');
				await input.fill('');
				await input.pressSequentially('۱۴۰۴۱۲۳۰');
				const error = page.locator('[data-field="visit"] .arshline-field__error');
				await error.waitFor();
				check((await error.innerText()).includes('۲۹ روز'), `«${await error.innerText()}»`);
				await input.fill('1405 2 7');
				await page.locator('[name="arshline[rate]"]').first().focus();
				check((await input.inputValue()) === '۱۴۰۵/۰۲/۰۷', `tidied to «${await input.inputValue()}»`);
				check(await error.isHidden(), 'no error');
				check((await page.locator('.arshline-field__date').innerText()).includes('اردیبهشت ۱۴۰۵'), 'read back');
			});
			await step(page, 'the send: one request, the tracking code in Persian digits', async () => {
				await page.locator('[name="arshline[mobile]"]').fill('۰۹۱۲ ۳۴۵ ۶۷۸۹');
				await page.locator('[name="arshline[pet_name]"]').fill('پیشی');
				await page.getByLabel('۴', { exact: true }).check();
				await page.getByLabel('معاینه', { exact: true }).check();
				await page.getByLabel('پذیرش: خوب', { exact: true }).check();
				await page.getByLabel('پزشک: خوب', { exact: true }).check();
				await page.waitForTimeout(3200);
				const before = wp.length;
				await page.getByRole('button', { name: 'ارسال' }).click();
				const code = page.locator('.arshline-form__code strong');
				await code.waitFor();
				check(faDigits(await code.innerText()) && (await code.innerText()).length === 10, `code «${await code.innerText()}»`);
				check(wp.length - before === 1, `the send took ${wp.length - before} requests: ${wp.slice(before).join(', ')}`);
				await snap(page, 'thanks');
				await axe(page, 'thanks');
			});
			check(errors.length === 0, `browser errors:\n${errors.join('\n')}`);
		});

		await withPage(browser, PHONE, async (page, errors) => {
			const wp = countWordPress(page);
			await step(page, 'one visit is two requests to WordPress: the page and the send', async () => {
				await page.goto(link);
				await page.locator('.arshline-form[data-arshline-ready]').waitFor();
				await fillAll(page);
				await page.waitForTimeout(3200);
				await page.getByRole('button', { name: 'ارسال' }).click();
				await page.locator('.arshline-form__code strong').waitFor();
				metrics['requests to WordPress per visit (page + send)'] = wp.length;
				metrics['requests of the visit'] = wp;
				check(wp.length === 2, `a visit took ${wp.length} requests: ${wp.join(', ')}`);
			});
			check(errors.length === 0, `browser errors:\n${errors.join('\n')}`);
		});

		await withPage(browser, PHONE, async (page, errors) => {
			await step(page, 'a send sooner than a person reads: told how long, sent again by itself', async () => {
				await page.goto(link);
				await page.locator('.arshline-form[data-arshline-ready]').waitFor();
				await fillAll(page);
				await page.getByRole('button', { name: 'ارسال' }).click();
				await page.locator('.arshline-form__live', { hasText: 'ثانیهٔ دیگر خودش دوباره فرستاده می‌شود' }).waitFor();
				check(await page.locator('.arshline-form__summary').isHidden(), 'not under «please correct»');
				await snap(page, 'too-soon');
				await page.locator('.arshline-form__code strong').waitFor();
			});
			check(errors.length === 0, `browser errors:\n${errors.join('\n')}`);
		});

		await withPage(browser, PHONE, async (page, errors) => {
			const wp = countWordPress(page);
			await step(page, 'a cached page: its old token replaced at the first touch, before the send', async () => {
				await page.goto(link);
				await page.locator('.arshline-form[data-arshline-ready]').waitFor();
				// As a full-page cache would serve it ten minutes later.
				await page.evaluate(() => document.querySelector('[name=arshline_form_token]').setAttribute('data-issued-at', String(Math.floor(Date.now() / 1000) - 600)));
				const old = await page.locator('[name=arshline_form_token]').inputValue();
				const fetched = page.waitForResponse((r) => /public\/forms\/[A-Za-z0-9_-]+(&|$)/.test(decodeURIComponent(r.url())) && r.request().method() === 'GET');
				await page.locator('[name="arshline[name]"]').tap();
				await fetched;
				await page.waitForFunction((o) => document.querySelector('[name=arshline_form_token]').value !== o, old);
				check(wp.length === 2, `page + one token: ${wp.join(', ')}`);
			});
			await step(page, 'a refused token: a fresh one and the send again, by itself', async () => {
				await fillAll(page);
				await page.evaluate(() => {
					document.querySelector('[name=arshline_form_token]').value = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
				});
				await page.getByRole('button', { name: 'ارسال' }).click();
				await page.locator('.arshline-form__code strong').waitFor({ timeout: 30000 });
				check(await page.locator('.arshline-form__summary:not([hidden])').count() === 0, 'the visitor saw no error');
			});
			check(errors.length === 0, `browser errors:\n${errors.join('\n')}`);
		});

		// Without the form's script (its file never arrives): the page as
		// PHP renders it. The browser keeps its JavaScript, for axe-core.
		await withPage(browser, PHONE, async (page) => {
			await step(page, 'without JavaScript: which answer a question follows, and every error at once', async () => {
				await page.route(/\/build\/public\.js/, (route) => route.abort());
				await page.goto(link);
				const note = await page.locator('[data-field="pet_name"] .arshline-field__when').innerText();
				check(note === 'فقط اگر به «حیوان خانگی دارید؟» پاسخ «بله» دادید.', `note «${note}»`);
				await page.locator('[name="arshline[name]"]').fill('علی');
				const [refused] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'ارسال' }).click()]);
				check(refused.status() === 429 || refused.status() === 422, `status ${refused.status()}`);
				if (refused.status() === 429) {
					// Sent sooner than a person reads: told how long to wait, no answer to fix.
					check((await page.locator('.arshline-form__notice').innerText()).includes('ثانیهٔ دیگر'), 'says how long to wait');
					check(await page.locator('.arshline-form__summary').isHidden(), 'not under «please correct»');
					await snap(page, 'nojs-too-soon');
					await page.waitForTimeout(3200);
					const [again] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'ارسال' }).click()]);
					check(again.status() === 422, `then ${again.status()}`);
				}
				const invalid = await page.locator('.arshline-field--invalid').evaluateAll((ws) => ws.map((w) => w.getAttribute('data-field')));
				check(JSON.stringify(invalid) === JSON.stringify(['mobile', 'pet', 'visit', 'rate', 'services', 'grid']), `invalid: ${invalid}`);
				check((await page.locator('[name="arshline[name]"]').inputValue()) === 'علی', 'kept');
				await snap(page, 'nojs-errors');
				await axe(page, 'nojs-errors');
			});
		});

		// A mobile number proved by a code texted through the Kavenegar
		// stand-in: a wrong code says the tries left, the right one is
		// taken and the stored answer is marked verified; on a second
		// number, every try wrong burns the code, even for the right one.
		// (A code's expiry is covered by daemon/submissions/otp_test.go
		// «a code expires» and the plugin's PublicOTPTest: the e2e's
		// daemon keeps the shipped five-minute life.)
		const otp = await otpForm();
		await withPage(browser, PHONE, async (page, errors) => {
			const code = page.locator('[name="arshline_otp[mobile]"]');
			const error = page.locator('[data-field="mobile"] .arshline-field__error');
			let texted = '';
			await step(page, 'a mobile verified by SMS: the code texted, its input shown, a resend held back', async () => {
				await page.goto(otp.link);
				await page.locator('.arshline-form[data-arshline-ready]').waitFor();
				check(await code.isHidden(), 'no code input before a code is sent');
				await page.locator('[name="arshline[name]"]').fill('نیلوفر');
				await page.locator('[name="arshline[mobile]"]').fill('۰۹۱۲ ۳۳۳ ۴۴۵۵');
				const before = smsCount();
				await page.getByRole('button', { name: 'ارسال کد تأیید' }).click();
				await code.waitFor({ state: 'visible' });
				const status = await page.locator('[data-field="mobile"] .arshline-otp__status').innerText();
				check(status.includes('۰۹۱۲***۴۴۵۵') && status.includes('پیامک شد'), `status «${status}»`);
				check(await page.evaluate(() => document.activeElement.name === 'arshline_otp[mobile]'), 'the code input is focused');
				const btn = page.locator('[data-field="mobile"] .arshline-otp__send');
				check(await btn.isDisabled() && /کد تازه تا [۰-۹]+ ثانیهٔ دیگر/.test(await btn.innerText()), `the button waits: «${await btn.innerText()}»`);
				texted = lastCode(before, '09123334455');
				await snap(page, 'otp-sent');
				await axe(page, 'otp-sent');
			});
			await step(page, 'a wrong code: said under the question with the tries left', async () => {
				await page.waitForTimeout(3200);
				await code.fill(wrongOf(texted));
				check((await sendForm(page)).status() === 422, 'the wrong code refused');
				await error.waitFor();
				const said = await error.innerText();
				check(said === 'کد درست نیست؛ ۴ بار دیگر می‌توانید امتحان کنید', `«${said}»`);
				check(await page.locator('.arshline-form__code').count() === 0, 'no thank-you');
				await snap(page, 'otp-wrong');
			});
			await step(page, 'the right code: the thank-you with its tracking code, the number stored as verified', async () => {
				await code.fill(texted.replace(/[0-9]/g, (d) => fa.format(Number(d)))); // typed on a Persian keyboard
				const sent = await sendForm(page);
				check(sent.status() === 201, `the send answered ${sent.status()}`);
				const tracking = page.locator('.arshline-form__code strong');
				await tracking.waitFor();
				check(faDigits(await tracking.innerText()) && (await tracking.innerText()).length === 10, `code «${await tracking.innerText()}»`);
				// The public answer names no entry: the form's one entry is this send's.
				const list = await rpc('submissions.list', { form_id: otp.id, limit: 10, actor: ADMIN });
				check(list.items.length === 1, `${list.items.length} entries stored, not one`);
				const entry = await rpc('submissions.get', { form_id: otp.id, id: list.items[0].id, actor: ADMIN });
				const answers = entry.answers || (entry.submission && entry.submission.answers) || [];
				const mobile = answers.find((a) => a.field === 'mobile');
				check(mobile && mobile.verified === true, `the stored mobile: ${JSON.stringify(mobile)}`);
				const name = answers.find((a) => a.field === 'name');
				check(name && !name.verified, `the name is not marked verified: ${JSON.stringify(name)}`);
				await snap(page, 'otp-done');
				await axe(page, 'otp-done');
			});
			check(errors.length === 0, `browser errors:\n${errors.join('\n')}`);
		});
		await withPage(browser, PHONE, async (page, errors) => {
			const code = page.locator('[name="arshline_otp[mobile]"]');
			const error = page.locator('[data-field="mobile"] .arshline-field__error');
			await step(page, 'every try wrong: the code burnt, the right one then refused as gone, a new code asked for', async () => {
				await page.goto(otp.link);
				await page.locator('.arshline-form[data-arshline-ready]').waitFor();
				await page.locator('[name="arshline[mobile]"]').fill('09351112233');
				const before = smsCount();
				await page.getByRole('button', { name: 'ارسال کد تأیید' }).click();
				await code.waitFor({ state: 'visible' });
				const texted = lastCode(before, '09351112233');
				await page.waitForTimeout(3200);
				for (let left = 4; left >= 0; left--) {
					await code.fill(wrongOf(texted));
					check((await sendForm(page)).status() === 422, 'refused');
					const want = left > 0 ? `کد درست نیست؛ ${fa.format(left)} بار دیگر می‌توانید امتحان کنید` : 'کد بیش از حد نادرست وارد شد و دیگر کار نمی‌کند؛ کد تازه بخواهید';
					await page.waitForFunction((w) => document.querySelector('[data-field="mobile"] .arshline-field__error').textContent === w, want, { timeout: 10000 }).catch(() => {});
					await page.waitForFunction(() => !document.querySelector('.arshline-form__submit').disabled);
					const said = await error.innerText();
					check(said === want, `try ${5 - left}: «${said}», not «${want}»`);
				}
				await snap(page, 'otp-burnt');
				await code.fill(texted);
				const refused = await sendForm(page);
				check(refused.status() === 422, `the right code after the burn answered ${refused.status()}`);
				// A burnt code is gone: the daemon answers as for an expired one.
				check(JSON.stringify(await refused.json()).includes('otp_expired'), 'refused as gone');
				const gone = 'کد منقضی شده یا برای این شماره فرستاده نشده است؛ کد تازه بخواهید';
				await page.waitForFunction((w) => document.querySelector('[data-field="mobile"] .arshline-field__error').textContent === w, gone, { timeout: 10000 }).catch(() => {});
				const after = await error.innerText();
				check(after === gone, `the right code after the burn: «${after}»`);
				check(await page.locator('.arshline-form__code').count() === 0, 'no thank-you');
				check(smsCount() === before + 1, 'one text for this number');
				await axe(page, 'otp-burnt');
			});
			check(errors.length === 0, `browser errors:\n${errors.join('\n')}`);
		});

		await withPage(browser, PHONE, async (page) => {
			await step(page, 'slow 3G and a CPU four times slower: time to a usable form', async () => {
				const cdp = await page.context().newCDPSession(page);
				await cdp.send('Network.enable');
				// DevTools' "Slow 3G" preset: 2 s round trips, 400 kbit/s each way.
				await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 2000, downloadThroughput: 50000, uploadThroughput: 50000 });
				await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
				const t0 = Date.now();
				await page.goto(link, { waitUntil: 'commit', timeout: 120000 });
				await page.locator('[name="arshline[name]"]').waitFor({ state: 'visible', timeout: 120000 });
				const visible = Date.now() - t0;
				await page.locator('.arshline-form[data-arshline-ready]').waitFor({ timeout: 120000 });
				const usable = Date.now() - t0;
				const nav = await page.evaluate(() => {
					const n = performance.getEntriesByType('navigation')[0];
					const fcp = performance.getEntriesByName('first-contentful-paint')[0];
					return { ttfb: Math.round(n.responseStart), domContentLoaded: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd), fcp: fcp ? Math.round(fcp.startTime) : null };
				});
				metrics['slow 3G, 4x CPU'] = { 'form visible ms': visible, 'form usable (script ready) ms': usable, ...nav };
				await snap(page, 'slow-3g');
			});
		});
	} finally {
		await browser.close();
	}
	const size = (f) => {
		const b = readFileSync(join(BUILD, f));
		return { bytes: b.length, gzip: gzipSync(b, { level: 9 }).length };
	};
	metrics['public.js'] = size('public.js');
	metrics['public.css'] = size('public.css');
	metrics['public JS+CSS gzip bytes'] = metrics['public.js'].gzip + metrics['public.css'].gzip;
	check(metrics['public.js'].gzip <= 35 * 1024, `public.js is ${metrics['public.js'].gzip} bytes gzip, over 35 KB`);
	writeFileSync(join(ART, 'visitor-metrics.json'), JSON.stringify(metrics, null, 2));
	console.log(`e2e: visitor metrics: ${JSON.stringify(metrics)}`);
}

/** Every required answer, as a visitor who needs no second try. */
async function fillAll(page) {
	await page.locator('[name="arshline[name]"]').fill('سارا');
	await page.locator('[name="arshline[mobile]"]').fill('09121112233');
	await page.getByLabel('خیر', { exact: true }).check();
	await page.locator('[name="arshline[visit]"]').fill('۱۴۰۵/۰۱/۱۵');
	await page.getByLabel('۵', { exact: true }).check();
	await page.getByLabel('واکسن', { exact: true }).check();
	await page.getByLabel('پذیرش: بد', { exact: true }).check();
	await page.getByLabel('پزشک: خوب', { exact: true }).check();
}

async function withPage(browser, options, fn) {
	const { ctx, page, errors } = await newPage(browser, options);
	try {
		await fn(page, errors);
	} finally {
		await ctx.close();
	}
}

run(main, () => 'e2e: visitor passed');
