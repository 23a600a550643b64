import { z } from 'zod';
import { msg } from '../messages';
import { EXPORT_LISTS } from '../options';

/** GET /api/admin/events/{id}/export.csv|xlsx?list=… */
export const exportQuerySchema = z.object({
  list: z.enum(EXPORT_LISTS, { error: msg.exportListInvalid }),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;
