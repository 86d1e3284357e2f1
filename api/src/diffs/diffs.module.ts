import { Module } from '@nestjs/common';
import { DiffsService } from './diffs.service.js';

/** Diffs of project files on worker threads, for versions and for the logs of edits and fixes. */
@Module({
  providers: [DiffsService],
  exports: [DiffsService],
})
export class DiffsModule {}
