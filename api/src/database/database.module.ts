import { Global, Module } from '@nestjs/common';
import { PgListener } from './pg-listener.js';
import { PrismaService } from './prisma.service.js';

@Global()
@Module({ providers: [PrismaService, PgListener], exports: [PrismaService, PgListener] })
export class DatabaseModule {}
