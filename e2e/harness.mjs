// What the three browser tests (run.mjs, visitor.mjs, hosts.mjs) share:
// their settings from .ci/e2e.sh's environment, the daemon over its
// socket, Chromium and its pages, the checks, screenshots and timings of
// their steps, WordPress's REST answers read as JSON, and the texts the
// SMS stand-in took.
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'node:net';

/** The environment variable name, which .ci/e2e.sh sets. */
export const env = (name) => {
	const v = process.env[name];
	if (!v) {
		throw new Error(`${name} is not set; run this through .ci/e2e.sh`);
	}
	return v;
};

/** One JSON-RPC call to the daemon over its socket (E2E_SOCKET unless another is named). */
export function rpc(method, params, socket = env('E2E_SOCKET')) {
	return new Promise((resolve, reject) => {
		const conn = createConnection(socket);
		let buf = '';
		conn.on('data', (d) => {
			buf += d;
			const nl = buf.indexOf('\n');
			if (nl >= 0) {
				conn.end();
				const reply = JSON.parse(buf.slice(0, nl));
				if (reply.error) {
					reject(new Error(`${method}: ${JSON.stringify(reply.error)}`));
				} else {
					resolve(reply.result);
				}
			}
		});
		conn.on('error', reject);
		conn.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) + '\n');
	});
}

/** The site's administrator, as the shim names the caller of an RPC call. */
export const ADMIN = { user_id: 1, caps: ['manage_options', 'manage_arshline_forms'], locale: 'fa_IR', site_id: 1 };

/** Persian digits, as the plugin writes numbers. */
export const fa = new Intl.NumberFormat('fa-IR', { useGrouping: false });

/** The plugin's own part of each admin page. */
export const ROOT = '.wrap.arshline-sidecar';

export function check(condition, message) {
	if (!condition) {
		throw new Error(message);
	}
}

/**
 * The screenshots and timed steps of one test: its screenshots are
 * named prefix + their number + name in E2E_ARTIFACTS, its steps printed
 * after label. snap returns the screenshot's file; a step that fails
 * takes one and throws on.
 */
export function steps(prefix, label) {
	const art = env('E2E_ARTIFACTS');
	mkdirSync(art, { recursive: true });
	const timings = [];
	let shot = 0;
	async function snap(page, name) {
		shot += 1;
		const file = join(art, `${prefix}${String(shot).padStart(2, '0')}-${name}.png`);
		await page.screenshot({ path: file, fullPage: true });
		return file;
	}
	async function step(page, name, fn) {
		const t0 = performance.now();
		process.stdout.write(`e2e: ▶ ${label}${name} … `);
		try {
			await fn();
		} catch (err) {
			process.stdout.write('FAILED\n');
			await snap(page, `FAILED-${name.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
			throw err;
		}
		const ms = Math.round(performance.now() - t0);
		timings.push({ step: name, ms });
		process.stdout.write(`ok (${ms} ms)\n`);
	}
	return { snap, step, timings };
}

/** Debian's Chromium (E2E_CHROMIUM), headless, with nothing of its own on the network. */
export function launch() {
	return chromium.launch({
		executablePath: env('E2E_CHROMIUM'),
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
	});
}

/**
 * A page in a new context of browser with options, and the errors its
 * scripts throw or log (and, with dialogs, any dialog it opens, which is
 * dismissed): the test checks them empty.
 */
export async function newPage(browser, options, { dialogs = false } = {}) {
	const ctx = await browser.newContext(options);
	const page = await ctx.newPage();
	page.setDefaultTimeout(20000);
	const errors = [];
	page.on('pageerror', (err) => errors.push(String(err)));
	page.on('console', (msg) => msg.type() === 'error' && !/Failed to load resource/.test(msg.text()) && errors.push(msg.text()));
	if (dialogs) {
		page.on('dialog', (d) => {
			errors.push(`unexpected dialog: ${d.message()}`);
			d.dismiss();
		});
	}
	return { ctx, page, errors };
}

/** A REST answer's body: its JSON, or { raw } with the text when it is none. */
export function parseBody(text) {
	try {
		return JSON.parse(text);
	} catch {
		return { raw: text };
	}
}

/**
 * A REST call to WordPress (E2E_URL) with the page's cookies and, unless
 * nonce is false, the nonce keepNonce kept; hosha2 names the action nonce
 * of a Hosha2 call. Returns { status, headers, body }.
 */
export async function rest(page, method, route, { body, nonce = true, hosha2 = null, query = '', headers = {} } = {}) {
	const sent = { 'Content-Type': 'application/json', ...headers };
	if (nonce) {
		sent['X-WP-Nonce'] = await page.evaluate(() => window.arshE2ENonce);
	}
	if (hosha2) {
		sent['X-Hosha2-Nonce'] = await page.evaluate((k) => window.arshlineSidecar.nonces[k], hosha2);
	}
	const res = await page.request.fetch(`${env('E2E_URL')}/index.php?rest_route=${encodeURIComponent(route)}${query}`, {
		method,
		headers: sent,
		data: body === undefined ? undefined : JSON.stringify(body),
		failOnStatusCode: false,
		timeout: 60000,
	});
	return { status: res.status(), headers: res.headers(), body: parseBody(await res.text()) };
}

/** The nonce apiFetch uses, kept on the page for the direct REST checks. */
export async function keepNonce(page) {
	await page.evaluate(async () => {
		const r = await fetch(`${window.ajaxurl}?action=rest-nonce`, { credentials: 'same-origin' });
		window.arshE2ENonce = (await r.text()).trim();
	});
}

/** An admin page of the plugin (its forms list unless url is given), loaded, and its nonce kept. */
export async function openPage(page, url = `${env('E2E_URL')}/wp-admin/admin.php?page=arshline-sidecar`) {
	await page.goto(url, { waitUntil: 'domcontentloaded' });
	await page.locator(ROOT).first().waitFor();
	await keepNonce(page);
}

/** The lines of file, none while it does not exist. */
export function fileLines(file) {
	try {
		return readFileSync(file, 'utf8').split('\n').filter(Boolean);
	} catch {
		return [];
	}
}

/** The texts the SMS stand-in has taken so far (E2E_SMS_LOG), one JSON line each. */
export function smsLines() {
	return fileLines(env('E2E_SMS_LOG')).map((l) => JSON.parse(l));
}

/** Runs a test's main, saying done when it passes; any failure exits non-zero. */
export function run(main, done) {
	main().then(
		(...args) => console.log(done(...args)),
		(err) => {
			console.error(`e2e: ${err.stack || err}`);
			process.exit(1);
		},
	);
}
