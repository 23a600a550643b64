import { z } from 'zod';

/** `limit` (1–max, default `size`) and `offset` query fields of a paged admin list, with Swedish messages. */
export function pagingFields(size: number, max: number) {
  const limitMessage = `limit måste vara 1–${max}`;
  const offsetMessage = 'offset måste vara 0 eller mer';
  return {
    limit: z.coerce
      .number({ error: limitMessage })
      .int({ error: limitMessage })
      .min(1, { error: limitMessage })
      .max(max, { error: limitMessage })
      .default(size),
    offset: z.coerce
      .number({ error: offsetMessage })
      .int({ error: offsetMessage })
      .min(0, { error: offsetMessage })
      .max(10_000_000, { error: 'offset är för stort' })
      .default(0),
  };
}
