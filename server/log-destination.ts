import fs from 'node:fs';

/** The server's log output (pino writes each line here): never blocks the event loop. */
export interface LogDestination {
  write(line: string): void;
  /** Resolves once every line written so far is out, or after `ms` — whichever comes first. */
  flush(ms: number): Promise<void>;
  /** Lines left out because the reader did not keep up and the buffer was full. */
  readonly dropped: number;
}

/** How long to wait before writing again to a full non-blocking pipe (EAGAIN). */
const RETRY_MS = 50;

/**
 * Log lines to a file descriptor (stdout) without ever blocking the main thread: writes go through
 * libuv's thread pool one batch at a time, a full pipe (EAGAIN) is retried on a timer, lines beyond
 * `maxBufferBytes` waiting are dropped, and a reader that has gone (EPIPE, or any other write error)
 * ends the logging instead of the process. pino's own stdout destination flushes synchronously when the
 * process exits, which never returns while the pipe is full and its reader stalled (`npm start | tee`
 * with tee stopped, a log shipper restarting): the server then outlived SIGTERM by hours. This one has
 * no exit hook; `flush(ms)` is the bounded final flush.
 */
export function asyncLogDestination(fd = 1, { maxBufferBytes = 8 * 1024 * 1024 } = {}): LogDestination {
  let pending: string[] = [];
  let pendingBytes = 0;
  let writing = false;
  let closed = false;
  let dropped = 0;
  const idle = new Set<() => void>();

  const settle = () => {
    if (writing || (pendingBytes > 0 && !closed)) return;
    for (const resolve of idle) resolve();
    idle.clear();
  };

  const writeFrom = (data: Buffer, offset: number) => {
    fs.write(fd, data, offset, data.length - offset, null, (err, written) => {
      if (err) {
        if (err.code === 'EAGAIN') {
          setTimeout(() => writeFrom(data, offset), RETRY_MS).unref();
          return;
        }
        // The reader has gone (EPIPE) or the descriptor is unusable: logging ends here.
        closed = true;
        writing = false;
        pending = [];
        pendingBytes = 0;
        settle();
        return;
      }
      if (offset + written < data.length) return writeFrom(data, offset + written);
      writing = false;
      next();
    });
  };

  const next = () => {
    if (writing || closed || pendingBytes === 0) return settle();
    const data = Buffer.from(pending.join(''));
    pending = [];
    pendingBytes = 0;
    writing = true;
    writeFrom(data, 0);
  };

  return {
    write(line) {
      if (closed) return;
      if (pendingBytes + line.length > maxBufferBytes) {
        dropped++;
        return;
      }
      pending.push(line);
      pendingBytes += line.length;
      next();
    },
    flush(ms) {
      if (!writing && (pendingBytes === 0 || closed)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, ms));
        function done() {
          clearTimeout(timer);
          idle.delete(done);
          resolve();
        }
        idle.add(done);
      });
    },
    get dropped() {
      return dropped;
    },
  };
}
