import { z } from 'zod';
import { msg } from '../messages';

/** The lists an organiser can export from an event (CSV or Excel). */
export const EXPORT_LISTS = ['participants', 'dietary', 'rooms', 'payments'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const EXPORT_LIST_LABELS: Record<ExportList, string> = {
  participants: 'Deltagarlista',
  dietary: 'Kostpreferenser',
  rooms: 'Rumslista',
  payments: 'Betalningar',
};
/** The Swedish word in the file name: `<event-title-slug>-<word>.csv`. */
export const EXPORT_LIST_FILE_WORDS: Record<ExportList, string> = {
  participants: 'deltagare',
  dietary: 'kostpreferenser',
  rooms: 'rumslista',
  payments: 'betalningar',
};

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/admin/events/{id}/export.csv|xlsx?list=… */
export const exportQuerySchema = z.object({
  list: z.enum(EXPORT_LISTS, { error: msg.exportListInvalid }),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;
