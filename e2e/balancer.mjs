// The load balancer of the two-host pass: one address (the site's URL)
// in front of two PHP servers, as a site that outgrew one machine has.
// Each request goes to the host named by, in order: the X-E2E-Host
// request header or the arshline_e2e_host cookie (the browser test
// picking a host, as a balancer's stickiness would); the
// arshline_upload_host cookie the plugin sets on an upload's first chunk
// (the host whose daemon holds the upload: routed on as OPERATIONS.md's
// HAProxy and nginx lines do); else the hosts in turn. The request goes
// on unchanged (its Host header too, so WordPress sees its own URL); the
// answer says which host served it in X-E2E-Host, and each request is
// logged as "HOST METHOD PATH".
//
//   node balancer.mjs 127.0.0.1:PORT LOG a=127.0.0.1:PORT_A=NODE_A b=127.0.0.1:PORT_B=NODE_B
//
// NODE is the host's daemon's --node-name, the value of its upload
// cookie (default: the host's name).
import { createServer, request } from 'node:http';
import { appendFileSync } from 'node:fs';

const [listen, log, ...specs] = process.argv.slice(2);
if (!listen || !log || specs.length < 2) {
	console.error('usage: node balancer.mjs HOST:PORT LOG NAME=HOST:PORT[=NODE] NAME=HOST:PORT[=NODE]...');
	process.exit(2);
}
const hosts = new Map();
const byNode = new Map();
for (const spec of specs) {
	const [name, addr, node = name] = spec.split('=');
	const at = addr.lastIndexOf(':');
	hosts.set(name, { host: addr.slice(0, at), port: Number(addr.slice(at + 1)) });
	byNode.set(node, name);
}
const names = [...hosts.keys()];
let turn = 0;

function cookie(req, name) {
	const m = new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9._-]+)`).exec(req.headers.cookie || '');
	return m ? m[1] : '';
}

function pick(req) {
	const named = req.headers['x-e2e-host'] || cookie(req, 'arshline_e2e_host');
	if (named) {
		return named;
	}
	const upload = cookie(req, 'arshline_upload_host');
	if (upload) {
		return byNode.get(upload) || `node ${upload}`;
	}
	turn = (turn + 1) % names.length;
	return names[turn];
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
