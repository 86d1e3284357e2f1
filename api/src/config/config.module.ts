import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, DATABASE_URL, PROJECTS_DATABASE_SERVER, type ProjectsDatabaseServer } from './app-config.js';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, databaseUrl: string, projectsDatabase: ProjectsDatabaseServer | null = null): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_URL, useValue: databaseUrl },
        { provide: PROJECTS_DATABASE_SERVER, useValue: projectsDatabase },
      ],
      exports: [APP_CONFIG, DATABASE_URL, PROJECTS_DATABASE_SERVER],
    };
  }
}
