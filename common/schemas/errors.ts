import { z } from 'zod';

/**
 * The body of every error answer of the API: `{message}` in Swedish (spec §8), as the error handler
 * (server/plugins/error-handler.ts) sends it. Routes declare it for their 4xx/5xx answers; the client reads
 * the message of a failed call with it. Some errors carry more fields (e.g. `requiresUpgrade`).
 */
export const errorSchema = z.object({ message: z.string() });

export type ErrorBody = z.infer<typeof errorSchema>;
