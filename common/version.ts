/** The version text shown in the footer and reported by /api/health (spec part 1 §9). */
export const APP_VERSION = '1.0.0';
