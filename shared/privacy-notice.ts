/**
 * The privacy notice in force: its date, shown on /privacy. Every consent records it; change it
 * when the notice changes. (Kept apart from the schemas so the public page loads no zod.)
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';
