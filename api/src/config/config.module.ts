import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DATABASE_URL } from '../database/prisma.service.js';
import { APP_CONFIG, type AppConfig } from './app-config.js';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_URL, useValue: databaseUrl },
      ],
      exports: [APP_CONFIG, DATABASE_URL],
    };
  }
}
