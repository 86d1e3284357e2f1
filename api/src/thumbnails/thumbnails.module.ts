import { Module } from '@nestjs/common';
import { ThumbnailsService } from './thumbnails.service.js';

/** Project screenshots: written by the preview checks, read by owners and, for published projects, by the wall. */
@Module({ providers: [ThumbnailsService], exports: [ThumbnailsService] })
export class ThumbnailsModule {}
