/** Spec point 9: a job's shareable link is the site's origin plus /jobs/{id}. */
export function jobLink(jobId: string, origin: string = window.location.origin): string {
  return `${origin}/jobs/${encodeURIComponent(jobId)}`;
}

/** The file the QR code downloads as (spec point 9). */
export const qrFileName = (jobId: string) => `job-qr-${jobId}.png`;
