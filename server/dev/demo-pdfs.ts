import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * Real PDFs (pdf-lib) for the verification checks' automatic pass: each line of text drawn on an
 * A4 page, as a payroll or bank system would print it. The standard fonts have no ₹ sign, so
 * amounts say "Rs." or "INR", as many real payslips do.
 */
export async function textPdf(lines: readonly string[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  let page = document.addPage([595, 842]);
  let y = 790;
  for (const line of lines) {
    if (y < 50) {
      page = document.addPage([595, 842]);
      y = 790;
    }
    page.drawText(line, { x: 50, y, size: 11, font });
    y -= 18;
  }
  return Buffer.from(await document.save());
}

export interface PersonOnPaper {
  name: string;
  uan: string;
  employer: string;
  netPay: string;
}

const rupees = (value: number) => value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Figures that add up, as a payroll system prints them (the document forensics check the sums): PF at the ₹1,800 ceiling. */
export const salarySlip = (p: PersonOnPaper) => {
  const net = Number(p.netPay.replace(/,/g, ''));
  const gross = net + 2_000;
  const basic = Math.round(gross / 2);
  const hra = Math.round(gross / 4);
  return textPdf([
    p.employer.toUpperCase(),
    'Payslip for the month of March 2026',
    `Employee Name: ${p.name}        Employee Code: E-1042`,
    `UAN: ${p.uan}     PF No: MH/BOM/12345/000/0001042`,
    `Basic ${rupees(basic)}   HRA ${rupees(hra)}   Special allowance ${rupees(gross - basic - hra)}`,
    `Gross earnings ${rupees(gross)}   Provident fund 1,800.00   Professional tax 200.00   Total deductions 2,000.00`,
    `Net Pay: Rs. ${p.netPay}`,
  ]);
};

/**
 * A salary slip whose net pay was painted over in white and written again, higher, as forged slips
 * are made in a PDF editor: the demo's case for the document forensics (the covered figure, and a
 * net pay that no longer follows from gross minus deductions), with the place to show on the page.
 */
export async function salarySlipPaintedOver(p: PersonOnPaper, shownNetPay: string): Promise<Buffer> {
  const document = await PDFDocument.load(await salarySlip(p));
  const page = document.getPage(0);
  const font = await document.embedFont(StandardFonts.Helvetica);
  // The net pay is the slip's seventh line: textPdf draws line i at y = 790 − 18 i.
  const y = 790 - 18 * 6;
  page.drawRectangle({ x: 48, y: y - 4, width: 200, height: 16, color: rgb(1, 1, 1) });
  page.drawText(`Net Pay: Rs. ${shownNetPay}`, { x: 50, y, size: 11, font });
  return Buffer.from(await document.save());
}

export const bankStatement = (p: { name: string; employer: string; credit: string }) =>
  textPdf([
    'State Bank of India   Statement of account   01/03/2026 to 31/03/2026',
    `Account holder: ${p.name}`,
    '01/03/2026  UPI/GROCER/4512  DR  450.00  Balance 12,340.50',
    // The running balance reconciles, as a bank prints it (the document forensics check it).
    `31/03/2026  NEFT CR ${p.employer.toUpperCase()} SALARY MAR  ${p.credit}  Balance ${rupees(12_340.5 + Number(p.credit.replace(/,/g, '')))}`,
    `02/04/2026  ATM WDL  DR  5,000.00  Balance ${rupees(7_340.5 + Number(p.credit.replace(/,/g, '')))}`,
  ]);

export const experienceLetter = (p: { name: string; employer: string }) =>
  textPdf([p.employer, '12 March 2026', 'TO WHOM IT MAY CONCERN', `This is to certify that ${p.name} has been working with ${p.employer}`, 'as Senior Software Engineer since 1 June 2021.']);

export const resume = (p: { name: string }) => textPdf([p.name, 'Senior Software Engineer', 'Bengaluru, India', 'Experience: 6 years building payment systems.']);
