import { msg } from '@common/messages';
import {
  EXPORT_LIST_FILE_WORDS,
  EXPORT_LIST_LABELS,
  type ExportFormat,
  type ExportList,
} from '@common/options';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db/client';
import { NotFoundError } from '../errors';
import { buildCsv } from './csv';
import { buildExportTable, titleSlug } from './export-lists';
import { findExportEvent, listExportRows } from './exports.queries';
import { buildXlsx } from './xlsx';

/** A file to send: its name, type and bytes. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * One list of an event as a CSV or Excel file, recorded in the audit log ('event.export' with the list
 * and format) in the same transaction that reads the rows. 404 for an unknown event.
 */
export async function exportEventList(
  db: Db,
  params: { eventId: number; list: ExportList; format: ExportFormat; actorId: string },
): Promise<ExportFile> {
  const { event, table } = await db.transaction(async (tx) => {
    const event = await findExportEvent(tx, params.eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const rows = await listExportRows(tx, event.id, { withMoney: params.list === 'payments' });
    const table = buildExportTable(params.list, event, rows);
    await recordAudit(tx, {
      actorId: params.actorId,
      action: 'event.export',
      targetType: 'event',
      targetId: event.id,
      details: { list: params.list, format: params.format, rows: table.rows.length },
    });
    return { event, table };
  });
  const body =
    params.format === 'csv'
      ? Buffer.from(buildCsv(table), 'utf8')
      : await buildXlsx(table, EXPORT_LIST_LABELS[params.list]);
  return {
    fileName: `${titleSlug(event.title, event.id)}-${EXPORT_LIST_FILE_WORDS[params.list]}.${params.format}`,
    contentType: CONTENT_TYPES[params.format],
    body,
  };
}
