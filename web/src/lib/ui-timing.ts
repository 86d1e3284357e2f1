// Timings and sizes of the web client that the product's contract fixes.

export const PROMPT_ROWS = 7;
export const JOB_RECONNECT_MAX_RETRIES = 3;
export const JOB_RECONNECT_DELAY_MS = 2000;
/** The workspace looks for a running job this long after it loads. */
export const AUTO_RECONNECT_DELAY_MS = 500;
export const PREVIEW_LOAD_TIMEOUT_MS = 15_000;
export const REFRESH_SPINNER_MS = 500;
export const MOBILE_BREAKPOINT_PX = 768;
export const DEFAULT_CODE_THEME = 'tomorrow';
