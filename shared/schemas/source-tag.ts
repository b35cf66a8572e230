// Apart from the pipeline's schemas, so the job page reads it without loading zod (issue 14, item 4).

/**
 * The ?src= tag of a shared job link, passed on by the job page to the apply call:
 * `link`, `qr` or `drive:<drive id>`.
 */
export const SOURCE_TAG_PATTERN = /^(link|qr|drive:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
