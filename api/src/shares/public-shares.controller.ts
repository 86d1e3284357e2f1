import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import { Public } from '../common/auth/auth.decorators.js';
import { RateLimited } from '../limits/rate-limited.decorator.js';
import { FILE_ANSWER_HEADERS } from '../projects/file-answer.js';
import { type WallQuery, wallQuerySchema } from './dto/wall.query.js';
import { SharesService } from './shares.service.js';

/** What visitors without an account may read: published projects and the wall, counted per address. */
@Controller()
export class PublicSharesController {
  constructor(private readonly shares: SharesService) {}

  @Public()
  @RateLimited('shareViews')
  @Get('wall')
  wall(@Query({ schema: wallQuerySchema }) query: WallQuery) {
    return this.shares.wall(query.cursor, query.limit);
  }

  @Public()
  @RateLimited('shareViews')
  @Get('shares/:shareId')
  share(@Param('shareId') shareId: string) {
    return this.shares.publicShare(shareId);
  }

  @Public()
  @RateLimited('shareViews')
  @Get('shares/:shareId/file/*path')
  @Header('X-Content-Type-Options', FILE_ANSWER_HEADERS.noSniff)
  @Header('Content-Security-Policy', FILE_ANSWER_HEADERS.contentSecurityPolicy)
  file(@Param('shareId') shareId: string, @Param('path') path: string[]) {
    return this.shares.publicFile(shareId, path.join('/'));
  }

  @Public()
  @RateLimited('shareViews')
  @Get('shares/:shareId/thumbnail')
  @Header('Cache-Control', 'public, max-age=60')
  async thumbnail(@Param('shareId') shareId: string) {
    return new StreamableFile(await this.shares.publicThumbnail(shareId), { type: 'image/jpeg' });
  }
}
