/**
 * What a CSV or XLSX file may hold (docs/decisions/0016-file-limits.md). The readers enforce
 * each limit while they stream, before memory grows, and throw a FileLimitError naming it.
 */
export const FILE_LIMITS = {
  /** Records of a sheet or file: Excel's own last row. */
  rows: 1_048_576,
  /** Columns holding a value. */
  columns: 1_000,
  /** Characters of one cell: Excel's own limit is 32,767. */
  cellChars: 32_767,
  /** Characters of one record (row): a CSV record longer than this is an unclosed quote. */
  recordChars: 4 * 1024 * 1024,
  /** Characters between two markup characters of an XLSX part (a cell's text with its escapes). */
  xmlTokenChars: 256 * 1024,
  /** Memory the shared-string table of a workbook may take: text bytes plus 12 per string. */
  sharedStringBytes: 128 * 1024 * 1024,
  /** Bytes all the parts of a workbook that are read inflate to. */
  inflatedBytes: 2 * 1024 * 1024 * 1024,
  /** Inflated over compressed bytes of one part, checked once it has inflated past 16 MB. */
  compressionRatio: 200,
  ratioCheckAfterBytes: 16 * 1024 * 1024,
  /** Parts (files) inside a workbook's zip. */
  zipEntries: 10_000,
} as const;

export type FileLimit = keyof typeof FILE_LIMITS;

/**
 * A file goes beyond one of the limits: refused at upload (413) or the import fails with
 * this message. No retry can help.
 */
export class FileLimitError extends Error {
  readonly status = 413;
  constructor(
    readonly limit: FileLimit,
    message: string,
  ) {
    super(message);
  }
}

/** A file we can't read (a broken zip, a workbook part that is not XML): 400, no retry helps. */
export class FileFormatError extends Error {
  readonly status = 400;
}

export const fmt = (n: number) => n.toLocaleString('en-US');

export const tooManyColumns = (n: number) =>
  new FileLimitError(
    'columns',
    `The file has values in column ${fmt(n)}: at most ${fmt(FILE_LIMITS.columns)} columns can be imported`,
  );

export const cellTooLong = (where: string) =>
  new FileLimitError(
    'cellChars',
    `${where} holds more than ${fmt(FILE_LIMITS.cellChars)} characters (the most a cell can hold)`,
  );

export const tooManyRecords = () =>
  new FileLimitError(
    'rows',
    `The file has more than ${fmt(FILE_LIMITS.rows)} rows: split it into smaller files and import each`,
  );

export const rowTooLong = (row: number) =>
  new FileLimitError(
    'recordChars',
    `Row ${fmt(row)} holds more than ${fmt(FILE_LIMITS.recordChars)} characters: split it or remove long values`,
  );

const CODES: Record<FileLimit, string> = {
  rows: 'too_many_rows',
  columns: 'too_many_columns',
  cellChars: 'cell_too_long',
  recordChars: 'row_too_long',
  xmlTokenChars: 'cell_too_long',
  sharedStringBytes: 'too_much_text',
  inflatedBytes: 'file_too_large_unpacked',
  compressionRatio: 'zip_bomb',
  ratioCheckAfterBytes: 'zip_bomb',
  zipEntries: 'too_many_parts',
};

/** The problem a refused upload answers: status, a code naming the limit, the message. */
export function fileProblem(err: FileLimitError | FileFormatError): {
  status: number;
  code: string;
  message: string;
  extra: Record<string, unknown>;
} {
  if (err instanceof FileLimitError) {
    return { status: err.status, code: CODES[err.limit], message: err.message, extra: { limit: err.limit, max: FILE_LIMITS[err.limit] } };
  }
  return { status: err.status, code: 'unreadable_file', message: err.message, extra: {} };
}
