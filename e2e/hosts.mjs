// The two-host pass: one WordPress behind a load balancer (balancer.mjs)
// on two PHP servers, each with its own arshlined, both daemons on one
// MariaDB store. The browser moves between the hosts as a balancer may
// move a person, and each step passes only if what one host wrote is what
// the other reads: a plan executed through host A is undone through B; a
// form built and published through A gets its notification through B and
// is answered by a visitor whose page came from A and whose send went to
// B; a second visitor through A is refused the same unique answer; the
// admin's text is sent once, by whichever daemon claimed it; the admin
// reads the entry, the results and the CSV through A; a visitor on no
// sticky session sends a file in chunks, each reaching the host whose
// daemon holds the upload (the plugin's cookie); a Hosha2 job
// running on A is watched and cancelled through B; the model-call budget
// is spent once by both hosts. Each daemon's event log must show the
// calls of its own host, so a host talking to the other's daemon fails.
// .ci/e2e.sh runs it after the one-host tests with:
//   E2E_URL (the balancer), E2E_USER, E2E_PASS, E2E_CHROMIUM, E2E_ARTIFACTS,
//   E2E_SOCKET_{A,B}, E2E_LOG_{A,B} (the daemons' event logs),
//   E2E_BALANCER_LOG, E2E_SMS_URL, E2E_SMS_KEY, E2E_SMS_LOG
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, check, env, fa, fileLines, launch, newPage, openPage, rest as restCall, rpc, run, smsLines, steps } from './harness.mjs';

const URL_ = env('E2E_URL');
const ART = env('E2E_ARTIFACTS');
const AI = `${URL_}/wp-admin/admin.php?page=arshline-sidecar-ai`;
const FORM_PAGE = (id, tab) => `${URL_}/wp-admin/admin.php?page=arshline-sidecar-form&form=${id}&tab=${tab}`;
const SOCKET = { a: env('E2E_SOCKET_A'), b: env('E2E_SOCKET_B') };
const LOG = { a: env('E2E_LOG_A'), b: env('E2E_LOG_B') };
// Where the form's notification texts go: a number no other test texts.
const ADMIN_MOBILE = '09127770011';
const { snap, step, timings } = steps('hosts-', 'two hosts: ');

/** The host the balancer sends this browser's next requests to. */
async function useHost(ctx, host) {
	await ctx.addCookies([{ name: 'arshline_e2e_host', value: host, url: URL_ }]);
}

/** The lines of each daemon's event log that hold every one of `parts`. */
function logged(...parts) {
	const count = (file) => fileLines(file).filter((l) => parts.every((p) => l.includes(p))).length;
	return { a: count(LOG.a), b: count(LOG.b) };
}

/** How many times each daemon has served `method`. */
function served(method) {
	return logged('"evt":"rpc_call"', `"method":"${method}"`);
}

/**
 * Runs fn, then checks that the daemon of `host` served `method` (count
 * times, or at least once when count is omitted) and the other daemon
 * never did, waiting out the event log's flush delay.
 */
async function expectServed(method, host, fn, count = 0) {
	const other = host === 'a' ? 'b' : 'a';
	const before = served(method);
	const out = await fn();
	const ok = (now) => (count ? now[host] - before[host] === count : now[host] > before[host]) && now[other] === before[other];
	let now = served(method);
	for (let i = 0; i < 20 && !ok(now); i++) {
		await new Promise((r) => setTimeout(r, 100));
		now = served(method);
	}
	check(ok(now), `${method} served by the daemons ${JSON.stringify(before)} → ${JSON.stringify(now)}: expected ${count || 'some'} by ${host}'s, none by ${other}'s`);
	return out;
}

/** REST call through host `host` with the logged-in cookies; checks the balancer sent it there. */
async function rest(page, host, method, route, { body, hosha2 = null, query = '' } = {}) {
	const r = await restCall(page, method, route, { body, hosha2, query, headers: { 'X-E2E-Host': host } });
	check(r.headers['x-e2e-host'] === host, `${method} ${route} was served by ${r.headers['x-e2e-host']}, not ${host}`);
	return r;
}

/** The texts the Kavenegar stand-in took for `to`. */
function textsTo(to) {
	return smsLines().filter((l) => l.to === to);
}

async function main() {
	const browser = await launch();
	const { ctx, page, errors } = await newPage(browser, { locale: 'fa-IR', viewport: { width: 1280, height: 1000 } }, { dialogs: true });
	const t0 = performance.now();
	try {
		await step(page, 'log in through A; each host\'s admin page reaches its own daemon', async () => {
			await useHost(ctx, 'a');
			await page.goto(`${URL_}/wp-login.php`);
			await page.fill('#user_login', env('E2E_USER'));
			await page.fill('#user_pass', env('E2E_PASS'));
			await Promise.all([page.waitForURL(/\/wp-admin\/?/), page.click('#wp-submit')]);
			for (const host of ['a', 'b']) {
				await useHost(ctx, host);
				await expectServed('forms.list', host, async () => {
					await openPage(page);
					await page.locator('#arsh-health.arsh-ok').waitFor();
					// The page's own calls are over before the other host's turn.
					await page.waitForLoadState('networkidle');
				});
			}
			await useHost(ctx, 'a');
		});

		await step(page, 'a plan executed through A is undone through B', async () => {
			await openPage(page, AI);
			const made = await expectServed('ai.execute', 'a', async () => {
				await page.getByLabel('به زبان خودتان بنویسید ارشلاین چه کند').fill('یک فرم جدید بساز و دو سوال پاسخ کوتاه اضافه کن، اسم فرم را دو میزبان بگذار');
				await page.getByRole('button', { name: 'پیش‌نمایش', exact: true }).click();
				await page.locator('#arsh-preview').waitFor({ state: 'visible' });
				await page.getByRole('button', { name: 'تأیید و اجرا' }).click();
				await page.locator('#arsh-results').waitFor({ state: 'visible' });
				const listed = await rest(page, 'a', 'GET', '/arshline/v1/forms');
				const mine = Array.isArray(listed.body) ? listed.body.find((f) => f.title === 'دو میزبان') : null;
				check(mine, `the form the plan made is not listed through A: ${JSON.stringify(listed.body).slice(0, 300)}`);
				return mine.id;
			}, 1);
			const onB = await rest(page, 'b', 'GET', `/arshline/v1/forms/${made}`);
			check(onB.status === 200 && onB.body.document.fields.length === 2 && onB.body.version_count === 3, `host B reads the form A made: ${onB.status} ${JSON.stringify(onB.body).slice(0, 200)}`);
			await snap(page, 'executed-on-a');
			// The balancer moves the admin to B between the execute and the undo.
			await useHost(ctx, 'b');
			await expectServed('ai.undo', 'b', async () => {
				await page.getByRole('button', { name: 'بازگردانی همه' }).click();
				await page.locator('#arsh-plan-msg', { hasText: 'بازگردانی شد' }).waitFor();
			}, 1);
			const msg = await page.locator('#arsh-plan-msg').innerText();
			check(msg.includes(`${fa.format(3)} تغییر بازگردانی شد`), `undo message: ${msg}`);
			const onA = await rest(page, 'a', 'GET', `/arshline/v1/forms/${made}`);
			check(onA.status === 404 && onA.body.code === 'arshline_not_found', `host A after B's undo: ${onA.status}`);
			await snap(page, 'undone-on-b');
			await useHost(ctx, 'a');
		});

		let form = null;
		await step(page, 'a form built and published through A, its notification saved through B on A\'s version', async () => {
			form = await buildForm(page);
			// The site's SMS provider, set on B's daemon: the admin's texts
			// go to the stand-in, whichever daemon sends them.
			await rpc('sms.settings.set', { provider: 'kavenegar', api_key: env('E2E_SMS_KEY'), sender: '10004346', base_url: env('E2E_SMS_URL'), admin_mobile: ADMIN_MOBILE, actor: ADMIN }, SOCKET.b);
			const got = await rest(page, 'b', 'GET', `/arshline/v1/forms/${form.id}`);
			check(got.status === 200 && got.body.status === 'published', `host B reads the published form: ${got.status} ${got.body.status}`);
			const document = got.body.document;
			document.settings = { ...(document.settings || {}), notifications: [{ channel: 'sms', to: 'admin', template: `دو میزبان: {{${form.name}}} ({{tracking_code}})` }] };
			const saved = await rest(page, 'b', 'POST', `/arshline/v1/forms/${form.id}/document`, { body: { document, expected_version_id: got.body.head_version_id } });
			check(saved.status === 200 || saved.status === 201, `the notification saved through B: ${saved.status} ${JSON.stringify(saved.body).slice(0, 300)}`);
			const stale = await rest(page, 'a', 'POST', `/arshline/v1/forms/${form.id}/document`, { body: { document, expected_version_id: got.body.head_version_id } });
			check(stale.status === 409, `a save through A on the version B replaced: ${stale.status}`);
		});

		const tracking = await visitorSteps(browser, form);
		await uploadSteps(browser);
		let sent = null;

		await step(page, 'the admin\'s text: sent once, by whichever daemon claimed it', async () => {
			let texts = [];
			for (let i = 0; i < 150 && texts.length === 0; i++) {
				await page.waitForTimeout(200);
				texts = textsTo(ADMIN_MOBILE);
			}
			check(texts.length === 1, `${texts.length} texts to the admin's number`);
			check(texts[0].message.includes('دو میزبان: مریم') && (texts[0].message.includes(tracking.latin) || texts[0].message.includes(tracking.persian)), `the text: «${texts[0].message}», tracking code ${tracking.latin}`);
			// Both daemons' workers look at the outbox every second: a
			// second claim would have had time to happen.
			await page.waitForTimeout(1500);
			check(textsTo(ADMIN_MOBILE).length === 1, `${textsTo(ADMIN_MOBILE).length} texts to the admin's number after a wait`);
			sent = logged('"evt":"notification_sent"', `"form_id":${form.id},`);
			check(sent.a + sent.b === 1, `notification_sent in the daemons' logs: ${JSON.stringify(sent)}`);
		});
		console.log(`e2e: two hosts: the text was sent by host ${sent.a ? 'a' : 'b'}'s daemon`);

		await step(page, 'the entry, the results and the CSV read through A', async () => {
			await openPage(page, FORM_PAGE(form.id, 'entries'));
			await page.locator('#arsh-ent-body tr[data-id]').first().waitFor();
			const rows = await page.locator('#arsh-ent-body tr[data-id]').allInnerTexts();
			check(rows.length === 1 && rows[0].includes('مریم'), `entries: ${rows.join(' | ')}`);
			await page.locator('#arsh-ent-body tr[data-id]').first().getByRole('button').click();
			await page.locator('#arsh-ent-detail:not([hidden])').waitFor();
			const detail = await page.locator('#arsh-ent-detail-list').innerText();
			check(detail.includes('مریم') && /09127770022|۰۹۱۲۷۷۷۰۰۲۲/.test(detail), `the entry does not show the answers:\n${detail}`);
			const sid = Number(await page.locator('#arsh-ent-body tr[data-id]').first().getAttribute('data-id'));
			const entry = await rest(page, 'a', 'GET', `/arshline/v1/forms/${form.id}/submissions/${sid}`);
			const deliveries = entry.body.deliveries || (entry.body.submission && entry.body.submission.deliveries) || [];
			check(deliveries.length === 1 && deliveries[0].status === 'sent' && deliveries[0].attempts === 1, `the entry's deliveries: ${JSON.stringify(deliveries)}`);
			await snap(page, 'entry-on-a');
			await page.goto(FORM_PAGE(form.id, 'results'), { waitUntil: 'domcontentloaded' });
			await page.locator('#arsh-res-total', { hasText: fa.format(1) }).waitFor();
			const link = page.locator('#arsh-res-csv');
			const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), link.click()]);
			check(!(await download.failure()), `the CSV download failed: ${await download.failure()}`);
			const csv = readFileSync(await download.path(), 'utf8');
			writeFileSync(join(ART, 'hosts-export.csv'), csv);
			const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
			check(lines.length === 2 && lines[1].includes('مریم') && /09127770022|۰۹۱۲۷۷۷۰۰۲۲/.test(lines[1]), `the CSV: ${JSON.stringify(lines)}`);
			await snap(page, 'results-on-a');
		});

		await step(page, 'Hosha2: a job running on A, its progress read and the job cancelled through B', async () => {
			await openPage(page, AI);
			const made = await rest(page, 'a', 'POST', '/arshline/v1/forms', { body: { title: 'تولید روی دو میزبان' } });
			check(made.status === 201, `create: ${made.status}`);
			const id = made.body.form.id;
			const reqId = `e2eb${Date.now().toString(16)}`.slice(0, 16);
			await expectServed('hosha2.generate', 'a', async () => {
				const pending = rest(page, 'a', 'POST', `/hosha2/v1/forms/${id}/generate`, { body: { prompt: 'فرم [slow] برای لغو از میزبان دیگر', wait: true, req_id: reqId }, hosha2: 'generate' });
				let progress = null;
				const deadline = Date.now() + 10000;
				while (Date.now() < deadline) {
					await page.waitForTimeout(200);
					progress = await rest(page, 'b', 'GET', `/hosha2/v1/requests/${reqId}/progress`);
					if (progress.status === 200 && progress.body.progress_percent > 0) {
						break;
					}
				}
				// A's job writes its row at every phase; it waits for the model now.
				check(progress.status === 200 && progress.body.status === 'running' && progress.body.progress_percent > 0 && progress.body.progress_percent < 1, `progress through B: ${progress.status} ${JSON.stringify(progress.body).slice(0, 300)}`);
				const t = performance.now();
				await expectServed('hosha2.cancel', 'b', async () => {
					const cancelled = await rest(page, 'b', 'POST', `/hosha2/v1/requests/${reqId}/cancel`, { hosha2: 'cancel' });
					check(cancelled.status === 200 && cancelled.body.success === true, `cancel through B: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
				}, 1);
				const r = await pending;
				check(r.status === 499 && r.body.cancelled === true && r.body.error.code === 'request_cancelled', `the generation on A answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
				// Stopped by the cancel, not by the fake model's slow answer (8 s).
				check(performance.now() - t < 5000, `A's job took ${Math.round(performance.now() - t)} ms to stop`);
			}, 1);
		});

		let budget = '';
		await step(page, 'the model-call budget is one for both hosts: alternating, the 429 comes within one host\'s budget', async () => {
			// --rate-per-minute is 10 per user; kept per host, alternating
			// hosts would admit 20 before a refusal.
			const admitted = { a: 0, b: 0 };
			let limited = null;
			for (let i = 0; i < 12 && !limited; i++) {
				const host = i % 2 ? 'b' : 'a';
				const r = await rest(page, host, 'POST', '/arshline/v1/ai/plan', { body: { text: `فرم دو میزبان ${i} را منتشر کن، اسم فرم را سهمیه ${i} بگذار`, mode: 'llm' } });
				if (r.status === 429) {
					limited = { host, r };
				} else {
					check(r.status === 200, `plan ${i} through ${host}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
					admitted[host]++;
				}
			}
			check(limited, `twelve model calls through both hosts were never limited (admitted ${JSON.stringify(admitted)})`);
			check(admitted.a + admitted.b <= 10 && admitted.a > 0 && admitted.b > 0, `admitted before the 429: ${JSON.stringify(admitted)}`);
			check(limited.r.body.code === 'arshline_rate_limit' && Number(limited.r.headers['retry-after']) >= 1, `429 through ${limited.host}: ${JSON.stringify(limited.r.body)}`);
			budget = `model calls admitted ${JSON.stringify(admitted)}, then 429 through ${limited.host}`;
		});
		console.log(`e2e: two hosts: ${budget}`);

		check(errors.length === 0, `browser errors:\n${errors.join('\n')}`);
		const log = readFileSync(env('E2E_BALANCER_LOG'), 'utf8').split('\n').filter(Boolean);
		const per = { a: log.filter((l) => l.startsWith('a ')).length, b: log.filter((l) => l.startsWith('b ')).length };
		console.log(`e2e: two hosts: ${timings.length} steps in ${Math.round(performance.now() - t0)} ms; requests served a=${per.a} b=${per.b}`);
	} finally {
		writeFileSync(join(ART, 'hosts-timings.json'), JSON.stringify(timings, null, 2));
		await browser.close();
	}
}

/**
 * The builder through A: a name and a mobile that is unique (one entry
 * per number), saved and published. Returns the form's id, link and the
 * questions' ids.
 */
async function buildForm(page) {
	await openPage(page);
	const made = await rest(page, 'a', 'POST', '/arshline/v1/forms', { body: { title: 'فرم دو میزبان' } });
	check(made.status === 201, `create: ${made.status}`);
	const id = made.body.form.id;
	await openPage(page, FORM_PAGE(id, 'build'));
	await page.locator('#arsh-builder:not([hidden])').waitFor();
	await page.locator('#arsh-b-fields li.arsh-b-empty').waitFor();
	const open = () => page.locator('#arsh-b-fields li.is-open');
	const ctl = (label) => open().getByLabel(label, { exact: true });
	const add = async (type, label) => {
		await page.getByLabel('افزودن پرسش از نوع').selectOption(type);
		await page.getByRole('button', { name: 'افزودن پرسش', exact: true }).click();
		await ctl('پرسش').fill(label);
	};
	await add('text', 'نام');
	await ctl('الزامی').check();
	await add('text', 'موبایل');
	await ctl('قالب پاسخ').selectOption('mobile_ir');
	await ctl('الزامی').check();
	await ctl('هر نفر یک‌بار (پاسخ تکراری پذیرفته نشود)').check();
	// The preview is the public form's own markup, in a frame.
	const preview = page.frameLocator('#arsh-b-preview iframe.arsh-server-preview');
	for (const until = Date.now() + 15000; (await preview.locator('.arshline-field').count().catch(() => 0)) !== 2; ) {
		check(Date.now() < until, 'the preview does not show the two questions');
		await page.waitForTimeout(200);
	}
	await expectServed('forms.update', 'a', async () => {
		await page.click('#arsh-b-save');
		await page.locator('#arsh-builder-msg .notice-success').waitFor();
	}, 1);
	await page.click('#arsh-b-publish_form');
	await page.locator('#arsh-builder-msg .arsh-undo-form').waitFor();
	await snap(page, 'built-on-a');
	const got = await rest(page, 'a', 'GET', `/arshline/v1/forms/${id}`);
	const fields = got.body.document.fields;
	check(got.body.status === 'published' && fields.length === 2 && fields[1].unique === true && fields[1].format === 'mobile_ir', `the form as A saved it: ${JSON.stringify(got.body).slice(0, 400)}`);
	return { id, link: `${URL_}/?arshline_form=${got.body.public_token}`, name: fields[0].id, mobile: fields[1].id };
}

/**
 * Two visitors on phones: the first loads the form through A and sends it
 * through B (a token one daemon issued, the other accepts); the second,
 * through A, is refused the same mobile number. Returns the first's
 * tracking code, in Persian digits as shown and in Latin ones.
 */
async function visitorSteps(browser, form) {
	const PHONE = { locale: 'fa-IR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
	const field = (p, id) => p.locator(`[name="arshline[${id}]"]`);
	const isSend = (r) => /\/submissions(&|$)/.test(decodeURIComponent(r.url())) && r.request().method() === 'POST';
	let tracking = null;
	const ctx = await browser.newContext(PHONE);
	const page = await ctx.newPage();
	page.setDefaultTimeout(20000);
	try {
		await step(page, 'a visitor loads the form through A and sends it through B: the tracking code', async () => {
			await useHost(ctx, 'a');
			await expectServed('forms.public', 'a', async () => {
				await page.goto(form.link);
				await page.locator('.arshline-form[data-arshline-ready]').waitFor();
			});
			await field(page, form.name).fill('مریم');
			await field(page, form.mobile).fill('۰۹۱۲۷۷۷۰۰۲۲');
			await useHost(ctx, 'b');
			await page.waitForTimeout(3300); // the daemon refuses a form sent sooner than a person reads
			const answer = await expectServed('submissions.submit', 'b', async () => {
				const [r] = await Promise.all([page.waitForResponse(isSend), page.getByRole('button', { name: 'ارسال' }).click()]);
				return r;
			}, 1);
			check(answer.status() === 201 && answer.headers()['x-e2e-host'] === 'b', `the send: ${answer.status()} through ${answer.headers()['x-e2e-host']}`);
			const code = page.locator('.arshline-form__code strong');
			await code.waitFor();
			const shown = await code.innerText();
			check(/^[۰-۹]{10}$/.test(shown), `tracking code «${shown}»`);
			tracking = { persian: shown, latin: shown.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))) };
			await snap(page, 'sent-through-b');
		});
	} finally {
		await ctx.close();
	}
	const ctx2 = await browser.newContext(PHONE);
	const p2 = await ctx2.newPage();
	p2.setDefaultTimeout(20000);
	try {
		await step(p2, 'a second visitor through A: the same mobile refused as used', async () => {
			await useHost(ctx2, 'a');
			await p2.goto(form.link);
			await p2.locator('.arshline-form[data-arshline-ready]').waitFor();
			await field(p2, form.name).fill('علی');
			await field(p2, form.mobile).fill('09127770022');
			await p2.waitForTimeout(3300);
			const [r] = await Promise.all([p2.waitForResponse(isSend), p2.getByRole('button', { name: 'ارسال' }).click()]);
			check(r.status() === 422 && r.headers()['x-e2e-host'] === 'a', `the second send: ${r.status()} through ${r.headers()['x-e2e-host']}`);
			const error = p2.locator(`[data-field="${form.mobile}"] .arshline-field__error`);
			await error.waitFor();
			const said = await error.innerText();
			check(said === 'این پاسخ پیش‌تر در این فرم ثبت شده است و هر نفر فقط یک‌بار می‌تواند آن را بفرستد', `«${said}»`);
			check((await p2.locator('.arshline-form__code').count()) === 0, 'no thank-you');
			await snap(p2, 'unique-refused-on-a');
		});
	} finally {
		await ctx2.close();
	}
	return tracking;
}

/**
 * A visitor on no sticky session (the balancer sends each request to the
 * hosts in turn) sends a file of three chunks: the plugin's answer to the
 * first chunk names, in the arshline_upload_host cookie, the host whose
 * daemon holds the upload, and the balancer sends the next chunks there;
 * the answers, sent to whichever host, claim the file from the store.
 */
async function uploadSteps(browser) {
	const created = await rpc('forms.create', {
		title: 'پیوست روی دو میزبان',
		status: 'published',
		document: {
			version: 'arshline_form@v1',
			fields: [
				{ id: 'name', type: 'text', label: 'نام', required: true },
				{ id: 'doc', type: 'file', label: 'پیوست', required: true, max_size_kb: 1024 },
			],
		},
		actor: ADMIN,
	}, SOCKET.a);
	const link = `${URL_}/?arshline_form=${created.form.public_token}`;
	const isPost = (r, path) => new RegExp(`/${path}(&|$)`).test(decodeURIComponent(r.url())) && r.request().method() === 'POST';
	const ctx = await browser.newContext({ locale: 'fa-IR', viewport: { width: 390, height: 844 } });
	const page = await ctx.newPage();
	page.setDefaultTimeout(20000);
	const chunks = [];
	page.on('response', (r) => {
		if (isPost(r, 'uploads')) {
			chunks.push(r);
		}
	});
	try {
		await step(page, 'a file of three chunks through no sticky session: each chunk reaches the host holding the upload', async () => {
			await page.goto(link);
			await page.locator('.arshline-form[data-arshline-ready]').waitFor();
			await page.locator('[name="arshline[name]"]').fill('سارا');
			// 600 KiB: three chunks of at most 256 KiB.
			const file = Buffer.alloc(600 * 1024, 'گزارش ماهانه روی دو میزبان\n');
			await page.locator('input[type="file"][name^="arshline_file_doc"]').setInputFiles({ name: 'گزارش.txt', mimeType: 'text/plain', buffer: file });
			await page.waitForTimeout(3300); // the daemon refuses a form sent sooner than a person reads
			// The answers, or a chunk refused (a host that does not hold the
			// upload calls it unknown, and the answers are never sent).
			const awaited = (pred) => page.waitForResponse(pred).catch(() => null);
			const [sent] = await Promise.all([
				Promise.race([awaited((r) => isPost(r, 'submissions')), awaited((r) => isPost(r, 'uploads') && r.status() !== 200)]),
				page.getByRole('button', { name: 'ارسال' }).click(),
			]);
			const served = chunks.map((r) => `${r.status()} ${r.headers()['x-e2e-host']}`);
			check(sent && isPost(sent, 'submissions'), `the answers were not sent; the chunks: ${served.join(', ')}${sent ? `; refused: ${(await sent.text()).slice(0, 300)}` : ''}`);
			check(chunks.length === 3 && chunks.every((r) => r.status() === 200), `the chunks: ${served.join(', ')}`);
			const host = chunks[0].headers()['x-e2e-host'];
			check(chunks.every((r) => r.headers()['x-e2e-host'] === host), `the chunks went to ${served.join(', ')}`);
			const cookie = (await chunks[0].headerValue('set-cookie')) || '';
			check(new RegExp(`(^|\\n)arshline_upload_host=e2e-${host};`).test(cookie) && /; HttpOnly/i.test(cookie) && /; SameSite=Lax/i.test(cookie) &&
				/; path=\/(index\.php|wp-json\/arshline\/v1\/public\/forms\/[^/;]+\/uploads)(;|$)/i.test(cookie), `the first chunk's cookie: «${cookie}»`);
			check(!(await chunks[1].headerValue('set-cookie')), 'a later chunk sets no cookie');
			const body = await chunks[0].json();
			check(!('host' in body), `the host's name is in the chunk's answer: ${JSON.stringify(body)}`);
			check(sent.status() === 201, `the answers with the file, through ${sent.headers()['x-e2e-host']}: ${sent.status()} ${(await sent.text()).slice(0, 300)}`);
			await page.locator('.arshline-form__code strong').waitFor();
			console.log(`e2e: two hosts: the chunks went to ${host}, the answers to ${sent.headers()['x-e2e-host']}`);
			await snap(page, 'upload-on-one-host');
		});
	} finally {
		await ctx.close();
	}
}

run(main, () => 'e2e: two hosts passed');
