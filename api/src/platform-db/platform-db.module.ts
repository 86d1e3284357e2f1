import { Global, Module } from '@nestjs/common';
import { PgListener } from './pg-listener.js';
import { PrismaService, StreamEventsPrismaService } from './prisma.service.js';

@Global()
@Module({ providers: [PrismaService, StreamEventsPrismaService, PgListener], exports: [PrismaService, StreamEventsPrismaService, PgListener] })
export class PlatformDbModule {}
