import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { MeResponse, PublicUser, SignupResponse } from '@forge/protocol/api';
import { ErrorCode } from '@forge/protocol/errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DomainError } from '../common/errors/domain-error.js';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { ACCOUNT_DELETING, type AccountDeletingEvent } from '../common/events/domain-events.js';
import { CreditsService } from '../credits/credits.service.js';
import { AuthRepository, type UserRecord } from './auth.repository.js';
import { generateRecoveryKey, generateSessionToken, isWellFormedRecoveryKey, keyHint, sha256 } from './recovery-key.js';
import type { SessionCookieJar } from './session-cookie.js';

const INVALID_KEY_MESSAGE = 'Invalid recovery key. Check that you pasted the whole key, including the fk_ prefix.';
const DAY_MS = 86_400_000;
// lastSeenAt is informational; writing it at most this often keeps reads cheap.
const TOUCH_INTERVAL_MS = 5 * 60_000;

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly repository: AuthRepository,
    private readonly events: EventEmitter2,
    private readonly credits: CreditsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signup(cookies: SessionCookieJar): Promise<SignupResponse> {
    const recoveryKey = generateRecoveryKey();
    const token = generateSessionToken();
    const expiresAt = this.sessionExpiry();
    const user = await this.repository.createUserWithSession(
      sha256(recoveryKey),
      keyHint(recoveryKey),
      {
        tokenHash: sha256(token),
        expiresAt,
        userAgent: cookies.userAgent(),
      },
      this.credits.welcomeCredit(),
    );
    cookies.write(token, expiresAt);
    this.logger.log(`New account ${user.id}`);
    return { recoveryKey, user: this.toPublicUser(user) };
  }

  async login(recoveryKey: string, cookies: SessionCookieJar): Promise<MeResponse> {
    const key = recoveryKey.trim();
    const user = isWellFormedRecoveryKey(key) ? await this.repository.findUserByKeyHash(sha256(key)) : null;
    if (!user) throw new DomainError(ErrorCode.InvalidRecoveryKey, INVALID_KEY_MESSAGE);
    const token = generateSessionToken();
    const expiresAt = this.sessionExpiry();
    await this.repository.createSession(user.id, { tokenHash: sha256(token), expiresAt, userAgent: cookies.userAgent() });
    cookies.write(token, expiresAt);
    return { user: this.toPublicUser(user) };
  }

  async logout(cookies: SessionCookieJar): Promise<{ ok: true }> {
    const token = cookies.read();
    if (token) await this.repository.deleteSession(sha256(token));
    cookies.clear();
    return { ok: true };
  }

  /** Deletes the account, its sessions, projects and files. */
  async deleteAccount(user: AuthUser, cookies: SessionCookieJar): Promise<{ ok: true }> {
    await this.events.emitAsync(ACCOUNT_DELETING, { userId: user.id } satisfies AccountDeletingEvent);
    await this.repository.deleteUser(user.id);
    cookies.clear();
    this.logger.log(`Deleted account ${user.id}`);
    return { ok: true };
  }

  me(user: AuthUser): MeResponse {
    return { user: this.toPublicUser(user) };
  }

  async authenticate(token: string): Promise<AuthUser | null> {
    const now = new Date();
    const user = await this.repository.findUserBySession(sha256(token), now);
    if (!user) return null;
    if (now.getTime() - (this.lastTouched.get(user.id) ?? 0) > TOUCH_INTERVAL_MS) {
      this.lastTouched.set(user.id, now.getTime());
      await this.repository.touchUser(user.id, now);
    }
    return { ...user, isAdmin: this.config.adminUserIds.includes(user.id) };
  }

  private toPublicUser(user: UserRecord): PublicUser {
    return {
      id: user.id,
      keyHint: user.keyHint,
      createdAt: user.createdAt.toISOString(),
      isAdmin: this.config.adminUserIds.includes(user.id),
    };
  }

  private sessionExpiry(): Date {
    return new Date(Date.now() + this.config.session.ttlDays * DAY_MS);
  }
}
