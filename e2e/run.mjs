// Browser end-to-end test of the Arshline AI admin page, driven through
// Debian's Chromium with playwright-core. .ci/e2e.sh starts WordPress,
// MariaDB, arshlined and the fake model, then runs this with:
//   E2E_URL, E2E_USER, E2E_PASS, E2E_CHROMIUM, E2E_ARTIFACTS,
//   E2E_FAKE_URL, E2E_HOSTILE_FORM, E2E_PLUGIN_ZIP, E2E_VERSION and the
//   connection test's sockets E2E_SOCKET_{REFUSE,ROOT_ONLY,PROTOCOL2}, and
//   the SMS stand-in's E2E_SMS_URL, E2E_SMS_KEY, E2E_SMS_LOG
// Every step takes a screenshot; any failure exits non-zero.
import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, env, fa, keepNonce, launch, newPage, openPage, parseBody, rest, ROOT, rpc, run, smsLines, steps } from './harness.mjs';
import { inflateRawSync } from 'node:zlib';
import { createServer } from 'node:http';
import { createHmac } from 'node:crypto';

const URL_ = env('E2E_URL');
const ART = env('E2E_ARTIFACTS');
const FAKE = env('E2E_FAKE_URL');
// A 1×1 PNG the visitor uploads with the public form.
const PHOTO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const HOSTILE = env('E2E_HOSTILE_FORM').trim();
// The plugin's pages: Forms (the list), New form, AI commands, Settings,
// and a form's own screen, one tab a page.
const PAGE = `${URL_}/wp-admin/admin.php?page=arshline-sidecar`;
const NEW_FORM = `${URL_}/wp-admin/admin.php?page=arshline-sidecar-new`;
const AI = `${URL_}/wp-admin/admin.php?page=arshline-sidecar-ai`;
const SETTINGS = `${URL_}/wp-admin/admin.php?page=arshline-sidecar-settings`;
const FORM_PAGE = (id, tab) => `${URL_}/wp-admin/admin.php?page=arshline-sidecar-form&form=${id}&tab=${tab}`;
const COMMAND = 'یک فرم جدید بساز و دو سوال پاسخ کوتاه اضافه کن، اسم فرم را چکاپ سه بگذار';
// A spreadsheet formula typed into a text question: the exports must hand
// it back as text (CSV with a leading apostrophe, XLSX as a string cell).
const FORMULA = '=HYPERLINK("http://x","y")';

const { snap, step, timings } = steps('', '');

/** innerText without the left-to-right isolates (U+2066…U+2069) that keep paths and versions whole in Persian. */
async function plainText(locator) {
	return (await locator.innerText()).replace(/[\u2066-\u2069]/g, '');
}

async function formsFromApi(page) {
	const r = await rest(page, 'GET', '/arshline/v1/forms', { query: '&limit=200' });
	check(r.status === 200, `GET forms answered ${r.status}`);
	return r.body;
}

async function main() {
	const browser = await launch();
	const { ctx: context, page, errors: consoleErrors } = await newPage(browser, { locale: 'fa-IR', viewport: { width: 1280, height: 1000 } }, { dialogs: true });

	try {
		await step(page, 'log in', async () => {
			await page.goto(`${URL_}/wp-login.php`);
			await page.fill('#user_login', env('E2E_USER'));
			await page.fill('#user_pass', env('E2E_PASS'));
			await Promise.all([page.waitForURL(/\/wp-admin\/?/), page.click('#wp-submit')]);
			await snap(page, 'logged-in');
		});

		await step(page, 'WordPress in Persian (RTL, Tehran time) with its default theme', async () => {
			check((await page.getAttribute('html', 'dir')) === 'rtl', 'wp-admin is not RTL');
			check((await page.getAttribute('html', 'lang')) === 'fa-IR', `wp-admin lang is ${await page.getAttribute('html', 'lang')}`);
			check((await page.locator('#wpadminbar').innerText()).includes('پیشخوان') || (await page.locator('#adminmenu').innerText()).includes('پیشخوان'), 'the admin menu is not in Persian');
			await page.goto(`${URL_}/wp-admin/options-general.php`);
			check((await page.inputValue('#timezone_string')) === 'Asia/Tehran', 'the time zone is not Asia/Tehran');
			const front = await (await page.request.get(`${URL_}/`)).text();
			check(front.includes('/themes/twentytwentythree/'), 'the front page is not served by twentytwentythree');
		});

		await step(page, 'install the plugin from its zip: Plugins → Add New → Upload Plugin, then activate', async () => {
			await page.goto(`${URL_}/wp-admin/plugin-install.php?tab=upload`);
			await page.setInputFiles('#pluginzip', env('E2E_PLUGIN_ZIP'));
			await snap(page, 'plugin-upload');
			await Promise.all([page.waitForURL(/update\.php\?action=upload-plugin/, { timeout: 60000 }), page.click('#install-plugin-submit')]);
			const activate = page.locator('#wpbody-content a.button-primary[href*="action=activate"][href*="arshline-sidecar"]');
			check((await activate.count()) === 1, `the upload did not install the plugin: ${(await page.locator('#wpbody-content').innerText()).slice(0, 600)}`);
			await snap(page, 'plugin-installed');
			await Promise.all([page.waitForURL(/plugins\.php/), activate.click()]);
			const row = page.locator('tr[data-plugin="arshline-sidecar/arshline-sidecar.php"]');
			check((await row.getAttribute('class')).split(' ').includes('active'), 'the plugin is not active');
			check((await row.innerText()).includes(env('E2E_VERSION')), `the plugin row does not show version ${env('E2E_VERSION')}`);
			await snap(page, 'plugin-activated');
		});

		await step(page, 'open the plugin page (Persian, RTL)', async () => {
			await openPage(page);
			const menu = await page.locator('#adminmenu a[href="admin.php?page=arshline-sidecar"]').first().innerText();
			check(menu.includes('ارشلاین هوشمند'), `menu label is «${menu}»`);
			check((await page.locator('#arshline-sidecar-app h1').innerText()) === 'فرم‌ها', 'page title');
			check((await page.getAttribute('#arshline-sidecar-app', 'dir')) === 'rtl', 'page is not RTL');
			await page.locator('#arsh-health.arsh-ok').waitFor();
			const health = await page.locator('#arsh-health').innerText();
			check(health.includes('فعال است'), `health line: ${health}`);
			// Both versions side by side: the plugin's from its header, the service's from the daemon.
			check(health.includes(`(نسخهٔ ${env('E2E_DAEMON_VERSION')})`), `the health line does not name the service's version ${env('E2E_DAEMON_VERSION')}: ${health}`);
			const own = await plainText(page.locator('#arsh-plugin-version'));
			check(own === `افزونهٔ ارشلاین هوشمند، نسخهٔ ${env('E2E_VERSION')}.`, `plugin version line: «${own}»`);
			await snap(page, 'plugin-page');
		});

		await step(page, 'titles with HTML and bidi controls are shown as text', async () => {
			const cell = page.locator(`#arsh-forms-body tr[data-form-id="${HOSTILE}"] .arsh-title`);
			await cell.waitFor();
			const text = await cell.innerText();
			check(text.includes('<b>فرم خطرناک</b>') && text.includes('<img src=x'), `title cell shows «${text}»`);
			check((await cell.locator('img, b').count()) === 0, 'the title was parsed as HTML');
			check((await page.title()) !== 'pwned', 'a title ran script');
			check((await cell.locator('bdi').count()) === 1, 'the title is not isolated in <bdi>');
		});

		await step(page, 'REST with an application password: no cookie, no nonce; a wrong one refused', async () => {
			await appPasswordSteps(page);
		});

		let formId = 0;
		// The forms list, in a second tab, while the commands run on theirs.
		const list = await context.newPage();
		list.setDefaultTimeout(20000);
		const listRow = async (id) => {
			await list.goto(PAGE, { waitUntil: 'domcontentloaded' });
			await list.locator('#arsh-forms-body tr').first().waitFor();
			return list.locator(`#arsh-forms-body tr[data-form-id="${id}"]`);
		};
		await step(page, 'command → plan preview', async () => {
			await openPage(page, AI);
			await page.getByLabel('به زبان خودتان بنویسید ارشلاین چه کند').fill(COMMAND);
			await page.getByRole('button', { name: 'پیش‌نمایش', exact: true }).click();
			await page.locator('#arsh-preview').waitFor({ state: 'visible' });
			const lines = await page.locator('#arsh-preview-list li').allInnerTexts();
			check(lines.length === 3, `preview has ${lines.length} lines: ${lines.join(' | ')}`);
			check(lines[0].includes('چکاپ سه'), `first preview line: ${lines[0]}`);
			check(/[\u0600-\u06FF]/.test(lines[1]), `preview is not Persian: ${lines[1]}`);
			const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
			check(focused === 'arsh-preview-title', `focus after preview is on ${focused}`);
			await snap(page, 'plan-preview');
		});

		await step(page, 'confirm with the keyboard («تأیید و اجرا»)', async () => {
			await page.keyboard.press('Tab');
			const focused = await page.evaluate(() => document.activeElement && document.activeElement.textContent);
			check(focused === 'تأیید و اجرا', `Tab from the preview reached «${focused}»`);
			await page.keyboard.press('Enter');
			await page.locator('#arsh-results').waitFor({ state: 'visible' });
			const results = await page.locator('#arsh-results-list li').allInnerTexts();
			check(results.length === 3, `results: ${results.join(' | ')}`);
			const forms = await formsFromApi(page);
			const made = forms.find((f) => f.title === 'چکاپ سه');
			check(made, 'the new form is not in forms.list');
			formId = made.id;
			check(made.version_count === 3, `version_count ${made.version_count}, expected 3 (create + two questions)`);
			const row = await listRow(formId);
			await row.waitFor();
			check((await row.locator('.arsh-title').innerText()) === 'چکاپ سه', 'title cell');
			check((await row.locator('.arsh-status').innerText()) === 'پیش‌نویس', 'status cell');
			check((await row.locator('.arsh-version-count').innerText()) === fa.format(made.version_count), 'version count cell');
			const detail = await rest(page, 'GET', `/arshline/v1/forms/${formId}`);
			check(detail.status === 200 && detail.body.document.fields.length === 2, 'the form does not have its two questions');
			await snap(page, 'executed');
		});

		await step(page, 'undo all («بازگردانی همه») removes the form', async () => {
			await page.getByRole('button', { name: 'بازگردانی همه' }).click();
			await page.locator('#arsh-plan-msg', { hasText: 'بازگردانی شد' }).waitFor();
			check((await (await listRow(formId)).count()) === 0, 'the undone form is still in the list');
			const msg = await page.locator('#arsh-plan-msg').innerText();
			check(msg.includes(`${fa.format(3)} تغییر بازگردانی شد`), `undo message: ${msg}`);
			check(await page.locator('#arsh-undo-all').isDisabled(), 'undo stays enabled with nothing left to undo');
			const gone = await rest(page, 'GET', `/arshline/v1/forms/${formId}`);
			check(gone.status === 404 && gone.body.code === 'arshline_not_found', `GET after undo: ${gone.status}`);
			check(/[\u0600-\u06FF]/.test(gone.body.message), 'the 404 message is not Persian');
			await snap(page, 'undone');
		});

		await step(page, 'undo last («بازگردانی آخرین») takes back one step at a time', async () => {
			await page.getByLabel('به زبان خودتان بنویسید ارشلاین چه کند').fill('یک فرم جدید بساز و یک سوال پاسخ کوتاه اضافه کن، اسم فرم را آزمون بازگردانی بگذار');
			await page.getByRole('button', { name: 'پیش‌نمایش', exact: true }).click();
			await page.locator('#arsh-preview').waitFor({ state: 'visible' });
			await page.getByRole('button', { name: 'تأیید و اجرا' }).click();
			// The results of the previous command are still on screen: wait for this one's form.
			await page.locator('#arsh-preview').waitFor({ state: 'hidden' });
			let made = null;
			for (const until = Date.now() + 20000; !made && Date.now() < until; ) {
				made = (await formsFromApi(page)).find((f) => f.title === 'آزمون بازگردانی');
				if (!made) {
					await page.waitForTimeout(200);
				}
			}
			await page.locator('#arsh-results:not([hidden])').waitFor();
			check(made && made.version_count === 2, `form after execute: ${JSON.stringify(made)}`);
			await page.getByRole('button', { name: 'بازگردانی آخرین' }).click();
			await page.locator('#arsh-plan-msg', { hasText: `${fa.format(1)} تغییر بازگردانی شد` }).waitFor();
			const after = (await rest(page, 'GET', `/arshline/v1/forms/${made.id}`)).body;
			check(after.document.fields.length === 0 && after.version_count === 3, `after undo last: ${after.document.fields.length} fields, ${after.version_count} versions`);
			await (await listRow(made.id)).locator('.arsh-version-count', { hasText: fa.format(3) }).waitFor();
			await page.getByRole('button', { name: 'بازگردانی آخرین' }).click();
			await page.locator('#arsh-undo-last:disabled').waitFor();
			check((await (await listRow(made.id)).count()) === 0, 'the undone form is still in the list');
			const audit = await rest(page, 'GET', '/arshline/v1/ai/audit', { query: `&form_id=${made.id}` });
			check(audit.status === 200 && Array.isArray(audit.body), `audit: ${audit.status}`);
			const actions = audit.body.map((row) => row.action);
			check(actions.includes('create_form') && actions.includes('add_field'), `audit actions: ${actions.join(', ')}`);
			const steps = audit.body.filter((row) => row.action === 'create_form' || row.action === 'add_field');
			check(steps.length === 2 && steps.every((row) => row.undone_at), `undone steps without undone_at: ${JSON.stringify(steps)}`);
		});

		await step(page, 'forms list: search, status filter, order, a bulk action as one plan with one undo, rename in a dialog', async () => {
			await formsListSteps(page);
		});

		let h2Form = 0;
		await step(page, 'Hosha2: progress moves, then cancel', async () => {
			await page.selectOption('#arsh-h2-formid', 'new');
			await page.getByLabel('فرم موردنظرتان را توصیف کنید').fill('فرم ثبت‌نام کارگاه [slow]');
			await page.getByRole('button', { name: 'ساخت فرم' }).click();
			await page.locator('#arsh-h2-progress').waitFor({ state: 'visible' });
			const seen = [];
			const deadline = Date.now() + 6000;
			while (Date.now() < deadline) {
				seen.push(Number(await page.getAttribute('#arsh-h2-bar', 'aria-valuenow')));
				if (seen[seen.length - 1] > 0 && (await page.locator('.arsh-phase.done').count()) > 0) {
					break;
				}
				await page.waitForTimeout(100);
			}
			const last = seen[seen.length - 1];
			check(last > 0 && last < 100, `progress never moved (values ${seen.join(',')})`);
			for (let i = 1; i < seen.length; i++) {
				check(seen[i] >= seen[i - 1], `progress went backwards: ${seen.join(',')}`);
			}
			const labels = await page.locator('.arsh-phase').allInnerTexts();
			check(labels.includes('ارسال به مدل هوش مصنوعی') && labels.includes('تحلیل درخواست'), `phase labels: ${labels.join(', ')}`);
			h2Form = Number(await page.inputValue('#arsh-h2-formid'));
			check(h2Form > 0, 'no form was created for the generation');
			await snap(page, 'hosha2-progress');
			await page.getByRole('button', { name: 'لغو', exact: true }).click();
			await page.locator('#arsh-h2-msg', { hasText: 'ساخت فرم لغو شد' }).waitFor({ timeout: 20000 });
			check(await page.locator('#arsh-h2-progress').isHidden(), 'progress still shown after cancel');
			check(await page.locator('#arsh-h2-result').isHidden(), 'a result appeared for a cancelled job');
			await snap(page, 'hosha2-cancelled');
		});

		await step(page, 'Hosha2: generate to the end and show the form', async () => {
			await page.getByLabel('فرم موردنظرتان را توصیف کنید').fill('فرم نظرسنجی رضایت مشتریان');
			await page.getByRole('button', { name: 'ساخت فرم' }).click();
			await page.locator('#arsh-h2-result').waitFor({ state: 'visible', timeout: 60000 });
			const versions = await rest(page, 'GET', `/hosha2/v1/forms/${h2Form}/versions`);
			check(versions.status === 200 && versions.body.success === true, `versions: ${versions.status}`);
			const head = versions.body.data[0];
			check(head.source === 'hosha2', `newest version source ${head.source}`);
			// The list describes versions; the snapshot comes from versions.get.
			check(head.state === undefined, 'versions.list copied a snapshot');
			const full = await rest(page, 'GET', `/hosha2/v1/forms/${h2Form}/versions/${head.id}`);
			const fields = full.body.data.state.document.fields;
			check(head.field_count === fields.length, `versions.list field_count ${head.field_count}, snapshot ${fields.length}`);
			check(fields.length > 0, 'the generated form has no fields');
			// The form as visitors get it: the public renderer's markup in a
			// frame of no origin that may run the public script but not send.
			const iframe = page.locator('#arsh-h2-preview iframe.arsh-server-preview');
			await iframe.waitFor();
			check((await iframe.getAttribute('sandbox')) === 'allow-scripts', `preview frame sandbox: ${await iframe.getAttribute('sandbox')}`);
			const frame = page.frameLocator('#arsh-h2-preview iframe.arsh-server-preview');
			await frame.locator('.arshline-field').first().waitFor();
			check((await frame.locator('.arshline-field').count()) === fields.length, 'rendered field count differs from the stored form');
			check((await frame.locator('.arshline-field script').count()) === 0, 'a script element in a previewed field');
			const shown = await frame.locator('body').textContent();
			for (const f of fields) {
				const text = f.type === 'html' ? f.html.replace(/<[^>]*>/g, '') : f.label;
				check(shown.includes(text), `${f.type} field «${text}» not shown`);
			}
			await snap(page, 'hosha2-generated');
			// The form's Versions tab lists them.
			await openPage(page, FORM_PAGE(h2Form, 'versions'));
			await page.locator('#arsh-versions-body tr').first().waitFor();
			check((await page.locator('#arsh-versions-body tr').count()) === versions.body.data.length, 'versions table row count');
			await snap(page, 'versions-tab');
		});

		await step(page, 'versions: readable diff, then roll back', async () => {
			await page.locator('#arsh-versions-body tr').first().getByRole('button', { name: 'نمایش تغییرات' }).click();
			await page.locator('#arsh-diff li').first().waitFor();
			const added = await page.locator('#arsh-diff li.arsh-diff-add').allInnerTexts();
			check(added.length > 0 && added.every((t) => t.includes('فیلد افزوده شد')), `diff lines: ${added.join(' | ')}`);
			await snap(page, 'diff');
			const before = (await rest(page, 'GET', `/arshline/v1/forms/${h2Form}`)).body;
			const back = page.locator('#arsh-versions-body tr[data-seq="1"]').getByRole('button', { name: `بازگشت به نسخهٔ ${fa.format(1)}`, exact: true });
			check((await back.innerText()) === 'بازگشت به این نسخه', 'rollback button text');
			await back.click();
			await page.locator('#arsh-versions-msg', { hasText: 'بازگشت' }).waitFor();
			const after = (await rest(page, 'GET', `/arshline/v1/forms/${h2Form}`)).body;
			check(after.version_count === before.version_count + 1, `version_count ${before.version_count} → ${after.version_count}`);
			check(after.document.fields.length === 0, 'the rollback did not restore version 1 (no fields)');
			check((await page.locator('#arsh-versions-body tr').count()) === after.version_count, 'versions table not refreshed');
			const top = await page.locator('#arsh-versions-body tr').first().innerText();
			check(top.includes('بازگشت نسخه'), `newest version is not the rollback: ${top}`);
			await snap(page, 'rolled-back');
		});

		await step(page, 'New form screen: from a command (previewed, then run) and from Hosha2 (its progress to the end), each opening the Build tab', async () => {
			const buildTab = (u) => u.searchParams.get('page') === 'arshline-sidecar-form' && u.searchParams.get('tab') === 'build' && Number(u.searchParams.get('form')) > 0;
			await openPage(page, NEW_FORM);
			await page.getByLabel('از روی یک فرمان، به زبان خودم').check();
			await page.getByLabel('به زبان خودتان بنویسید ارشلاین چه کند').fill('یک فرم جدید بساز و یک سوال پاسخ کوتاه اضافه کن، اسم فرم را فرم فرمانی بگذار');
			await page.getByRole('button', { name: 'پیش‌نمایش', exact: true }).click();
			await page.locator('#arsh-new-preview li').first().waitFor();
			const lines = await page.locator('#arsh-new-preview li').allInnerTexts();
			check(lines.some((l) => l.includes('فرم فرمانی')), `the command's preview: ${lines.join(' | ')}`);
			await snap(page, 'new-form-command');
			await page.click('#arsh-new-execute');
			await page.waitForURL(buildTab);
			await keepNonce(page);
			const fromCommand = (await rest(page, 'GET', `/arshline/v1/forms/${new URL(page.url()).searchParams.get('form')}`)).body;
			check(fromCommand.title === 'فرم فرمانی' && fromCommand.document.fields.length === 1, `the form the command made: ${JSON.stringify(fromCommand).slice(0, 300)}`);

			await openPage(page, NEW_FORM);
			await page.getByLabel('ساخته‌شده با هوشا۲ از روی توضیح (به مدل هوش مصنوعی نیاز دارد)').check();
			await page.getByLabel('عنوان فرم جدید').fill('فرم هوشا');
			await page.getByLabel('فرم موردنظرتان را توصیف کنید').fill('فرم نظرسنجی کوتاه دربارهٔ کلاس');
			await page.getByRole('button', { name: 'ساختن فرم' }).click();
			await page.waitForURL(buildTab, { timeout: 60000 });
			await keepNonce(page);
			const fromHosha2 = (await rest(page, 'GET', `/arshline/v1/forms/${new URL(page.url()).searchParams.get('form')}`)).body;
			check(fromHosha2.document.fields.length > 0 && fromHosha2.version_count >= 2, `the form Hosha2 made: ${JSON.stringify(fromHosha2).slice(0, 300)}`);
			await page.locator('#arsh-builder:not([hidden])').waitFor();
		});

		await step(page, 'REST: Hosha2 validation codes, nonces, 404, invalid plan', async () => {
			const gen = (id, body, opts = {}) => rest(page, 'POST', `/hosha2/v1/forms/${id}/generate`, { body, hosha2: 'generate', ...opts });
			const expect400 = async (r, code) => {
				check(r.status === 400 && r.body.success === false && r.body.error.code === code, `expected 400 ${code}, got ${r.status} ${JSON.stringify(r.body)}`);
				check(typeof r.body.request_id === 'string' && r.body.request_id.length >= 6, 'no request_id in a 400');
			};
			await expect400(await gen(0, { prompt: 'x' }), 'invalid_form_id');
			await expect400(await gen(-3, { prompt: 'x' }), 'invalid_form_id');
			await expect400(await gen(h2Form, {}), 'missing_prompt');
			await expect400(await gen(h2Form, { prompt: '   ' }), 'empty_prompt');
			await expect400(await gen(h2Form, { prompt: 'x', options: [1, 2] }), 'invalid_options_type');
			await expect400(await gen(h2Form, { prompt: 'x', options: 'fa' }), 'invalid_options_type');
			const noAction = await gen(h2Form, { prompt: 'x' }, { hosha2: null });
			check(noAction.status === 403 && noAction.body.code === 'hosha2_invalid_nonce', `missing Hosha2 nonce: ${noAction.status}`);
			const noNonce = await rest(page, 'GET', '/arshline/v1/forms', { nonce: false });
			check([401, 403].includes(noNonce.status), `missing wp_rest nonce: ${noNonce.status}`);
			const missing = await rest(page, 'GET', '/arshline/v1/forms/987654');
			check(missing.status === 404 && missing.body.code === 'arshline_not_found', `missing form: ${missing.status}`);
			const bad = await rest(page, 'POST', '/arshline/v1/ai/execute', { body: { plan: { version: 1, steps: [{ action: 'drop_everything', params: {} }] }, confirm: true } });
			check(bad.status === 400 && bad.body.code === 'arshline_invalid_plan', `invalid plan: ${bad.status} ${JSON.stringify(bad.body)}`);
			check(Array.isArray(bad.body.data.violations) && bad.body.data.violations.length > 0, 'no violations in the invalid plan error');
			const undo = await rest(page, 'POST', '/arshline/v1/ai/undo', { body: { token: '0'.repeat(32) } });
			check(undo.status === 404, `undo with an unknown token: ${undo.status}`);
			const vbad = await rest(page, 'GET', `/hosha2/v1/forms/${h2Form}/versions/0`);
			check(vbad.status === 400 && vbad.body.error.code === 'invalid_version_id', `version 0: ${vbad.status}`);
			const head = (await rest(page, 'GET', `/arshline/v1/forms/${h2Form}`)).body.head_version_id;
			const diffBad = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/versions/${head}/apply-diff`, { body: { diff: { op: 'add' } } });
			check(diffBad.status === 400 && diffBad.body.error.code === 'invalid_diff_type', `diff object: ${diffBad.status}`);
			const noApply = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/versions/${head}/apply-diff`, { body: { diff: [{ op: 'remove', path: '/fields/40' }] } });
			check(noApply.status === 500 && noApply.body.error.code === 'diff_apply_fail', `patch that does not apply: ${noApply.status} ${JSON.stringify(noApply.body)}`);
			const dry = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/versions/${head}/apply-diff`, { body: { diff: [{ op: 'add', path: '/fields/-', value: { id: 'fdry', type: 'text', label: 'آزمایشی', required: false } }], dry_run: true } });
			check(dry.status === 200 && dry.body.success === true && dry.body.data.dry_run === true, `dry-run apply-diff: ${dry.status} ${JSON.stringify(dry.body)}`);
			const still = (await rest(page, 'GET', `/arshline/v1/forms/${h2Form}`)).body;
			check(still.head_version_id === head && !still.document.fields.some((f) => f.id === 'fdry'), 'a dry run changed the form');
		});

		await step(page, 'REST: Hosha2 edit and a real apply-diff each write a version', async () => {
			const before = (await rest(page, 'GET', `/arshline/v1/forms/${h2Form}`)).body;
			const edit = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/edit`, { body: { prompt: 'یک فیلد تاریخ تولد اضافه کن', wait: true }, hosha2: 'edit' });
			check(edit.status === 200 && edit.body.success === true, `edit: ${edit.status} ${JSON.stringify(edit.body).slice(0, 300)}`);
			check(edit.body.version_id > before.head_version_id && edit.body.data.progress_percent === 1, `edit body: ${JSON.stringify(edit.body).slice(0, 300)}`);
			const wrongNonce = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/edit`, { body: { prompt: 'x' }, hosha2: 'generate' });
			check(wrongNonce.status === 403, `edit with the generate nonce: ${wrongNonce.status}`);
			const mid = (await rest(page, 'GET', `/arshline/v1/forms/${h2Form}`)).body;
			check(mid.version_count === before.version_count + 1, 'edit did not add one version');
			const patch = [{ op: 'add', path: '/fields/-', value: { id: 'fnew', type: 'date', label: 'تاریخ مراجعه', required: false } }];
			const applied = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/versions/${mid.head_version_id}/apply-diff`, { body: { diff: patch } });
			check(applied.status === 200 && applied.body.success === true, `apply-diff: ${applied.status} ${JSON.stringify(applied.body).slice(0, 300)}`);
			const after = (await rest(page, 'GET', `/arshline/v1/forms/${h2Form}`)).body;
			check(after.version_count === mid.version_count + 1 && after.document.fields.some((f) => f.id === 'fnew'), 'apply-diff did not write the new field as a version');
			const stale = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/versions/${mid.head_version_id}/apply-diff`, { body: { diff: patch } });
			check(stale.status >= 400, `apply-diff on a stale version: ${stale.status}`);
		});

		await step(page, 'REST: a cancelled waiting generation answers 499', async () => {
			const reqId = `e2e${Date.now().toString(16)}`.slice(0, 16);
			const pending = rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/generate`, { body: { prompt: 'فرم [slow] برای لغو', wait: true, req_id: reqId }, hosha2: 'generate' });
			let cancelled = null;
			const deadline = Date.now() + 10000;
			while (Date.now() < deadline) {
				await page.waitForTimeout(300);
				cancelled = await rest(page, 'POST', `/hosha2/v1/requests/${reqId}/cancel`, { hosha2: 'cancel' });
				if (cancelled.status === 200) {
					break;
				}
			}
			check(cancelled && cancelled.status === 200 && cancelled.body.success === true, `cancel: ${cancelled && cancelled.status} ${JSON.stringify(cancelled && cancelled.body)}`);
			const r = await pending;
			check(r.status === 499, `waiting generate answered ${r.status} ${JSON.stringify(r.body)}`);
			check(r.body.cancelled === true && r.body.error.code === 'request_cancelled' && r.body.request_id === reqId, `499 body ${JSON.stringify(r.body)}`);
			const progress = await rest(page, 'GET', `/hosha2/v1/requests/${reqId}/progress`);
			check([200, 499].includes(progress.status), `progress of a cancelled job: ${progress.status}`);
		});

		await step(page, 'settings: unreachable daemon → 503, notice and retry; bad path refused; English for a user whose profile says so', async () => {
			await page.goto(SETTINGS);
			const original = await page.inputValue('#arshline_sidecar_socket');
			check(original === env('E2E_SOCKET'), `socket field shows ${original}`);
			await page.fill('#arshline_sidecar_socket', '/tmp/arsh-e2e-missing/arshlined.sock');
			await Promise.all([page.waitForNavigation(), page.click('#submit')]);
			await openPage(page);
			await page.locator('#arshline-sidecar-unavailable').waitFor();
			check((await page.locator('#arshline-sidecar-unavailable').innerText()).includes('/tmp/arsh-e2e-missing/arshlined.sock'), 'the notice does not name the socket');
			await page.locator('#arsh-health .arsh-retry').waitFor();
			check((await page.locator('#arsh-health .arsh-retry').innerText()) === 'تلاش دوباره', 'no retry button');
			const down = await rest(page, 'GET', '/arshline/v1/health');
			check(down.status === 503 && down.body.code === 'arshline_daemon_unavailable', `health with no daemon: ${down.status}`);
			check(/[\u0600-\u06FF]/.test(down.body.message), 'the 503 message is not Persian');
			const h2down = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/generate`, { body: { prompt: 'x' }, hosha2: 'generate' });
			check(h2down.status === 503 && h2down.body.error.code === 'service_unavailable', `generate with no daemon: ${h2down.status}`);
			await snap(page, 'daemon-unreachable');

			await page.goto(SETTINGS);
			await page.fill('#arshline_sidecar_socket', 'relative/path.sock');
			await Promise.all([page.waitForNavigation(), page.click('#submit')]);
			await page.locator('#setting-error-arshline_sidecar_bad_socket').waitFor();
			check((await page.inputValue('#arshline_sidecar_socket')) === '/tmp/arsh-e2e-missing/arshlined.sock', 'a relative socket path was stored');

			await page.fill('#arshline_sidecar_socket', original);
			await page.selectOption('#arshline_sidecar_language', 'en_US');
			await Promise.all([page.waitForNavigation(), page.click('#submit')]);
			await openPage(page);
			check((await page.locator('#arshline-sidecar-unavailable').count()) === 0, 'the notice outlived the daemon coming back');
			// The setting is the site's default: this admin chose Persian in
			// their WordPress profile, and that wins.
			check((await page.locator('#arshline-sidecar-app h1').innerText()) === 'فرم‌ها', 'the plugin setting overrode the profile\'s Persian');
			// The profile's language to English: now the plugin speaks English to them.
			const english = await rest(page, 'POST', '/wp/v2/users/me', { body: { locale: 'en_US' } });
			check(english.status === 200 && english.body.locale === 'en_US', `profile language: ${english.status}`);
			await openPage(page);
			check((await page.locator('#arshline-sidecar-app h1').innerText()) === 'Forms', 'English title');
			check((await page.getAttribute('#arshline-sidecar-app', 'dir')) === 'ltr', 'English page is not LTR');
			await page.locator('#arsh-health.arsh-ok').waitFor();
			await snap(page, 'english');
			const en404 = await rest(page, 'GET', '/arshline/v1/forms/987654');
			check(!/[\u0600-\u06FF]/.test(en404.body.message), `English 404 message: ${en404.body.message}`);

			// The profile back to Persian, the default back to Persian.
			const persian = await rest(page, 'POST', '/wp/v2/users/me', { body: { locale: 'fa_IR' } });
			check(persian.status === 200 && persian.body.locale === 'fa_IR', `profile language back: ${persian.status}`);
			await page.goto(SETTINGS);
			await page.selectOption('#arshline_sidecar_language', 'fa_IR');
			await Promise.all([page.waitForNavigation(), page.click('#submit')]);
			await openPage(page);
			check((await page.locator('#arshline-sidecar-app h1').innerText()) === 'فرم‌ها', 'back to Persian');
		});

		await step(page, 'settings: the connection test tells each cause apart, with its fix; Settings saved', async () => {
			const health = await rpc('system.health', {});
			// A daemon reporting no protocol is older than this plugin: the
			// plugin must then say so (and which side to upgrade).
			const expected = health.protocol === 1 ? 'ok' : 'mismatch';
			const original = env('E2E_SOCKET');
			const cases = [
				{ status: 'missing', path: '/tmp/arsh-e2e-missing/arshlined.sock', says: ['در /tmp/arsh-e2e-missing/arshlined.sock سوکتی وجود ندارد', 'systemctl enable --now arshlined.socket'] },
				{ status: 'permission', path: env('E2E_SOCKET_ROOT_ONLY'), says: ['دسترسی رد شد', 'www-data', 'root:root 0600'] },
				{ status: 'refused', path: env('E2E_SOCKET_REFUSE'), says: ['سرویس اتصال را نپذیرفت', 'ARSHLINE_ALLOW_UIDS=www-data'] },
				{ status: 'mismatch', path: env('E2E_SOCKET_PROTOCOL2'), says: ['9.9.9', env('E2E_VERSION'), 'افزونهٔ ارشلاین را به نسخهٔ 9.9.9 ارتقا دهید'] },
				{ status: expected, path: original, says: expected === 'ok' ? ['متصل است', `${health.version} (پروتکل 1)`] : ['پروتکلی اعلام نمی‌کند', `بستهٔ arshlined را به نسخهٔ ${env('E2E_VERSION')}`] },
			];
			for (const c of cases) {
				await page.goto(SETTINGS);
				await page.fill('#arshline_sidecar_socket', c.path);
				await Promise.all([page.waitForNavigation(), page.click('#submit')]);
				const saved = page.locator('#setting-error-settings_updated');
				await saved.waitFor();
				check((await saved.innerText()).includes('تنظیمات ذخیره شد'), `Settings saved reads «${await saved.innerText()}»`);
				const box = page.locator('#arsh-socket-result');
				const status = await box.getAttribute('data-status');
				const text = await plainText(box);
				check(status === c.status, `socket ${c.path}: diagnosed ${status}, expected ${c.status}: ${text}`);
				for (const s of c.says) {
					check(text.includes(s), `the ${c.status} diagnosis does not say «${s}»: ${text}`);
				}
				check(c.status === 'ok' || (await box.locator('.arsh-fix').count()) === 1, `the ${c.status} diagnosis has no fix`);
				// The unavailable notice speaks of the path just saved, and only while nothing answers there.
				const down = page.locator('#arshline-sidecar-unavailable');
				if (['missing', 'permission', 'refused'].includes(c.status)) {
					const notice = await plainText(down);
					check(notice.includes(c.path) && notice.includes('بازدیدکنندگان'), `unavailable notice: ${notice}`);
				} else {
					check((await down.count()) === 0, `the unavailable notice is shown for a ${c.status} socket`);
				}
				const incompatible = page.locator('#arshline-sidecar-incompatible');
				check((await incompatible.count()) === (c.status === 'mismatch' ? 1 : 0), `version notice for ${c.status}: ${await incompatible.count()}`);
				if (c.status === 'mismatch') {
					check((await plainText(incompatible)).includes(env('E2E_VERSION')), 'the version notice does not name the plugin version');
				}
				const whole = await snap(page, `connection-${c.status}${c.path === original ? '-live' : ''}`);
				// The diagnosis alone, large enough to read.
				await page.locator('#arsh-connection').scrollIntoViewIfNeeded();
				await box.screenshot({ path: whole.replace(/\.png$/, '-box.png') });
			}
			await Promise.all([page.waitForNavigation(), page.click('#arsh-socket-test')]);
			check(page.url().endsWith('#arsh-connection'), `the test button lands at ${page.url()}`);
			check((await page.locator('#arsh-socket-result').getAttribute('data-status')) === expected, 'the test button disagrees with the page');
		});

		await step(page, 'Site Health: the Arshline tests and the Info section', async () => {
			await page.goto(`${URL_}/wp-admin/site-health.php`);
			const good = page.locator('#health-check-issues-good');
			await good.getByText('سرویس ارشلاین در دسترس است').waitFor({ state: 'attached', timeout: 60000 });
			await good.getByText('پایگاه دادهٔ ارشلاین قابل نوشتن است').waitFor({ state: 'attached' });
			const all = await page.locator('.health-check-body').innerText();
			check(!all.includes('arshline_sidecar'), 'a test id leaked into the page');
			// WordPress's own asynchronous tests finish, then the score shows.
			await page.locator('.site-health-progress-wrapper:not(.loading)').waitFor({ timeout: 60000 });
			await page.locator('.site-health-view-passed').click();
			await snap(page, 'site-health');
			await page.goto(`${URL_}/wp-admin/site-health.php?tab=debug`);
			const button = page.locator('button[aria-controls="health-check-accordion-block-arshline-sidecar"]');
			await button.click();
			const panel = page.locator('#health-check-accordion-block-arshline-sidecar');
			const info = await plainText(panel);
			for (const s of [env('E2E_VERSION'), env('E2E_SOCKET'), 'www-data', 'پروتکل افزونه']) {
				check(info.includes(s), `the Info section lacks «${s}»: ${info}`);
			}
			let status = null;
			try {
				status = await rpc('system.status', { actor: { user_id: 1, caps: ['manage_options'], locale: 'fa_IR' } });
			} catch {
				status = null; // an arshlined without system.status
			}
			if (status) {
				check(info.includes(status.database.path) && info.includes(status.uploads.path), `the Info section lacks the database and uploads paths: ${info}`);
			} else {
				check(info.includes('این نسخه از سرویس گزارش نمی‌کند'), `the Info section does not say the service reports no sizes: ${info}`);
			}
			await snap(page, 'site-health-info');
		});

		await step(page, 'settings: the model server — test connection, save, generate, back to the service settings', async () => {
			await page.goto(SETTINGS);
			const current = await page.locator('#arsh-model-current').innerText();
			check(current.includes('fake-model'), `model in use: ${current}`);
			check((await page.inputValue('#arsh-model-key')) === '', 'the key field is not empty');
			await page.fill('#arsh-model-url', `${FAKE}/v1`);
			await page.fill('#arsh-model-name', 'fake-model');
			await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'آزمودن اتصال' }).click()]);
			const tested = page.locator('#arsh-model-notice');
			await tested.waitFor();
			check((await tested.getAttribute('class')).includes('notice-success'), `test connection: ${await tested.innerText()}`);
			check((await tested.innerText()).includes('بله'), `test connection lists no yes: ${await tested.innerText()}`);
			check((await page.locator('#arsh-model-list option[value="fake-model"]').count()) === 1, 'the models the server lists are not offered');
			await snap(page, 'model-tested');
			await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'ذخیرهٔ مدل' }).click()]);
			await page.locator('#arsh-model-notice.notice-success').waitFor();
			check(!(await page.content()).includes('sk-test'), 'a key reached the page');
			// The saved model serves at once (a 429 is the shared per-user
			// budget the earlier steps spent, answered before any model call).
			await openPage(page);
			const before = (await (await fetch(`${FAKE}/stats`)).json()).requests;
			const gen = await rest(page, 'POST', `/hosha2/v1/forms/${h2Form}/generate`, { body: { prompt: 'یک فرم تماس با نام و ایمیل', wait: true }, hosha2: 'generate' });
			check(gen.status === 200 || gen.status === 429, `generate with the saved model: ${gen.status} ${JSON.stringify(gen.body).slice(0, 300)}`);
			if (gen.status === 200) {
				check((await (await fetch(`${FAKE}/stats`)).json()).requests > before, 'the saved model was not asked');
			}
			await page.goto(SETTINGS);
			await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'استفاده از تنظیمات خود سرویس' }).click()]);
			check((await page.locator('#arsh-model-current').innerText()).includes('fake-model'), 'the service settings are not back');
			await snap(page, 'model-settings');
			await openPage(page);
		});

		await step(page, 'REST: rate limit → 429 with Retry-After, and the page says when to retry', async () => {
			await openPage(page, AI);
			await page.getByLabel('به زبان خودتان بنویسید ارشلاین چه کند').fill('یک فرم بساز، اسم فرم را محدودیت نهایی بگذار');
			// Force the model path for this one command, as a user choosing it
			// would: the built script holds its own reference to wp.apiFetch, so
			// the request is rewritten on its way out.
			const isPlan = (url) => decodeURIComponent(url.href).includes('/arshline/v1/ai/plan');
			await page.route(isPlan, async (route) => {
				const body = JSON.parse(route.request().postData() || '{}');
				await route.continue({ postData: JSON.stringify({ ...body, mode: 'llm' }) });
			});
			// The window is spent right before the click, so that a slow page
			// load on a busy machine cannot outlast the Retry-After it gives.
			let limited = null;
			for (let i = 0; i < 20 && !limited; i++) {
				const r = await rest(page, 'POST', '/arshline/v1/ai/plan', { body: { text: `فرم شماره ${i} را منتشر کن، اسم فرم را محدود ${i} بگذار`, mode: 'llm' } });
				if (r.status === 429) {
					limited = r;
				} else {
					check(r.status === 200, `plan ${i}: ${r.status} ${JSON.stringify(r.body)}`);
				}
			}
			check(limited, 'twenty model calls were never rate limited');
			const retryAfter = Number(limited.headers['retry-after']);
			check(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${limited.headers['retry-after']}`);
			check(limited.body.code === 'arshline_rate_limit' && limited.body.data.retry_after === retryAfter, `429 body ${JSON.stringify(limited.body)}`);
			await page.getByRole('button', { name: 'پیش‌نمایش', exact: true }).click();
			const notice = page.locator('#arsh-plan-msg .components-notice.is-error');
			await notice.waitFor();
			check((await notice.innerText()).includes('ثانیهٔ دیگر'), `rate limit message: ${await notice.innerText()}`);
			check(await page.locator('#arsh-plan-msg .arsh-retry').isDisabled(), 'retry is enabled before Retry-After');
			await snap(page, 'rate-limited');
		});

		await step(page, 'builder: a 6-field form by hand (mobile, national code, Jalali date, radio with a conditional text, rating, file), saved and published', async () => {
			await builderStep(page);
		});
		await step(page, 'form settings tab: texts, a limit, a webhook a loopback receiver gets (a test, then an answer), signed with the secret shown', async () => {
			await settingsTabSteps(page);
		});
		await step(page, 'settings: the SMS provider saved from the page, a test text reaches the provider', async () => {
			await openPage(page, SETTINGS);
			await page.locator('.arsh-sms-provider select').waitFor();
			await page.selectOption('.arsh-sms-provider select', 'kavenegar');
			await page.fill('.arsh-sms-key input', env('E2E_SMS_KEY'));
			await page.fill('.arsh-sms-sender input', '10004346');
			await page.fill('.arsh-sms-base input', env('E2E_SMS_URL'));
			await page.click('#arsh-sms-save');
			await page.locator('#arsh-sms-form .components-notice.is-success').waitFor();
			check((await page.locator('#arsh-sms-state').innerText()).includes('Kavenegar'), `provider line: ${await page.locator('#arsh-sms-state').innerText()}`);
			check((await page.inputValue('.arsh-sms-key input')) === '', 'the key stays in the field after saving');
			check(!(await page.content()).includes(env('E2E_SMS_KEY')), 'the SMS key reached the page');
			const before = smsLines().length;
			await page.getByLabel('ارسال پیامک آزمایشی به (شماره همراه)').fill('۰۹۳۵ ۰۰۰ ۰۰۰۰');
			await page.click('#arsh-sms-test');
			await page.locator('#arsh-sms-form .components-notice.is-success', { hasText: 'پیامک آزمایشی' }).waitFor();
			const lines = smsLines();
			check(lines.length === before + 1 && lines[lines.length - 1].to === '09350000000', `texts after the test: ${JSON.stringify(lines.slice(before))}`);
			await snap(page, 'sms-settings');
		});
		const publicForm = await publicFormSteps(browser);
		await resultsSteps(browser, page, publicForm);

		const stats = await (await fetch(`${FAKE}/stats`)).json();
		console.log(`e2e: fake model saw ${stats.requests} requests (${JSON.stringify(stats.by_schema)}), ${stats.aborted} abandoned by the caller`);
		check(consoleErrors.length === 0, `browser errors:\n${consoleErrors.join('\n')}`);
	} finally {
		writeFileSync(join(ART, 'timings.json'), JSON.stringify(timings, null, 2));
		await browser.close();
	}
}

/**
 * The public form, as a logged-out visitor on a 390×844 phone: Persian
 * digits, a Persian error fixed, a show_if question appearing, pages, the
 * tracking code; then the same with JavaScript disabled (plain POST, 303).
 */
async function publicFormSteps(browser) {
	const created = await rpc('forms.create', {
		title: 'فرم عمومی',
		status: 'published',
		document: {
			version: 'arshline_form@v1',
			settings: {
				welcome: 'به فرم خوش آمدید.',
				thank_you: 'سپاس از پاسخ شما.',
				// Each answer texts the office through the provider saved on the Settings page.
				notifications: [{ channel: 'sms', to: NOTIFY_MOBILE, template: 'پاسخ تازه از {{name}}، کد پیگیری {{tracking_code}}' }],
			},
			fields: [
				{ id: 'name', type: 'text', label: 'نام', required: true, page: 1 },
				{ id: 'code', type: 'text', label: 'کد ملی', format: 'national_code', required: true, page: 1 },
				{ id: 'pet', type: 'radio', label: 'حیوان خانگی دارید؟', required: true, page: 2, options: [{ value: 'yes', label: 'بله' }, { value: 'no', label: 'خیر' }] },
				{ id: 'pet_name', type: 'text', label: 'نام حیوان', required: true, page: 2, show_if: { field: 'pet', op: 'equals', value: 'yes' } },
				{ id: 'born', type: 'date', label: 'تاریخ تولد', page: 2 },
				{ id: 'photo', type: 'file', label: 'عکس حیوان', page: 2, accept: ['image/png'], max_size_kb: 64 },
			],
		},
		actor: { user_id: 1, caps: ['manage_options'], locale: 'fa_IR', site_id: 1 },
	});
	const link = `${URL_}/?arshline_form=${created.form.public_token}`;
	const field = (p, id) => p.locator(`[name="arshline[${id}]"]`);
	// The daemon refuses a form sent sooner than 3 s after it was loaded.
	const read = (p) => p.waitForTimeout(3300);

	const { ctx, page, errors } = await newPage(browser, { locale: 'fa-IR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
	try {
		await step(page, 'public form: a visitor on a phone fixes a Persian error, sees show_if, gets the tracking code', async () => {
			await page.goto(link);
			// Titled by the form and the site (WordPress's separator between), in the default block theme too.
			check(/^فرم عمومی .+ Arshline E2E$/.test(await page.title()), `the direct link's <title> is «${await page.title()}»`);
			const root = page.locator('.arshline-form');
			check((await root.getAttribute('dir')) === 'rtl', 'the form is right to left');
			// A right-to-left form on a left-to-right theme must not widen the
			// page past its layout viewport (980 px on a phone when the theme
			// has no viewport meta tag, 390 px with one).
			const [width, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
			check(width <= viewport, `the page is ${width} px wide in a ${viewport} px layout viewport`);
			check(await page.locator('[data-page="2"]').isHidden(), 'page 2 waits');
			await field(page, 'name').fill('مریم');
			await field(page, 'code').fill('۱۲۳۴۵۶۷۸۹۰');
			await page.getByRole('button', { name: 'بعدی' }).click();
			check(await field(page, 'pet_name').isHidden(), 'the show_if question is hidden at first');
			await page.getByLabel('بله').check();
			await field(page, 'pet_name').waitFor();
			await field(page, 'pet_name').fill('پیشی');
			await field(page, 'born').fill('۱۴۰۳/۰۵/۲۱');
			// A photo: sent in chunks before the answers, named by its upload id.
			await page.locator('input[type="file"][name^="arshline_file_photo"]').setInputFiles({ name: 'پیشی.png', mimeType: 'image/png', buffer: PHOTO_PNG });
			check((await page.locator('.arshline-field__date').innerText()).includes('مرداد'), 'the date is read back');
			await read(page);
			await page.getByRole('button', { name: 'ارسال' }).click();
			const error = page.locator('[data-field="code"] .arshline-field__error');
			await error.waitFor();
			check(/[\u0600-\u06FF]/.test(await error.innerText()), `a Persian message: ${await error.innerText()}`);
			check((await page.evaluate(() => document.activeElement && document.activeElement.name)) === 'arshline[code]', 'the first error is focused');
			check((await field(page, 'code').getAttribute('aria-invalid')) === 'true', 'aria-invalid');
			await snap(page, 'public-form-error');
			await field(page, 'code').fill('۰۰۸۴۵۷۵۹۴۸');
			await page.getByRole('button', { name: 'بعدی' }).click();
			await page.getByRole('button', { name: 'ارسال' }).click();
			const code = page.locator('.arshline-form__code strong');
			await code.waitFor();
			check(/^[۰-۹]{10}$/.test(await code.innerText()), `tracking code ${await code.innerText()}`);
			await snap(page, 'public-form-done');
			check(errors.length === 0, `browser errors:\n${errors.join('\n')}`);
		});
	} finally {
		await ctx.close();
	}

	const plain = await browser.newContext({ locale: 'fa-IR', viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
	const p2 = await plain.newPage();
	p2.setDefaultTimeout(20000);
	try {
		await step(p2, 'public form without JavaScript: 422 with the values kept, then 303 to the tracking code', async () => {
			await p2.goto(link);
			await field(p2, 'name').fill(FORMULA);
			await field(p2, 'code').fill('۱۲۳۴۵۶۷۸۹۰');
			await p2.getByLabel('خیر').check();
			await read(p2);
			const [refused] = await Promise.all([p2.waitForNavigation(), p2.getByRole('button', { name: 'ارسال' }).click()]);
			check(refused.status() === 422, `refused with ${refused.status()}`);
			check(/[\u0600-\u06FF]/.test(await p2.locator('[data-field="code"] .arshline-field__error').innerText()), 'a Persian message');
			check((await field(p2, 'code').inputValue()) === '۱۲۳۴۵۶۷۸۹۰', 'what was typed is kept');
			check((await field(p2, 'name').inputValue()) === FORMULA, 'a name with quotes is kept as typed');
			check(await p2.getByLabel('خیر').isChecked(), 'the choice is kept');
			await snap(p2, 'public-form-nojs-error');
			await field(p2, 'code').fill('0084575948');
			await read(p2);
			await Promise.all([p2.waitForNavigation(), p2.getByRole('button', { name: 'ارسال' }).click()]);
			check(/arshline_done=[a-f0-9]{32}/.test(p2.url()), `redirected to ${p2.url()}`);
			check(/^[۰-۹]{10}$/.test(await p2.locator('.arshline-form__code strong').innerText()), 'tracking code shown');
			await snap(p2, 'public-form-nojs-done');
		});
	} finally {
		await plain.close();
	}
	return { id: created.form.id, link };
}

run(main, () => `e2e: ${timings.length} steps passed; screenshots in ${ART}`);

/**
 * The forms list by its Persian labels: two new forms found by a search,
 * hidden by a status filter, ordered by title; both published by one bulk
 * action whose one Undo takes both back; one renamed in a dialog; both
 * deleted by a bulk action.
 */
async function formsListSteps(page) {
	const made = [];
	for (const title of ['فهرست آزمون الف', 'فهرست آزمون ب']) {
		const r = await rest(page, 'POST', '/arshline/v1/forms', { body: { title } });
		check(r.status === 201, `create «${title}»: ${r.status}`);
		made.push(r.body.form.id);
	}
	const [a, b] = made;
	const status = async (id) => (await rest(page, 'GET', `/arshline/v1/forms/${id}`)).body.status;
	const rowIds = () => page.locator('#arsh-forms-body tr[data-form-id]').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-form-id'))));
	const waitRows = async (want, what) => {
		let have = [];
		for (const until = Date.now() + 15000; Date.now() < until; ) {
			have = await rowIds();
			if (JSON.stringify(have) === JSON.stringify(want)) {
				return;
			}
			await page.waitForTimeout(100);
		}
		check(false, `${what}: rows ${have.join(',')}, expected ${want.join(',')}`);
	};
	await openPage(page);
	await page.locator('#arsh-forms-body tr[data-form-id]').first().waitFor();
	await page.getByLabel('جستجو در فرم‌ها').fill('فهرست آزمون');
	await waitRows([b, a], 'search, newest first');
	check((await page.locator('#arsh-forms-count').innerText()) === `${fa.format(2)} فرم نمایش داده شده`, `count line: ${await page.locator('#arsh-forms-count').innerText()}`);
	await page.getByLabel('ترتیب بر اساس').selectOption('title');
	await waitRows([a, b], 'ordered by title');
	await page.getByLabel('وضعیت', { exact: true }).selectOption('published');
	await waitRows([], 'drafts filtered out');
	await page.getByLabel('وضعیت', { exact: true }).selectOption('');
	await waitRows([a, b], 'every status');

	// Both checked at once, published by one plan; its one Undo takes both back.
	await page.getByRole('checkbox', { name: 'انتخاب همهٔ فرم‌های نمایش‌داده‌شده' }).check();
	check(await page.getByRole('checkbox', { name: `انتخاب فرم ${fa.format(a)}`, exact: true }).isChecked(), 'select all left a form unchecked');
	await page.getByLabel('با فرم‌های انتخاب‌شده').selectOption('publish_form');
	await page.getByRole('button', { name: 'اعمال', exact: true }).click();
	await page.locator('#arsh-forms-msg', { hasText: `برای ${fa.format(2)} فرم انجام شد.` }).waitFor();
	check((await status(a)) === 'published' && (await status(b)) === 'published', 'the bulk action did not publish both forms');
	await page.locator(`#arsh-forms-body tr[data-form-id="${b}"] .arsh-status`, { hasText: 'منتشرشده' }).waitFor();
	check(!(await page.getByRole('checkbox', { name: `انتخاب فرم ${fa.format(a)}`, exact: true }).isChecked()), 'the selection outlived the bulk action');
	await snap(page, 'forms-bulk-published');
	await page.locator('#arsh-forms-msg').getByRole('button', { name: 'بازگردانی', exact: true }).click();
	await page.locator('#arsh-forms-msg', { hasText: 'بازگردانده شد.' }).waitFor();
	check((await status(a)) === 'draft' && (await status(b)) === 'draft', 'one undo did not take back both forms');

	// Renamed in a dialog, not the browser's prompt().
	await page.getByRole('button', { name: `تغییر نام فرم ${fa.format(b)}`, exact: true }).click();
	const dialog = page.getByRole('dialog');
	await dialog.waitFor();
	await dialog.getByLabel('عنوان تازهٔ فرم').fill('فهرست آزمون <b>پ</b>');
	await dialog.getByRole('button', { name: 'تغییر نام', exact: true }).click();
	await dialog.waitFor({ state: 'detached' });
	const title = page.locator(`#arsh-forms-body tr[data-form-id="${b}"] .arsh-title`);
	await title.filter({ hasText: 'فهرست آزمون <b>پ</b>' }).waitFor();
	check((await title.locator('b').count()) === 0, 'the new title was parsed as HTML');
	check((await rest(page, 'GET', `/arshline/v1/forms/${b}`)).body.title === 'فهرست آزمون <b>پ</b>', 'the rename did not reach the service');

	await page.getByRole('checkbox', { name: 'انتخاب همهٔ فرم‌های نمایش‌داده‌شده' }).check();
	await page.getByLabel('با فرم‌های انتخاب‌شده').selectOption('delete_form');
	await page.getByRole('button', { name: 'اعمال', exact: true }).click();
	await waitRows([], 'after the bulk delete');
	for (const id of made) {
		check((await rest(page, 'GET', `/arshline/v1/forms/${id}`)).status === 404, `form ${id} outlived the bulk delete`);
	}
	// A link to the AI commands page with ?command= fills its command box;
	// Ctrl+Enter previews, «انصراف» discards; the next steps go on there.
	const prefill = 'یک فرم جدید بساز، اسم فرم را پیش‌پر بگذار';
	await openPage(page, `${AI}&command=${encodeURIComponent(prefill)}`);
	const box = page.getByLabel('به زبان خودتان بنویسید ارشلاین چه کند');
	await box.waitFor();
	check((await box.inputValue()) === prefill, `the command box holds «${await box.inputValue()}»`);
	await box.press('Control+Enter');
	await page.locator('#arsh-preview-list li').first().waitFor();
	check((await page.locator('#arsh-preview-list li').first().innerText()).includes('پیش‌پر'), 'the preview does not name the form');
	await page.getByRole('button', { name: 'انصراف', exact: true }).click();
	await page.locator('#arsh-preview').waitFor({ state: 'detached' });
	check((await page.evaluate(() => document.activeElement && document.activeElement.id)) === 'arsh-command', 'focus did not go back to the command box');
	check(!(await formsFromApi(page)).some((f) => f.title === 'پیش‌پر'), 'a discarded plan ran');
}

/**
 * The form builder with no model in the loop: an admin adds six fields of
 * different types by hand, sets their keys, saves one version and
 * publishes the form; the daemon's copy is what the builder showed.
 */
async function builderStep(page) {
	// Forms → «فرم جدید» → a title, a blank form → its Build tab.
	await openPage(page);
	await page.locator('#arsh-forms-create').click();
	await page.waitForURL((u) => u.searchParams.get('page') === 'arshline-sidecar-new');
	await page.getByLabel('عنوان فرم جدید').fill('فرم سازنده');
	check(await page.getByLabel('یک فرم خالی').isChecked(), 'a blank form is not the first choice');
	await snap(page, 'new-form');
	await page.getByRole('button', { name: 'ساختن فرم' }).click();
	await page.waitForURL((u) => u.searchParams.get('page') === 'arshline-sidecar-form' && u.searchParams.get('tab') === 'build');
	const id = Number(new URL(page.url()).searchParams.get('form'));
	check(id > 0, `the new form's screen names no form: ${page.url()}`);
	await keepNonce(page);
	const made = { body: { form: (await rest(page, 'GET', `/arshline/v1/forms/${id}`)).body } };
	check(made.body.form.title === 'فرم سازنده', `the new form is titled «${made.body.form.title}»`);
	check((await page.locator('.nav-tab-active').innerText()) === 'ساخت', 'the Build tab is not the current one');
	await page.locator('#arsh-builder:not([hidden])').waitFor();
	await page.locator('#arsh-b-fields li.arsh-b-empty').waitFor();
	// Each control is found by its visible Persian label, inside the open question.
	const open = () => page.locator('#arsh-b-fields li.is-open');
	const ctl = (label) => open().getByLabel(label, { exact: true });
	const add = async (type, label) => {
		await page.getByLabel('افزودن پرسش از نوع').selectOption(type);
		await page.getByRole('button', { name: 'افزودن پرسش', exact: true }).click();
		await ctl('پرسش').fill(label);
	};
	await add('text', 'موبایل');
	await ctl('قالب پاسخ').selectOption('mobile_ir');
	await ctl('الزامی').check();
	await add('text', 'کد ملی');
	await ctl('قالب پاسخ').selectOption('national_code');
	await add('date', 'تاریخ مراجعه');
	check((await ctl('تقویم').inputValue()) === 'jalali', 'a new date is not Jalali');
	await ctl('نخستین روز مجاز').fill('۱۴۰۴-۰۱-۰۱');
	await add('radio', 'بیمه دارید؟');
	await ctl('گزینهٔ ۱').fill('بله');
	await ctl('گزینهٔ ۲').fill('خیر');
	const radioId = await open().getAttribute('data-field-id');
	await add('text', 'نام بیمه');
	await ctl('شرط بر پایهٔ').selectOption(radioId);
	await ctl('پاسخ').selectOption({ label: 'بله' });
	await add('rating', 'رضایت');
	await ctl('مقیاس تا').selectOption('10');
	await add('file', 'تصویر کارت');
	await ctl('نوع‌های پروندهٔ پذیرفته').fill('image/*, application/pdf');
	await ctl('بزرگ‌ترین پرونده (کیلوبایت)').fill('2048');
	// Keyboard reordering: the file moves up one and back, the focus following it.
	await page.getByRole('button', { name: 'بالا بردن پرسش ۷', exact: true }).focus();
	await page.keyboard.press('Enter');
	await page.keyboard.press('Tab');
	await page.keyboard.press('Enter');
	const order = await page.locator('#arsh-b-fields > li').evaluateAll((els) => els.map((e) => e.dataset.type).join(','));
	check(order === 'text,text,date,radio,text,rating,file', `order after the keyboard moves: ${order}`);
	// A copy of the rating comes right after it, with its own id, and goes again.
	await page.getByRole('button', { name: 'رونوشت پرسش ۶', exact: true }).click();
	const copied = await page.locator('#arsh-b-fields > li').evaluateAll((els) => els.map((e) => `${e.dataset.type}:${e.dataset.fieldId}`));
	check(copied.length === 8 && copied[6].startsWith('rating:') && copied[6] !== copied[5] && (await ctl('پرسش').inputValue()) === 'رضایت', `after copying the rating: ${copied.join(',')}`);
	await page.getByRole('button', { name: 'حذف پرسش ۷', exact: true }).click();
	check((await page.locator('#arsh-b-fields > li').count()) === 7, 'the copy was not removed');
	// Drag and drop by the handle: the rating onto the first place, then back under the conditional text.
	const types = () => page.locator('#arsh-b-fields > li').evaluateAll((els) => els.map((e) => e.dataset.type).join(','));
	await page.locator('#arsh-b-fields > li[data-type="rating"] .arsh-b-handle').dragTo(page.locator('#arsh-b-fields > li').first());
	check((await types()) === 'rating,text,text,date,radio,text,file', `order after dragging the rating first: ${await types()}`);
	await page.locator('#arsh-b-fields > li[data-type="rating"] .arsh-b-handle').dragTo(page.locator('#arsh-b-fields > li').nth(5));
	check((await types()) === 'text,text,date,radio,text,rating,file', `order after dragging it back: ${await types()}`);
	// The preview follows typing after a short pause.
	// The preview is the public form's own markup, rendered by the server
	// and run by the public script in a sandboxed frame.
	const preview = page.frameLocator('#arsh-b-preview iframe.arsh-server-preview');
	for (const until = Date.now() + 15000; ; ) {
		const n = await preview.locator('.arshline-field').count().catch(() => 0);
		if (n === 7) {
			break;
		}
		check(Date.now() < until, `the preview shows ${n} questions, not 7`);
		await page.waitForTimeout(200);
	}
	check((await preview.locator('.arshline-field').last().getAttribute('data-type')) === 'file', 'the file question is not last in the preview');
	check((await preview.locator('.arshline-field--date').getAttribute('data-calendar')) === 'jalali', 'the preview\'s date is not Jalali');
	// The Jalali picker, as visitors get it: its month is a Persian month name.
	// The preview may still be rendered anew after the last edit (a new
	// frame, its picker closed): the button is pressed again until the
	// dialog shows a month.
	const months = /فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند/;
	for (let i = 0; i < 5; i++) {
		await preview.locator('.arshline-date__open').click();
		if (await preview.locator('.arshline-date__title', { hasText: months }).waitFor({ timeout: 3000 }).then(() => true, () => false)) {
			break;
		}
	}
	const month = await preview.locator('.arshline-date__title').innerText();
	check(/فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند/.test(month), `the preview's date picker shows «${month}»`);
	await preview.locator('.arshline-date__dialog').press('Escape');
	await snap(page, 'builder-filled');
	await page.getByRole('button', { name: 'ذخیره', exact: true }).click();
	await page.locator('#arsh-builder-msg .notice-success').waitFor();
	check(await page.getByRole('button', { name: 'ذخیره', exact: true }).isDisabled(), 'Save is still enabled after saving');
	const got = await rest(page, 'GET', `/arshline/v1/forms/${id}`);
	const fields = got.body.document.fields;
	check(fields.length === 7, `saved ${fields.length} fields`);
	check(fields[0].format === 'mobile_ir' && fields[0].required === true, `mobile: ${JSON.stringify(fields[0])}`);
	check(fields[1].format === 'national_code', `national code: ${JSON.stringify(fields[1])}`);
	check(fields[2].calendar === 'jalali' && fields[2].min === '1404-01-01', `date: ${JSON.stringify(fields[2])}`);
	check(fields[3].options.length === 2 && fields[3].options[0].value !== fields[3].options[1].value, `radio: ${JSON.stringify(fields[3])}`);
	check(fields[4].show_if && fields[4].show_if.field === radioId && fields[4].show_if.value === fields[3].options[0].value, `show_if: ${JSON.stringify(fields[4])}`);
	check(fields[5].scale.max === 10 && fields[6].max_size_kb === 2048, `rating/file: ${JSON.stringify(fields.slice(5))}`);
	check(new Set(fields.map((f) => f.id)).size === 7, 'field ids repeat');
	// A second save from a stale copy is a conflict, not a lost change.
	const stale = await rest(page, 'POST', `/arshline/v1/forms/${id}/document`, { body: { document: got.body.document, expected_version_id: made.body.form.head_version_id } });
	check(stale.status === 409 && stale.body.data.error === 'CONFLICT', `stale save: ${stale.status}`);
	await page.getByRole('button', { name: 'انتشار', exact: true }).click();
	await page.locator('#arsh-builder-msg .arsh-undo-form').waitFor();
	await page.locator('#arsh-builder-meta .arsh-status-published').waitFor();
	const after = await rest(page, 'GET', `/arshline/v1/forms/${id}`);
	check(after.body.status === 'published', `status after publish: ${after.body.status}`);
	// A question linked by its place (#builder/ID/INDEX) opens by itself.
	await openPage(page, `${FORM_PAGE(id, 'build')}#builder/${id}/0`);
	await open().waitFor();
	check((await open().getAttribute('data-field-id')) === fields[0].id, `the linked question is not the one open: ${await open().getAttribute('data-field-id')}`);
	// The service's objection goes beside its question, and nothing is saved.
	const save = page.getByRole('button', { name: 'ذخیره', exact: true });
	await ctl('کوتاه‌ترین پاسخ (نویسه)').fill('۱۰');
	await ctl('بلندترین پاسخ (نویسه)').fill('2');
	await save.click();
	await page.locator('#arsh-builder-msg .notice-error').waitFor();
	await open().locator('.arsh-b-errors li').first().waitFor();
	check((await rest(page, 'GET', `/arshline/v1/forms/${id}`)).body.head_version_id === after.body.head_version_id, 'a refused document was saved');
	await ctl('کوتاه‌ترین پاسخ (نویسه)').fill('');
	await ctl('بلندترین پاسخ (نویسه)').fill('');
	check(await save.isDisabled(), 'Save is enabled with the saved document on screen');
	// A change made elsewhere meanwhile: the save is a conflict, and the reload shows the other change.
	const elsewhere = JSON.parse(JSON.stringify(after.body.document));
	elsewhere.fields[1].label = 'کد ملی (از جای دیگر)';
	const other = await rest(page, 'POST', `/arshline/v1/forms/${id}/document`, { body: { document: elsewhere, expected_version_id: after.body.head_version_id } });
	check(other.status >= 200 && other.status < 300, `the save from elsewhere: ${other.status}`);
	await ctl('پرسش').fill('موبایل همراه');
	await save.click();
	await page.getByRole('button', { name: 'بارگذاری دوبارهٔ فرم', exact: true }).click();
	await page.locator('#arsh-b-fields > li').nth(1).getByText('کد ملی (از جای دیگر)').waitFor();
	check((await ctl('پرسش').inputValue()) === 'موبایل' && (await save.isDisabled()), 'the reload did not bring back the saved form');
	await openPage(page);
	const row = page.locator(`#arsh-forms-body tr[data-form-id="${id}"]`);
	await row.waitFor();
	check((await row.locator('.arsh-shortcode').innerText()) === `[arshline_form id="${id}"]`, 'shortcode in the list');
	await snap(page, 'builder-published');
}

/**
 * axe-core on the page (or the part of it `include` names): the step
 * fails on any serious or critical violation, naming the rule, the
 * elements and the advice. Returns the summary line for the log; the
 * whole report goes to artifacts/axe-NAME.json. On the admin page the
 * plugin's own container is checked, every card of it, whichever section
 * is open: the menus and bars around it are WordPress's.
 */
async function axe(page, name, include) {
	let builder = new AxeBuilder({ page });
	if (include) {
		builder = builder.include(include);
	}
	const r = await builder.analyze();
	const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
	const count = (impact) => bad.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
	const minor = r.violations.filter((v) => !bad.includes(v)).map((v) => `${v.id} (${v.impact})`);
	const summary = `e2e: axe ${name}: ${count('serious')} serious, ${count('critical')} critical (${r.passes.length} passes${minor.length ? `; below serious: ${minor.join(', ')}` : ''})`;
	writeFileSync(join(ART, `axe-${name}.json`), JSON.stringify({ url: r.url, violations: r.violations, passes: r.passes.map((p) => p.id), incomplete: r.incomplete.map((p) => p.id) }, null, 2));
	check(
		bad.length === 0,
		`${summary}\n` +
			bad
				.map((v) => `  ${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n` + v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n'))
				.join('\n'),
	);
	return summary;
}

/** RFC 4180 CSV (quotes doubled inside quoted cells) into rows of cells. */
function parseCsv(text) {
	const rows = [[]];
	let cell = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				cell += '"';
				i++;
			} else if (c === '"') {
				quoted = false;
			} else {
				cell += c;
			}
		} else if (c === '"') {
			quoted = true;
		} else if (c === ',') {
			rows[rows.length - 1].push(cell);
			cell = '';
		} else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
			if (c === '\r') {
				i++;
			}
			rows[rows.length - 1].push(cell);
			cell = '';
			rows.push([]);
		} else {
			cell += c;
		}
	}
	if (cell !== '' || rows[rows.length - 1].length) {
		rows[rows.length - 1].push(cell);
	} else {
		rows.pop();
	}
	return rows;
}

/**
 * The files of a zip, by name, as Buffers. Read through the central
 * directory: a streamed zip (as Go's archive/zip writes) leaves the sizes
 * in its local headers empty and puts them after the data.
 */
function unzip(buf) {
	let end = -1;
	for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
		if (buf.readUInt32LE(i) === 0x06054b50) {
			end = i;
			break;
		}
	}
	check(end >= 0, 'the XLSX has no zip end record');
	const entries = buf.readUInt16LE(end + 10);
	let at = buf.readUInt32LE(end + 16);
	const files = {};
	for (let n = 0; n < entries; n++) {
		check(buf.readUInt32LE(at) === 0x02014b50, `zip central entry ${n} is damaged`);
		const method = buf.readUInt16LE(at + 10);
		const size = buf.readUInt32LE(at + 20);
		const nameLen = buf.readUInt16LE(at + 28);
		const extraLen = buf.readUInt16LE(at + 30);
		const commentLen = buf.readUInt16LE(at + 32);
		const local = buf.readUInt32LE(at + 42);
		const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
		check(buf.readUInt32LE(local) === 0x04034b50, `zip local header of ${name} is damaged`);
		const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
		const data = buf.subarray(start, start + size);
		check(method === 0 || method === 8, `${name} is packed with method ${method}`);
		files[name] = method === 8 ? inflateRawSync(data) : Buffer.from(data);
		at += 46 + nameLen + extraLen + commentLen;
	}
	return files;
}

const xmlText = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&amp;/g, '&');

/** The cells of a worksheet: reference, type, formula (or null) and text. */
function sheetCells(sheetXml, sharedXml) {
	const shared = [...(sharedXml || '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => [...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => xmlText(t[1])).join(''));
	return [...sheetXml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((m) => {
		const attrs = m[1];
		const body = m[2] || '';
		const ref = (/\br="([^"]+)"/.exec(attrs) || [])[1];
		const type = (/\bt="([^"]+)"/.exec(attrs) || [])[1] || 'n';
		const formula = /<f[\s>/]/.test(body) ? body : null;
		let text = '';
		if (type === 's') {
			text = shared[Number((/<v>([^<]*)<\/v>/.exec(body) || [])[1])] ?? '';
		} else if (type === 'inlineStr') {
			text = [...body.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => xmlText(t[1])).join('');
		} else {
			text = xmlText((/<v>([^<]*)<\/v>/.exec(body) || [])[1] || '');
		}
		return { ref, type, formula, text };
	});
}

/**
 * The admin side of the public form's two entries: the results page
 * reached by a command, its chart and tables; the entries and one entry;
 * CSV and XLSX read back; axe-core on every page a person uses.
 */
async function resultsSteps(browser, page, form) {
	const id = form.id;
	const axeLines = [];
	// The summary lines go out after their step's own line.
	const stepThenAxe = async (p, name, fn) => {
		await step(p, name, fn);
		while (axeLines.length) {
			console.log(axeLines.shift());
		}
	};

	await stepThenAxe(page, 'command «نتایج فرم N رو نشون بده» opens the results: a chart and a table count both entries', async () => {
		// The rate-limit step forced the model path on this page. With a
		// model configured, "auto" asks the model first, and the fake model
		// does not read this command: under "auto", which planner answers
		// depends on whether the rate-limit step's budget has refilled (it
		// has on a loaded machine). This step is about the internal
		// planner's navigation, so it asks for that planner.
		await page.unrouteAll({ behavior: 'wait' });
		await page.route((url) => decodeURIComponent(url.href).includes('/arshline/v1/ai/plan'), async (route) => {
			const body = JSON.parse(route.request().postData() || '{}');
			await route.continue({ postData: JSON.stringify({ ...body, mode: 'internal' }) });
		});
		await openPage(page, AI);
		await page.getByLabel('به زبان خودتان بنویسید ارشلاین چه کند').fill(`نتایج فرم ${fa.format(id)} رو نشون بده`);
		await page.getByRole('button', { name: 'پیش‌نمایش', exact: true }).click();
		// The command opens the form's Results tab, a page of its own.
		await page.waitForURL((u) => u.searchParams.get('form') === String(id) && u.searchParams.get('tab') === 'results');
		await keepNonce(page);
		check((await page.locator('.nav-tab-active').innerText()) === 'نتایج', 'the Results tab is not the current one');
		check((await page.locator('#arsh-res-title').innerText()) === 'نتایج', 'the Results page has no heading');
		await page.locator('#arsh-res-total', { hasText: fa.format(2) }).waitFor();
		const card = page.locator('#arsh-res-fields .arsh-res-field', { hasText: 'حیوان خانگی دارید؟' });
		await card.locator('canvas[role="img"]').waitFor();
		check((await card.locator('canvas').getAttribute('aria-label')).includes('حیوان خانگی دارید؟'), 'the chart is not named after its question');
		// The chart drew bars: some pixels of the canvas are not blank (it
		// draws once attached and sized, so this is waited for).
		await card.locator('canvas').evaluate(
			(c) =>
				new Promise((resolve, reject) => {
					const t0 = Date.now();
					const look = () => {
						const d = c.width && c.height ? c.getContext('2d').getImageData(0, 0, c.width, c.height).data : [];
						let n = 0;
						for (let i = 3; i < d.length; i += 4) n += d[i] > 0 ? 1 : 0;
						if (n > 100) resolve(n);
						else if (Date.now() - t0 > 10000) reject(new Error(`the chart canvas stayed blank (${n} painted pixels)`));
						else setTimeout(look, 100);
					};
					look();
				}),
		);
		const table = card.locator('table.arsh-res-table');
		check((await table.locator('caption').textContent()).includes('حیوان خانگی دارید؟'), 'the table has no caption naming the question');
		const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
		const yes = rows.find((r) => r[0] === 'بله');
		const no = rows.find((r) => r[0] === 'خیر');
		check(yes && no && yes[1] === fa.format(1) && no[1] === fa.format(1), `the table counts ${JSON.stringify(rows)}`);
		check((await table.locator('th[scope="row"]').count()) === rows.length, 'table rows have no row headers');
		const nameCard = page.locator('#arsh-res-fields .arsh-res-field').filter({ has: page.locator('h3', { hasText: /^نام$/ }) });
		const names = await nameCard.locator('.arsh-res-latest li bdi').allInnerTexts();
		check(names.includes('مریم') && names.includes(FORMULA), `latest names: ${names.join(' | ')}`);
		await page.getByLabel('نمایش اعداد به شکل جدول').check();
		check(await table.isVisible(), 'the tables toggle did not show the table');
		await snap(page, 'results');
		axeLines.push(await axe(page, 'results', ROOT));
	});

	await stepThenAxe(page, 'entries: both entries listed, one opened shows what was typed and its normalised form', async () => {
		await page.unrouteAll({ behavior: 'wait' });
		await openPage(page);
		await page.locator(`#arsh-forms-body tr[data-form-id="${id}"]`).getByRole('link', { name: `پاسخ‌ها (فرم ${fa.format(id)})` }).click();
		await page.waitForURL((u) => u.searchParams.get('form') === String(id) && u.searchParams.get('tab') === 'entries');
		await keepNonce(page);
		await page.locator('#arsh-ent-body tr[data-id]').nth(1).waitFor();
		const rows = await page.locator('#arsh-ent-body tr[data-id]').allInnerTexts();
		check(rows.length === 2, `entries listed: ${rows.join(' | ')}`);
		check(rows.some((r) => r.includes('مریم')) && rows.some((r) => r.includes(FORMULA)), `entries: ${rows.join(' | ')}`);
		const codes = await page.locator('#arsh-ent-body tr[data-id] .arsh-code').allInnerTexts();
		check(codes.every((c) => /^\d{10}$/.test(c)), `tracking codes: ${codes.join(', ')}`);
		await page.locator('#arsh-ent-body tr[data-id]', { hasText: 'مریم' }).getByRole('button').click();
		await page.locator('#arsh-ent-detail:not([hidden])').waitFor();
		check((await page.evaluate(() => document.activeElement && document.activeElement.id)) === 'arsh-ent-detail-title', 'focus did not move to the entry');
		const detail = await page.locator('#arsh-ent-detail-list').innerText();
		for (const want of ['مریم', 'پیشی', 'بله', '۰۰۸۴۵۷۵۹۴۸', 'یکدست‌شده', '0084575948']) {
			check(detail.includes(want), `the entry does not show «${want}»:\n${detail}`);
		}
		// The photo the visitor uploaded downloads for the admin, byte for byte.
		const photo = page.locator('#arsh-ent-detail-list a[href*="/files/"]');
		check((await photo.count()) === 1, 'the uploaded photo has no download link');
		const photoBytes = await page.evaluate(async (href) => {
			const r = await fetch(href, { credentials: 'same-origin' });
			return { status: r.status, type: r.headers.get('content-type'), size: (await r.arrayBuffer()).byteLength, disposition: r.headers.get('content-disposition') };
		}, await photo.getAttribute('href'));
		check(photoBytes.status === 200 && photoBytes.size === PHOTO_PNG.length && /image\/png/.test(photoBytes.type) && /attachment/.test(photoBytes.disposition || ''), `photo download: ${JSON.stringify(photoBytes)}`);
		// The entry's notification: the text left through the provider and the entry says so.
		const code = (await page.locator('#arsh-ent-body tr[data-id]', { hasText: 'مریم' }).locator('.arsh-code').innerText()).trim();
		let deliveries = '';
		for (let i = 0; i < 20 && !deliveries.includes('ارسال شد'); i++) {
			if (i > 0) {
				await page.waitForTimeout(1000);
				await page.locator('#arsh-ent-body tr[data-id]', { hasText: 'مریم' }).getByRole('button').click();
			}
			deliveries = await page.locator('#arsh-ent-deliveries').innerText().catch(() => '');
		}
		check(deliveries.includes('اعلان‌های این پاسخ') && deliveries.includes('پیامک') && deliveries.includes('ارسال شد'), `the entry's notifications:\n${deliveries}`);
		check(!deliveries.includes(NOTIFY_MOBILE), `the receiver is shown unmasked:\n${deliveries}`);
		const latin = (t) => t.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
		const texted = smsLines().filter((l) => l.to === NOTIFY_MOBILE && l.message.includes('مریم') && latin(l.message).includes(code));
		check(texted.length === 1, `texts to ${NOTIFY_MOBILE} with «مریم» and ${code}: ${JSON.stringify(smsLines().filter((l) => l.to === NOTIFY_MOBILE))}`);
		// In bulk: Maryam's entry starred; the list filtered to starred
		// entries shows it alone; erasing asks first, and cancelled erases nothing.
		const maryam = page.locator('#arsh-ent-body tr[data-id]', { hasText: 'مریم' });
		await maryam.getByRole('checkbox').check();
		await page.getByRole('button', { name: 'ستاره‌دار کردن', exact: true }).click();
		await page.locator('#arsh-ent-msg', { hasText: `${fa.format(1)} پاسخ به‌روز شد.` }).waitFor();
		check((await maryam.locator('.arsh-status').innerText()) === 'ستاره‌دار', `the starred entry's status: ${await maryam.locator('.arsh-status').innerText()}`);
		check(!(await maryam.getByRole('checkbox').isChecked()), 'the selection outlived the page it was made on');
		check((await page.locator('#arsh-ent-detail-meta').innerText()).includes('ستاره‌دار'), `the opened entry's status: ${await page.locator('#arsh-ent-detail-meta').innerText()}`);
		const listed = (n) => page.waitForFunction((want) => document.querySelectorAll('#arsh-ent-body tr[data-id]').length === want, n);
		await page.getByLabel('وضعیت', { exact: true }).selectOption('starred');
		await page.getByRole('button', { name: 'نمایش پاسخ‌ها', exact: true }).click();
		await listed(1);
		check((await page.locator('#arsh-ent-body tr[data-id]').innerText()).includes('مریم'), 'the starred filter does not show the starred entry');
		await page.getByLabel('انتخاب همهٔ پاسخ‌های این صفحه').check();
		await page.getByRole('button', { name: 'حذف', exact: true }).click();
		const ask = page.getByRole('dialog');
		await ask.waitFor();
		check((await ask.innerText()).includes(`${fa.format(1)} پاسخ برای همیشه حذف شود؟`), `the erase question: ${await ask.innerText()}`);
		await ask.getByRole('button', { name: 'لغو', exact: true }).click();
		await ask.waitFor({ state: 'detached' });
		check((await page.locator('#arsh-ent-body tr[data-id]').count()) === 1, 'a cancelled erase changed the list');
		check((await rest(page, 'GET', `/arshline/v1/forms/${id}/submissions`, { query: '&limit=5' })).body.items.length === 2, 'a cancelled erase erased');
		await page.getByLabel('وضعیت', { exact: true }).selectOption('');
		await page.getByRole('button', { name: 'نمایش پاسخ‌ها', exact: true }).click();
		await listed(2);
		// Closed, the entry gives focus back to its row's button; opened again, to its heading.
		await page.locator('#arsh-ent-detail').getByRole('button', { name: 'بستن', exact: true }).click();
		await page.locator('#arsh-ent-detail').waitFor({ state: 'detached' });
		check(await maryam.getByRole('button').evaluate((b) => b === document.activeElement), 'focus did not go back to the entry row');
		await maryam.getByRole('button').click();
		await page.locator('#arsh-ent-detail-title').waitFor();
		check((await page.evaluate(() => document.activeElement && document.activeElement.id)) === 'arsh-ent-detail-title', 'focus did not move to the entry opened again');
		await snap(page, 'entries');
		axeLines.push(await axe(page, 'entries', ROOT));
	});

	await stepThenAxe(page, 'CSV and XLSX downloads read back: BOM, Persian intact, the formula kept as text', async () => {
		await openPage(page, FORM_PAGE(id, 'results'));
		await page.locator('#arsh-res-total', { hasText: fa.format(2) }).waitFor();
		const fetchFile = async (format) => {
			const link = page.locator(`#arsh-res-${format}`);
			const href = await link.getAttribute('href');
			check(decodeURIComponent(href).includes(`/arshline/v1/forms/${id}/export`) && href.includes(`format=${format}`), `${format} link: ${href}`);
			const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), link.click()]);
			check(!(await download.failure()), `${format} download failed: ${await download.failure()}`);
			check(download.suggestedFilename().endsWith(`.${format}`), `${format} file name: ${download.suggestedFilename()}`);
			const bytes = readFileSync(await download.path());
			writeFileSync(join(ART, `export.${format}`), bytes);
			return bytes;
		};

		const csv = await fetchFile('csv');
		check(csv[0] === 0xef && csv[1] === 0xbb && csv[2] === 0xbf, `the CSV does not start with the UTF-8 BOM: ${csv.subarray(0, 3).toString('hex')}`);
		const table = parseCsv(csv.subarray(3).toString('utf8'));
		check(table.length === 3, `CSV rows: ${table.length} (a header and two entries expected)`);
		const cells = table.flat();
		check(cells.includes('مریم') && cells.includes('پیشی'), `the Persian answers are not intact in the CSV: ${JSON.stringify(table)}`);
		check(cells.includes(`'${FORMULA}`), `the formula is not neutralised in the CSV: ${JSON.stringify(table)}`);
		check(!cells.some((c) => /^[=+@]/.test(c)), `a CSV cell a spreadsheet would run: ${JSON.stringify(cells.filter((c) => /^[=+@]/.test(c)))}`);

		const xlsx = await fetchFile('xlsx');
		check(xlsx.subarray(0, 2).toString('latin1') === 'PK', 'the XLSX is not a zip');
		const files = unzip(xlsx);
		const sheetName = Object.keys(files).find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
		check(sheetName, `no worksheet in the XLSX: ${Object.keys(files).join(', ')}`);
		const shared = files['xl/sharedStrings.xml'] ? files['xl/sharedStrings.xml'].toString('utf8') : '';
		const xcells = sheetCells(files[sheetName].toString('utf8'), shared);
		const texts = xcells.map((c) => c.text);
		check(texts.includes('مریم') && texts.includes('پیشی'), `the Persian answers are not in the XLSX: ${JSON.stringify(texts)}`);
		const f = xcells.find((c) => c.text.includes('HYPERLINK'));
		check(f, `the formula text is not in the XLSX: ${JSON.stringify(texts)}`);
		check(f.formula === null && (f.type === 's' || f.type === 'inlineStr') && f.text.replace(/^'/, '') === FORMULA, `the formula cell is not plain text: ${JSON.stringify(f)}`);
		check(xcells.every((c) => c.formula === null), 'the XLSX has formula cells');
		await snap(page, 'results-downloaded');
	});

	await stepThenAxe(page, 'axe-core: the builder of the answered form', async () => {
		await openPage(page, FORM_PAGE(id, 'build'));
		await page.locator('#arsh-builder:not([hidden])').waitFor();
		await page.locator('#arsh-b-fields > li').nth(4).waitFor();
		for (const until = Date.now() + 15000; (await page.frameLocator('#arsh-b-preview iframe.arsh-server-preview').locator('.arshline-field').count().catch(() => 0)) < 4; ) {
			check(Date.now() < until, 'the preview of the answered form did not come');
			await page.waitForTimeout(200);
		}
		await snap(page, 'builder-answered-form');
		axeLines.push(await axe(page, 'builder', ROOT));
	});

	await stepThenAxe(page, 'every admin page in Persian: its own script alone, a screenshot, axe-core', async () => {
		const pages = [
			['forms', PAGE, 'forms'],
			['new-form', NEW_FORM, 'new-form'],
			['form-build', FORM_PAGE(id, 'build'), 'form-build'],
			['form-settings', FORM_PAGE(id, 'settings'), 'form-settings'],
			['form-entries', FORM_PAGE(id, 'entries'), 'form-entries'],
			['form-results', FORM_PAGE(id, 'results'), 'form-results'],
			['form-versions', FORM_PAGE(id, 'versions'), 'form-versions'],
			['ai', AI, 'ai'],
			['settings', SETTINGS, 'settings'],
		];
		const sizes = {};
		for (const [name, url, entry] of pages) {
			await openPage(page, url);
			check((await page.getAttribute(ROOT, 'dir')) === 'rtl', `${name} is not RTL`);
			const ours = await page.evaluate(() => [...document.querySelectorAll('script[src*="/arshline-sidecar/build/"]')].map((el) => new URL(el.src).pathname.split('/').pop()));
			check(ours.length === 1 && ours[0] === `${entry}.js`, `${name} loads ${ours.join(', ')}, not ${entry}.js alone`);
			sizes[entry] = readFileSync(new URL(`../wp-plugin/arshline-sidecar/build/${entry}.js`, import.meta.url)).length;
			// Each page's own content has arrived before it is looked at.
			await page.waitForLoadState('networkidle');
			await snap(page, `page-${name}`);
			axeLines.push(await axe(page, `page-${name}`, ROOT));
		}
		writeFileSync(join(ART, 'bundle-sizes.json'), JSON.stringify(sizes, null, 2));
		axeLines.push(`e2e: script bytes per page: ${Object.entries(sizes).map(([k, v]) => `${k} ${v}`).join(', ')}`);
	});

	const ctx = await browser.newContext({ locale: 'fa-IR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
	const phone = await ctx.newPage();
	phone.setDefaultTimeout(20000);
	try {
		await stepThenAxe(phone, 'axe-core: the public form on a phone, and with its errors shown', async () => {
			await phone.goto(form.link);
			await phone.locator('.arshline-form').waitFor();
			await snap(phone, 'public-form-axe');
			axeLines.push(await axe(phone, 'public-form'));
			// Again with the page's errors on show: the summary, the messages
			// tied to their inputs and aria-invalid are what a screen reader
			// user meets after a mistake.
			await phone.getByRole('button', { name: 'بعدی' }).click();
			await phone.locator('[data-field="name"] .arshline-field__error').waitFor();
			await snap(phone, 'public-form-errors-axe');
			axeLines.push(await axe(phone, 'public-form-errors'));
		});
	} finally {
		await ctx.close();
	}
}

// The office's mobile a form's notification texts.
const NOTIFY_MOBILE = '09121112233';

/**
 * An application password made on the profile's REST route, then the
 * plugin's routes called with it as a program would (Basic auth, no
 * cookie, no nonce); a wrong password is refused. The exchange is kept in
 * artifacts/app-password.txt.
 */
async function appPasswordSteps(page) {
	const made = await rest(page, 'POST', '/wp/v2/users/me/application-passwords', { body: { name: 'arshline-e2e' } });
	check(made.status === 201 && typeof made.body.password === 'string', `application password: ${made.status} ${JSON.stringify(made.body).slice(0, 300)}`);
	const lines = [];
	const call = async (method, route, body, password = made.body.password) => {
		const auth = Buffer.from(`${env('E2E_USER')}:${password}`).toString('base64');
		const url = `${URL_}/index.php?rest_route=${route}`;
		const res = await fetch(url, { method, headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
		const text = await res.text();
		lines.push(`> ${method} ${url}`, '> Authorization: Basic <admin:application password>', ...(body === undefined ? [] : [`> ${JSON.stringify(body)}`]), `< ${res.status}`, `< ${text.slice(0, 600)}`, '');
		return { status: res.status, body: parseBody(text) };
	};
	try {
		const list = await call('GET', encodeURIComponent('/arshline/v1/forms') + '&_fields=id,title');
		check(list.status === 200 && Array.isArray(list.body), `forms by application password: ${list.status} ${JSON.stringify(list.body).slice(0, 300)}`);
		check(list.body.every((f) => Object.keys(f).join(',') === 'id,title'), `_fields did not pick id,title: ${JSON.stringify(list.body[0])}`);
		const title = 'فرم <b>برنامه</b>  با  دو فاصله';
		const created = await call('POST', encodeURIComponent('/arshline/v1/forms'), { title });
		check(created.status === 201 && created.body.form.title === title, `create by application password: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
		const job = await call('POST', encodeURIComponent(`/hosha2/v1/forms/${created.body.form.id}/generate`), { prompt: 'فرم تماس با نام و ایمیل' });
		check(job.status === 202 && typeof job.body.request_id === 'string', `Hosha2 by application password, no action nonce: ${job.status} ${JSON.stringify(job.body).slice(0, 300)}`);
		const cancel = await call('POST', encodeURIComponent(`/hosha2/v1/requests/${job.body.request_id}/cancel`));
		check(cancel.status === 200, `cancel by application password: ${cancel.status}`);
		const wrong = await call('GET', encodeURIComponent('/arshline/v1/forms'), undefined, 'abcd efgh ijkl mnop qrst uvwx');
		check(wrong.status === 401, `a wrong application password: ${wrong.status}`);
	} finally {
		writeFileSync(join(ART, 'app-password.txt'), lines.join('\n'));
	}
}

/**
 * A form's Settings tab: the welcome text and an answer limit saved as a
 * version; a webhook to a receiver on loopback, which then gets the next
 * answer signed with the site's secret the tab shows.
 */
async function settingsTabSteps(page) {
	const hits = [];
	const receiver = createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			hits.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			res.statusCode = 204;
			res.end();
		});
	});
	await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	const hook = `http://127.0.0.1:${receiver.address().port}/arshline-hook`;
	try {
		const created = await rpc('forms.create', {
			title: 'فرم وب‌هوک',
			status: 'published',
			document: { version: 'arshline_form@v1', fields: [{ id: 'q', type: 'text', label: 'پیام شما', required: true }] },
			actor: { user_id: 1, caps: ['manage_arshline_forms'], locale: 'fa_IR', site_id: 1 },
		});
		const id = created.form.id;
		await openPage(page, FORM_PAGE(id, 'settings'));
		check((await page.locator('.nav-tab-active').innerText()) === 'تنظیمات', 'the Settings tab is not the current one');
		await page.locator('#arsh-form-settings').waitFor();
		await page.getByLabel('متن خوشامد، بالای پرسش‌ها').fill('خوش آمدید؛ پاسخ شما به ما می‌رسد.');
		await page.getByLabel('بیشترین تعداد پاسخ (خالی: بی‌محدودیت)').fill('100');
		// The close date on the site's clock (Asia/Tehran) through the Jalali
		// picker: a day typed in Persian digits, a week on by the keyboard.
		check((await page.locator('#arsh-set-close-help').innerText()).includes('Asia/Tehran'), 'the close date does not name the site\'s time zone');
		await page.getByLabel('روز (سال/ماه/روز، تقویم شمسی)').fill('۱۴۰۹/۰۹/۱۰');
		await page.getByRole('button', { name: 'انتخاب روز از تقویم' }).click();
		await snap(page, 'form-settings-close-picker');
		await page.keyboard.press('ArrowDown');
		await page.keyboard.press('Enter');
		const closeDay = await page.inputValue('#arsh-set-close-date');
		check(closeDay === '۱۴۰۹/۰۹/۱۷', `the picker wrote «${closeDay}», not ۱۴۰۹/۰۹/۱۷`);
		await page.getByLabel('ساعت (ساعت:دقیقه، ۲۴ ساعته)').fill('۱۸:۳۰');
		await page.click('#arsh-webhook-add');
		await page.getByLabel(`نشانی ${fa.format(1)}`).fill(hook);
		await page.click('#arsh-set-save');
		await page.locator('#arsh-form-settings .components-notice.is-success').waitFor();
		const saved = (await rest(page, 'GET', `/arshline/v1/forms/${id}`)).body.document.settings;
		check(saved.welcome === 'خوش آمدید؛ پاسخ شما به ما می‌رسد.' && saved.max_submissions === 100, `saved settings: ${JSON.stringify(saved)}`);
		// 17 Azar 1409, 18:30 in Tehran (+03:30).
		check(saved.close_at === '2030-12-08T15:00:00Z', `saved close_at: ${saved.close_at}`);
		check(Array.isArray(saved.webhooks) && saved.webhooks.length === 1 && saved.webhooks[0].url === hook, `saved webhooks: ${JSON.stringify(saved.webhooks)}`);
		await page.click('#arsh-webhook-secret-show');
		const secret = (await page.locator('#arsh-webhook-secret-value').innerText()).trim();
		check(/^[0-9a-f]{64}$/.test(secret), `the secret shown: «${secret}»`);
		await snap(page, 'form-settings-webhook');

		// "Send a test": a signed test delivery reaches the receiver, and the tab lists it.
		await page.click('#arsh-webhook-test');
		const outcome = page.locator('.arsh-webhook-test-outcome.is-success');
		await outcome.waitFor();
		check((await outcome.innerText()).includes('تحویل'), `the test's outcome: ${await outcome.innerText()}`);
		const testDeadline = Date.now() + 20000;
		while (!hits.some((x) => JSON.parse(x.body).event === 'test') && Date.now() < testDeadline) {
			await page.waitForTimeout(200);
		}
		const t = hits.find((x) => JSON.parse(x.body).event === 'test');
		check(t, 'the receiver got no test delivery within 20 s');
		const tested = 'v2=' + createHmac('sha256', secret).update(`${t.headers['x-arshline-delivery']}\n${t.headers['x-arshline-timestamp']}\n${hook}\n${t.body}`).digest('hex');
		check(t.headers['x-arshline-signature'] === tested && JSON.parse(t.body).submission_id === 0, `test delivery ${t.body.slice(0, 200)} signed ${t.headers['x-arshline-signature']}`);

		// A respondent answers; the delivery reaches the receiver, signed.
		const respondent = { user_id: 0, caps: [], locale: 'fa_IR', site_id: 1 };
		const pub = await rpc('forms.public', { token: created.form.public_token, actor: respondent });
		await page.waitForTimeout(3300);
		const sent = await rpc('submissions.submit', { token: created.form.public_token, form_token: pub.form_token, answers: { q: 'سلام از وب‌هوک' }, client: { ip_hash: 'e2e-webhook' }, actor: respondent });
		const deadline = Date.now() + 20000;
		const answered = () => hits.find((x) => JSON.parse(x.body).event === 'submission.created');
		while (!answered() && Date.now() < deadline) {
			await page.waitForTimeout(200);
		}
		check(answered(), 'the receiver got no delivery within 20 s');
		const h = answered();
		const event = JSON.parse(h.body);
		check(event.event === 'submission.created' && event.submission_id === sent.submission_id && JSON.stringify(event.answers).includes('سلام از وب‌هوک'), `delivery body: ${h.body.slice(0, 300)}`);
		const expected = 'v2=' + createHmac('sha256', secret).update(`${h.headers['x-arshline-delivery']}\n${h.headers['x-arshline-timestamp']}\n${hook}\n${h.body}`).digest('hex');
		check(h.headers['x-arshline-signature'] === expected, `signature ${h.headers['x-arshline-signature']} is not the secret's ${expected}`);
	} finally {
		receiver.close();
	}
}
