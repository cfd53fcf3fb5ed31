// What both browser tests need beside the browser: their settings from
// .ci/e2e.sh's environment, and the daemon over its socket.
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
