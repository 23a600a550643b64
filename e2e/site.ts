/**
 * Where the journeys' sites listen. The journeys run in E2E_WORKERS Playwright workers at once, and each
 * worker slot (TEST_PARALLEL_INDEX, which Playwright puts in a worker's environment before any of this is
 * read) has a site of its own on E2E_PORT + 10 × slot: fresh demo data and its own mailbox, so journeys
 * that run at the same time never see each other's members, events or e-mail.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 5200);

/** How many journeys run at once (each with a site, a browser and a share of the machine's cores). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The port of the site of worker slot `slot`. */
export const sitePort = (slot: number) => E2E_BASE_PORT + 10 * slot;

/** The port of this process's site: its worker slot's (the runner's own is slot 0's). */
export const ownSitePort = () => sitePort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
