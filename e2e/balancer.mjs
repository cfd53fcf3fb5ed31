// The load balancer of the two-host pass: one address (the site's URL)
// in front of two PHP servers, as a site that outgrew one machine has.
// The browser test picks the host of each request, as a balancer's
// stickiness would: the X-E2E-Host request header, else the
// arshline_e2e_host cookie, else the first host. The request goes on
// unchanged (its Host header too, so WordPress sees its own URL); the
// answer says which host served it in X-E2E-Host, and each request is
// logged as "HOST METHOD PATH".
//
//   node balancer.mjs 127.0.0.1:PORT LOG a=127.0.0.1:PORT_A b=127.0.0.1:PORT_B
import { createServer, request } from 'node:http';
import { appendFileSync } from 'node:fs';

const [listen, log, ...specs] = process.argv.slice(2);
if (!listen || !log || specs.length < 2) {
	console.error('usage: node balancer.mjs HOST:PORT LOG NAME=HOST:PORT NAME=HOST:PORT...');
	process.exit(2);
}
const hosts = new Map(
	specs.map((s) => {
		const [name, addr] = s.split('=');
		const at = addr.lastIndexOf(':');
		return [name, { host: addr.slice(0, at), port: Number(addr.slice(at + 1)) }];
	}),
);
const first = specs[0].split('=')[0];

function pick(req) {
	const named = req.headers['x-e2e-host'];
	if (named) {
		return named;
	}
	const m = /(?:^|;\s*)arshline_e2e_host=([a-z0-9]+)/.exec(req.headers.cookie || '');
	return m ? m[1] : first;
}

const server = createServer((req, res) => {
	const name = pick(req);
	const to = hosts.get(name);
	if (!to) {
		res.writeHead(400, { 'Content-Type': 'text/plain' }).end(`balancer: no host «${name}»\n`);
		return;
	}
	appendFileSync(log, `${name} ${req.method} ${req.url}\n`);
	const headers = { ...req.headers };
	delete headers['x-e2e-host'];
	const up = request({ host: to.host, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
		res.writeHead(answer.statusCode, answer.statusMessage, { ...answer.headers, 'x-e2e-host': name });
		answer.pipe(res);
	});
	up.on('error', (err) => {
		if (!res.headersSent) {
			res.writeHead(502, { 'Content-Type': 'text/plain' });
		}
		res.end(`balancer: host ${name}: ${err.message}\n`);
	});
	req.pipe(up);
});

// The address was the one-host server's until a moment ago: wait for it.
const at = listen.lastIndexOf(':');
let tries = 0;
server.on('error', (err) => {
	if (err.code === 'EADDRINUSE' && ++tries < 50) {
		setTimeout(() => server.listen(Number(listen.slice(at + 1)), listen.slice(0, at)), 100);
		return;
	}
	console.error(`balancer: ${err.message}`);
	process.exit(1);
});
server.listen(Number(listen.slice(at + 1)), listen.slice(0, at), () => console.log('ready'));
