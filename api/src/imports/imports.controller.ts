import { Body, Controller, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { StartsWork } from '../operations/drain.js';
import { ImportsService, type UploadedZip } from './imports.service.js';
import { ZipUploadInterceptor } from './zip-upload.interceptor.js';

@Controller('projects')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post('import')
  @StartsWork()
  @UseInterceptors(ZipUploadInterceptor)
  start(@CurrentUser() user: AuthUser, @UploadedFile() file: UploadedZip | undefined, @Body() body: { projectName?: unknown } | undefined) {
    return this.imports.start(user.id, file, body?.projectName);
  }
}
