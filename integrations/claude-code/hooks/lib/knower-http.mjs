import { createRequire } from 'node:module';

// http and https are loaded with require, not import: on Node 22 an ESM import of node:http
// builds its namespace by reading every export, and one of them (a lazy getter) loads the
// built-in WebSocket client, ~100 ms of a hook's start. require reads only what is used.
const require = createRequire(import.meta.url);

/**
 * One request to the Knower service, bounded twice: connecting (a stopped service refuses at
 * once; a host that drops packets would otherwise hang) and the whole exchange. Any failure
 * resolves to undefined: the hooks treat "no answer" as "say nothing".
 */
export function request(settings, method, path, { body, headers = {}, connectMs = 500, totalMs = 2000 } = {}) {
  return new Promise((resolve) => {
    let url;
    try {
      url = new URL(settings.url + path);
    } catch {
      return resolve(undefined);
    }
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const client = url.protocol === 'https:' ? require('node:https') : require('node:http');
    let done = false;
    const finish = (value) => {
      if (done) return;
      done = true;
      clearTimeout(total);
      clearTimeout(connect);
      resolve(value);
    };
    const req = client.request(
      url,
      {
        method,
        headers: {
          accept: 'application/json',
          ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = undefined;
          }
          finish({ status: res.statusCode ?? 0, json });
        });
        res.on('error', () => finish(undefined));
      },
    );
    const total = setTimeout(() => {
      req.destroy();
      finish(undefined);
    }, totalMs);
    const connect = setTimeout(() => {
      req.destroy();
      finish(undefined);
    }, connectMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connect);
      else socket.once('connect', () => clearTimeout(connect));
    });
    req.on('error', () => finish(undefined));
    req.end(payload);
  });
}
