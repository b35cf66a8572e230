import type { DocumentSubject } from '../../document-rules.ts';

/**
 * Who makes a document, read from its Producer and Creator (and XMP's pdf:Producer and
 * xmp:CreatorTool). Extend the lists here: each entry is a case-insensitive pattern matched
 * anywhere in those fields, with a label shown to the verification team.
 *
 * - `issuers`: systems that issue the documents we check (payroll for salary slips, core banking
 *   and statement generators for bank statements). Seeing one is a good sign, never a flag.
 * - `editors`: tools that edit or convert an existing PDF (online editors, desktop editors, office
 *   suites, "Print to PDF"). A salary slip or bank statement last saved by one of these is a reason
 *   to look (signal 1). Resumes and letters are often written in office suites: not flagged.
 *
 * A pattern should be specific enough not to match an issuer ("Acrobat Distiller" is how many
 * report servers write PDFs, so it is not an editor; "Acrobat Pro" is).
 */
export interface ToolPattern {
  label: string;
  pattern: RegExp;
}

/** The documents an issuer's own system generates: the producer signal applies to these only. */
export const issuerGeneratedSubjects: readonly DocumentSubject[] = ['salary_slip', 'bank_statement'];

export const issuers: readonly ToolPattern[] = [
  // Payroll systems used in India.
  { label: 'greytHR', pattern: /greyt\s*hr/i },
  { label: 'Keka', pattern: /\bkeka\b/i },
  { label: 'Zoho Payroll', pattern: /zoho\s*(payroll|people)/i },
  { label: 'Darwinbox', pattern: /darwinbox/i },
  { label: 'RazorpayX Payroll', pattern: /razorpay/i },
  { label: 'SAP SuccessFactors / HCM', pattern: /\bsap\b|successfactors/i },
  { label: 'Oracle HCM / PeopleSoft', pattern: /peoplesoft|oracle\s*(hcm|bi\s*publisher|reports)/i },
  { label: 'Workday', pattern: /workday/i },
  { label: 'ADP', pattern: /\badp\b/i },
  { label: 'Tally', pattern: /\btally/i },
  { label: 'sumHR', pattern: /sumhr/i },
  // Core banking and statement generators.
  { label: 'Infosys Finacle', pattern: /finacle/i },
  { label: 'Oracle Flexcube', pattern: /flexcube/i },
  { label: 'TCS BaNCS', pattern: /bancs/i },
  { label: 'Temenos', pattern: /temenos|t24/i },
  // Report engines these systems print through.
  { label: 'JasperReports', pattern: /jasper\s*reports|jaspersoft/i },
  { label: 'Crystal Reports', pattern: /crystal\s*reports/i },
  { label: 'iText', pattern: /\bitext/i },
  { label: 'Apache FOP', pattern: /apache\s*fop/i },
  { label: 'BIRT', pattern: /\bbirt\b/i },
];

export const editors: readonly ToolPattern[] = [
  // Online editors and converters.
  { label: 'iLovePDF', pattern: /ilovepdf/i },
  { label: 'Smallpdf', pattern: /smallpdf/i },
  { label: 'Sejda', pattern: /sejda/i },
  { label: 'PDFescape', pattern: /pdfescape/i },
  { label: 'PDF2Go', pattern: /pdf2go/i },
  { label: 'DocFly / PDFfiller', pattern: /docfly|pdffiller/i },
  { label: 'Soda PDF', pattern: /soda\s*pdf/i },
  // Desktop editors.
  { label: 'Adobe Acrobat (editor)', pattern: /acrobat\s*(pro|standard|dc)|adobe\s*acrobat\s*\d/i },
  { label: 'Foxit', pattern: /foxit/i },
  { label: 'Nitro', pattern: /\bnitro/i },
  { label: 'Wondershare PDFelement', pattern: /pdfelement|wondershare/i },
  { label: 'PDF-XChange', pattern: /pdf-?xchange/i },
  { label: 'Master PDF Editor', pattern: /master\s*pdf/i },
  { label: 'Inkscape', pattern: /inkscape/i },
  // Office suites and word processors.
  { label: 'LibreOffice / OpenOffice', pattern: /libreoffice|openoffice/i },
  { label: 'Microsoft Word', pattern: /microsoft.{0,3}\s*word/i },
  { label: 'Microsoft Excel', pattern: /microsoft.{0,3}\s*excel/i },
  { label: 'WPS Office', pattern: /\bwps\b/i },
  { label: 'Google Docs', pattern: /google\s*docs/i },
  // Printing to PDF: the document was re-made from what a screen showed.
  { label: 'Microsoft Print to PDF', pattern: /print\s*to\s*pdf/i },
  { label: 'Browser "Save as PDF" (Skia)', pattern: /skia\/pdf/i },
  { label: 'macOS Quartz PDFContext', pattern: /quartz\s*pdfcontext/i },
  { label: 'Ghostscript', pattern: /ghostscript/i },
  { label: 'CutePDF / PDFCreator / doPDF', pattern: /cutepdf|pdfcreator|dopdf|bullzip|primopdf/i },
];

/** A modification date more than this after the creation date is "saved again well after it was made" (signal 2). */
export const MODIFIED_AFTER_CREATION_HOURS = 24;
