import { type Cell, type ExportTable, neutraliseCell } from './csv';
import { newWorkbook } from './exceljs';

/**
 * The table as an Excel workbook (one sheet): text cells are plain strings, neutralised like the CSV's
 * (never formulas), numbers are numbers; a bold, frozen header row and columns wide enough to read.
 */
export async function buildXlsx(table: ExportTable, sheetName: string): Promise<Buffer> {
  const workbook = newWorkbook();
  workbook.creator = 'Singelgolf';
  workbook.created = new Date();
  // Excel allows 31 characters and none of : \ / ? * [ ] in a sheet name.
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(table.headers.map(neutraliseCell)).font = { bold: true };
  const cells = (row: Cell[]) => row.map((cell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell));
  for (const row of table.rows) sheet.addRow(cells(row));
  if (table.footer) sheet.addRow(cells(table.footer)).font = { bold: true };
  const all = table.footer ? [...table.rows, table.footer] : table.rows;
  table.headers.forEach((header, i) => {
    let widest = header.length;
    for (const row of all) {
      const cell = row[i];
      if (cell !== null) widest = Math.max(widest, String(cell).length);
    }
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(8, widest + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
