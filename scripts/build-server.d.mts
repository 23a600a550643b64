/** Where the server build is written: dist/server/main.js of this checkout (absolute). */
export const serverBuild: string;
/** True when there is no build or a source, the lock file or a config is newer than it. */
export function serverBuildIsStale(): boolean;
/** Builds dist/server/main.js; resolves with the milliseconds it took. */
export function buildServer(): Promise<number>;
