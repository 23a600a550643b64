import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** A small reverse proxy in front of several instances, as nginx or caddy would stand (tests). */
export interface ReverseProxy {
  port: number;
  /** The backend port that answered each request (or took each WebSocket upgrade), in order. */
  served: { port: number; upgrade: boolean; url: string }[];
  /** Requests or upgrades sent again to the next backend because one refused the connection. */
  retries: number;
  /** Requests sent again because a backend reset the connection before answering (see below). */
  resets: number;
  /** Requests answered 502: what went wrong with the backend. */
  failures: { port: number; url: string; error: string }[];
  close(): Promise<void>;
}

const isRefused = (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED';

/**
 * Round-robin over `backends` (ports on 127.0.0.1), with WebSocket upgrades passed through. A backend that
 * refuses the connection (stopped, or restarting) is skipped and the request goes to the next one: a
 * refused connection never reached the server, so sending it again is safe for any method. So is a
 * connection reset before any answer: a stopping instance (server/shutdown.ts) answers every request it
 * has read, and the kernel resets only the connections it completed after the listener's last accept,
 * whose requests the app never saw (nginx: `proxy_next_upstream error`, plus `non_idempotent` for POST).
 * A request sent twice would show as a duplicate row in the tests. One connection per request (no
 * keep-alive to the backends), so a backend that stops is not reached over an old one.
 */
export async function startReverseProxy(backends: number[]): Promise<ReverseProxy> {
  let next = 0;
  const proxy: ReverseProxy = {
    port: 0,
    served: [],
    retries: 0,
    resets: 0,
    failures: [],
    close: async () => {},
  };
  const order = () => {
    const start = next++ % backends.length;
    return backends.map((_, i) => backends[(start + i) % backends.length]);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryBackend = (ports: number[]) => {
        const [port, ...rest] = ports;
        let answered = false;
        const upstream = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false },
          (answer) => {
            answered = true;
            proxy.served.push({ port, upgrade: false, url: req.url ?? '' });
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          const reset = err.code === 'ECONNRESET' && !answered;
          if ((isRefused(err) || reset) && rest.length) {
            if (reset) proxy.resets++;
            else proxy.retries++;
            tryBackend(rest);
            return;
          }
          proxy.failures.push({ port, url: req.url ?? '', error: err.code ?? err.message });
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`bad gateway: ${err.code ?? err.message}`);
        });
        upstream.end(body);
      };
      tryBackend(order());
    });
  });

  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req, client: net.Socket, head) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    const tryBackend = (ports: number[]) => {
      const [port, ...rest] = ports;
      const upstream = net.connect(port, '127.0.0.1');
      let connected = false;
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (connected) {
          client.destroy();
        } else if (isRefused(err) && rest.length) {
          proxy.retries++;
          tryBackend(rest);
        } else {
          client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        }
      });
      upstream.once('connect', () => {
        connected = true;
        tunnels.add(upstream);
        proxy.served.push({ port, upgrade: true, url: req.url ?? '' });
        // The upgrade request as it came, then whatever the client sent after it.
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => {
          tunnels.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
      });
    };
    tryBackend(order());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
