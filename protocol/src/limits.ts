/** Business constants of spec section 9 that both sides enforce. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const PROMPT_ROWS = 7;
export const DATA_PAGE_SIZE = 10;
export const JOB_RECONNECT_MAX_RETRIES = 3;
export const JOB_RECONNECT_DELAY_MS = 2000;
export const AUTO_RECONNECT_DELAY_MS = 500;
export const STREAM_TAIL_CHARS = 20;
export const PREVIEW_LOAD_TIMEOUT_MS = 15_000;
export const REFRESH_SPINNER_MS = 500;
export const MOBILE_BREAKPOINT_PX = 768;
export const DEFAULT_CODE_THEME = 'tomorrow';
export const MAX_FIX_ATTEMPTS = 5;
