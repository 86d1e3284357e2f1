import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { AuthService } from './auth.service.js';
import { type AuthUser, CurrentUser, Public } from '../common/auth/auth.decorators.js';
import { RateLimited } from '../limits/rate-limited.decorator.js';
import { SessionCookies } from './session-cookies.decorator.js';
import type { SessionCookieJar } from './session-cookie.js';
import { type LoginDto, loginSchema } from './dto/login.dto.js';

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @RateLimited('signups')
  @Post('signup')
  signup(@SessionCookies() cookies: SessionCookieJar) {
    return this.auth.signup(cookies);
  }

  @Public()
  @RateLimited('signins')
  @Post('login')
  @HttpCode(200)
  login(@Body({ schema: loginSchema }) body: LoginDto, @SessionCookies() cookies: SessionCookieJar) {
    return this.auth.login(body.recoveryKey, cookies);
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  logout(@SessionCookies() cookies: SessionCookieJar) {
    return this.auth.logout(cookies);
  }

  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  @Delete('me')
  deleteAccount(@CurrentUser() user: AuthUser, @SessionCookies() cookies: SessionCookieJar) {
    return this.auth.deleteAccount(user, cookies);
  }
}
