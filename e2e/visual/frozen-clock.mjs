// Loaded with `node --import` into the visual suite's own server (e2e/visual/server.ts): every
// `new Date()` and `Date.now()` of the process answers VISUAL_NOW, so the demo data the server seeds
// relative to "now", and everything it computes from the time (upcoming or past, open or closed,
// ages, "kl. 09:45"), is the same on every run and every day. PGlite's now() reads the same clock
// (Emscripten asks Date.now()), so the database agrees. Timers and performance.now() are untouched.
// The instant must lie ahead of any real date the suite runs on: the browser keeps the cookies the
// server dates from it by its own real clock.
const fixed = Date.parse(process.env.VISUAL_NOW ?? '');
if (Number.isNaN(fixed)) throw new Error('frozen-clock.mjs: VISUAL_NOW must be an ISO date and time');

const RealDate = Date;
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [fixed], newTarget),
  // Date() called as a function answers the current time as text.
  apply: () => new RealDate(fixed).toString(),
  get: (target, key, receiver) => (key === 'now' ? () => fixed : Reflect.get(target, key, receiver)),
});
