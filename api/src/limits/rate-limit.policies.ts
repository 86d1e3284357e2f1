import type { AuthenticatedRequest } from '../common/auth/auth.decorators.js';
import type { AppConfig } from '../config/app-config.js';

export type RateLimitPolicy = 'signups' | 'signins' | 'jobStarts' | 'shareViews';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
  /** Who a request counts against. */
  trackerOf(req: AuthenticatedRequest): string;
  /** The words a refused request gets, given when to try again. */
  refusal(wait: string): string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const byAddress = (req: AuthenticatedRequest) => req.ip ?? 'unknown';
const byAccount = (req: AuthenticatedRequest) => (req.user ? `account:${req.user.id}` : byAddress(req));

export function rateLimitRules(config: AppConfig): Record<RateLimitPolicy, RateLimitRule> {
  return {
    signups: {
      limit: config.limits.signupsPerHour,
      windowMs: HOUR,
      trackerOf: byAddress,
      refusal: (wait) => `Too many accounts were created from your address. Try again in ${wait}.`,
    },
    signins: {
      limit: config.limits.signinsPerMinute,
      windowMs: MINUTE,
      trackerOf: byAddress,
      refusal: (wait) => `Too many sign-in attempts from your address. Try again in ${wait}.`,
    },
    // Shared pages answer anyone: a scraper walking every file of every share is slowed per address.
    shareViews: {
      limit: config.limits.shareViewsPerMinute,
      windowMs: MINUTE,
      trackerOf: byAddress,
      refusal: (wait) => `Too many requests for shared projects from your address. Try again in ${wait}.`,
    },
    jobStarts: {
      limit: config.limits.jobStartsPerHour,
      windowMs: HOUR,
      trackerOf: byAccount,
      refusal: (wait) => `You have started as many generations as an hour allows. Try again in ${wait}.`,
    },
  };
}

/** "42 seconds", "3 minutes": how a wait reads in a message. */
export function describeWait(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
