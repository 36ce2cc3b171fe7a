/** Business constants of spec section 9. */
export const PAGE_SIZES = [2, 10, 15, 20, 25, 30, 50, 100, 500] as const;
export const FIRST_PAGE = 1;
export const MIN_PASSWORD_LENGTH = 6;
export const SEARCH_DEBOUNCE_MS = 500;
export const AUTH_PERSIST_TIMEOUT_MS = 5000;
export const SCROLL_LOAD_THRESHOLD_PX = 20;
export const MEMBER_LIST_MAX_HEIGHT_PX = 650;
export const DROPDOWN_LIST_HEIGHT_PX = 300;
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOAST_AUTOCLOSE_MS = 4000;
export const PORTAL_TOAST_AUTOCLOSE_MS = 3000;
export const TOAST_LIMIT = 3;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const LOGIN_RATE_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 } as const;
/** Failed sign-ins from one client address, whatever the email, in the same window. */
export const LOGIN_ADDRESS_RATE_LIMIT = { max: 50, windowMs: LOGIN_RATE_LIMIT.windowMs } as const;
/** A session token stays valid this long after sign-in unless the user logs out or resets the password. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Reset-link requests per email and client address. */
export const FORGOT_PASSWORD_RATE_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;
/** Invitation and assignment mails sent again on request: once a minute per member, and per training. */
export const RESEND_EMAIL_RATE_LIMIT = { max: 1, windowMs: 60 * 1000 } as const;
