/**
 * Spec point 9: a job's shareable link is the site's origin plus /jobs/{id}. Issue 7 adds the
 * source tag (?src=link, ?src=qr or ?src=drive:<id>) so each application records where it came from.
 */
export function jobLink(jobId: string, origin: string = window.location.origin, sourceTag?: string): string {
  const link = `${origin}/jobs/${encodeURIComponent(jobId)}`;
  // Tags are letters, digits, '-' and ':' (SOURCE_TAG_PATTERN): safe in a query string as they are.
  return sourceTag ? `${link}?src=${sourceTag}` : link;
}

/** The file the QR code downloads as (spec point 9). */
export const qrFileName = (jobId: string) => `job-qr-${jobId}.png`;

/** The print-size QR code's file (issue 33 C5). */
export const qrPrintFileName = (jobId: string) => `job-qr-${jobId}-print.png`;
