/**
 * Importing rows from a CSV file (issue 36 §2): candidates into a job's pipeline and existing
 * employees. The same words for both, so a recruiter learns them once.
 */
export const csvImportMessages = {
  fileEmpty: 'The file has no rows under its header row.',
  fileUnreadable: 'The file could not be read as CSV: {reason}. Save it from your spreadsheet as “CSV UTF-8” and try again.',
  fileTooLarge: 'The file is larger than {max} KB. Import it in parts.',
  missingColumns: 'The file’s first row must name the column(s) {columns}.',
  unknownColumns: 'The file has column(s) this import does not use: {columns}. Remove or rename them.',
  tooManyRows: 'The file has {count} rows; import up to {max} at a time.',
  rowsInvalid: '{count} of {total} rows have problems, so nothing was imported. Fix them and import again.',
  sameAsRow: 'Same {what} as row {row}.',
  required: '{column} is required.',
  tooLong: '{column} is longer than {max} characters.',
  // The screen
  chooseFile: 'Choose a CSV file',
  template: 'Download the template',
  preview: 'Check the file',
  checking: 'Checking...',
  previewReady: '{valid} of {total} rows are ready to import.',
  previewProblems: '{invalid} of {total} rows have problems. Fix them in the file and check it again; nothing is imported until every row is right.',
  importRows: 'Import {count} rows',
  importing: 'Importing...',
  rowHeader: 'Row',
  problemsHeader: 'Problems',
  ok: 'Ready',
} as const;
