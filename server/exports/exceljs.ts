import { createRequire } from 'node:module';

/*
 * exceljs, loaded without its type declarations: they declare a global `interface Buffer extends
 * ArrayBuffer`, which changes Node's Buffer type for the whole program and breaks code elsewhere that
 * hands a Buffer to fetch or Blob. These few types are the part of its API the site uses.
 */

/** A cell's value as exceljs reads and writes it (formulas, rich text and dates as objects). */
export type XlsxCellValue = string | number | boolean | Date | null | undefined | Record<string, unknown>;

export interface XlsxRow {
  font: Record<string, unknown>;
  /** 1-based: values[1] is column A. */
  readonly values: XlsxCellValue[];
  getCell(column: number): { value: XlsxCellValue; type: number };
}

export interface XlsxWorksheet {
  readonly name: string;
  readonly rowCount: number;
  addRow(values: XlsxCellValue[]): XlsxRow;
  getRow(row: number): XlsxRow;
  getColumn(column: number): { width?: number };
}

export interface XlsxWorkbook {
  creator: string;
  created: Date;
  readonly worksheets: XlsxWorksheet[];
  addWorksheet(name: string, options?: { views?: Record<string, unknown>[] }): XlsxWorksheet;
  xlsx: {
    writeBuffer(): Promise<ArrayBuffer>;
    load(data: ArrayBuffer | Uint8Array): Promise<XlsxWorkbook>;
  };
}

const exceljs = createRequire(import.meta.url)('exceljs') as {
  Workbook: new () => XlsxWorkbook;
  ValueType: Record<string, number>;
};

/** A new, empty workbook. */
export const newWorkbook = (): XlsxWorkbook => new exceljs.Workbook();

/** exceljs's cell types (ValueType.String, ValueType.Number, ValueType.Formula …). */
export const XlsxValueType = exceljs.ValueType;
