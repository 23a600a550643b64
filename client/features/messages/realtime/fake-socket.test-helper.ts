/**
 * A stand-in for the browser's WebSocket that a test opens, drops and feeds with the server's frames; every
 * one made is in `FakeSocket.made` (clear it before each test).
 */
export class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  /** What the page sent, as written on the wire. */
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  /** The connection opens. */
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The connection drops. */
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  /** The server sends `frame`. */
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** What the page sent, read back. */
  frames(): unknown[] {
    return this.sent.map((d) => JSON.parse(d));
  }
}
