import type { Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

/** Servers that received a stop signal: /readyz answers 503 from then on. */
const draining = new WeakSet<Server>();

/** True once a shutdown of this server began (it takes no new work and fails readiness). */
export function isDraining(server: Server): boolean {
  return draining.has(server);
}

export interface ShutdownOptions {
  /** Everything is over within this time: a shutdown that takes longer ends the process with 1. */
  hardLimitMs?: number;
  /** After the signal, connections already accepted get at least this long to have their request read. */
  minGraceMs?: number;
  /** ...and at most this long when one of them has sent nothing yet. */
  maxGraceMs?: number;
  /** Ends the process (tests pass their own). */
  exit?: (code: number) => void;
}

const GOING_AWAY = 1001;

/**
 * Prepares the graceful stop of a server that is about to listen, and answers the function a signal
 * calls. The stop goes in two steps:
 *
 * 1. Drain: readiness fails, open WebSockets are closed with 1001, the listening socket closes once the
 *    connections the kernel already holds were accepted (new ones are refused; closing it earlier
 *    resets them), and every request that reached us gets its real answer, with `Connection: close`.
 *    Connections that sent nothing yet get a short grace to have their request read: under load the
 *    event loop reads a request some time after it arrived, and closing such a connection as idle
 *    resets a request the client already sent.
 * 2. Close: `app.close()` closes the connections still idle, waits for the requests in flight, then
 *    runs the onClose hooks (background jobs finish), and the database closes.
 *
 * A stop still running a second before `hardLimitMs` (10 s) cuts every connection, gives the database
 * that second to close, and exits with 1.
 */
export function prepareShutdown(app: FastifyInstance, database: Database, options: ShutdownOptions = {}) {
  const {
    hardLimitMs = 10_000,
    minGraceMs = 150,
    maxGraceMs = 1_500,
    exit = (code) => process.exit(code),
  } = options;
  const server = app.server;
  const sockets = new Set<Socket>();
  const inFlight = new Set<ServerResponse>();

  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Before Fastify's own listener, so a request that arrives while draining is answered with Connection: close.
  server.prependListener('request', (_req, res) => {
    if (draining.has(server)) res.setHeader('connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  let started = false;
  let forced = false;

  const terminateSockets = () => {
    for (const ws of app.websocketServer?.clients ?? []) {
      if (ws.readyState !== ws.CLOSED) ws.terminate();
    }
  };

  return async function shutdown(signal: string): Promise<void> {
    if (started) return;
    started = true;
    const began = Date.now();
    const log = app.log;
    log.info({ signal }, 'shutting down: finishing the requests already received');

    const hard = setTimeout(() => {
      forced = true;
      log.error({ openConnections: sockets.size }, 'shutdown is taking too long: closing every connection');
      server.closeAllConnections();
      terminateSockets();
      // The database gets a moment to close; the process ends at the limit either way.
      setTimeout(() => exit(1), 900);
      void database.close().finally(() => exit(1));
    }, hardLimitMs - 1_000);

    try {
      draining.add(server);
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader('connection', 'close');
      }
      for (const ws of app.websocketServer?.clients ?? []) ws.close(GOING_AWAY, 'server shutting down');
      // A client that does not answer the close frame is cut off after a second.
      setTimeout(terminateSockets, 1_000).unref();

      if (server.listening) {
        // Connections the kernel already completed wait in the listen queue, and closing the socket
        // resets them. Node accepts one of them per turn of the event loop, so the socket stays open
        // until a turn accepts nothing (the queue is empty), then closes: new connections are refused.
        // Not http.Server#close: that also closes idle connections at once, and an 'idle' one may hold
        // a request not read yet. (The first setImmediate only ends the turn that handled the signal;
        // each further one spans a poll.)
        await nextTurn();
        let seen = accepted;
        while (Date.now() - began < maxGraceMs) {
          await nextTurn();
          if (accepted === seen) break;
          seen = accepted;
        }
        net.Server.prototype.close.call(server);
      }

      // Grace: at least one poll of every connection (so a request that arrived is read and counts as
      // in flight), longer while a connection accepted has sent nothing yet.
      await sleep(minGraceMs);
      while (Date.now() - began < maxGraceMs && [...sockets].some((s) => s.bytesRead === 0 && !s.destroyed)) {
        await sleep(25);
      }
      log.info(
        { inFlight: inFlight.size, ms: Date.now() - began },
        'shutdown: listener closed, closing the app',
      );

      // Idle connections close now; requests in flight finish; onClose hooks stop the jobs.
      await app.close();
      await database.close();
      clearTimeout(hard);
      log.info({ ms: Date.now() - began }, 'shutdown complete');
      if (!forced) exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      clearTimeout(hard);
      await database.close().catch(() => {});
      exit(1);
    }
  };
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
