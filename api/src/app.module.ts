import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { AdminModule } from './admin/admin.module.js';
import { AgentRunsModule } from './agent-runs/agent-runs.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BuildsModule } from './builds/builds.module.js';
import { ClusterModule } from './cluster/cluster.module.js';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter.js';
import { JsonBodyInterceptor } from './common/http/json-body.js';
import { createValidationPipe } from './common/http/validation.js';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig, ProjectsDatabaseServer } from './config/app-config.js';
import { CreditsModule } from './credits/credits.module.js';
import { PlatformDbModule } from './platform-db/platform-db.module.js';
import { EditsModule } from './edits/edits.module.js';
import { GenerationsModule } from './generations/generations.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { RunsModule } from './runs/runs.module.js';
import { ProjectDatabasesModule } from './project-databases/project-databases.module.js';
import { LimitsModule } from './limits/limits.module.js';
import { OperationsModule } from './operations/operations.module.js';
import { PreviewProxyModule } from './preview-proxy/preview-proxy.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { SecretsModule } from './secrets/secrets.module.js';
import { SharesModule } from './shares/shares.module.js';
import { SystemModule } from './system/system.module.js';
import { TopUpsModule } from './topups/topups.module.js';
import { VersionsModule } from './versions/versions.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string, projectsDatabase: ProjectsDatabaseServer | null): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, databaseUrl, projectsDatabase),
        EventEmitterModule.forRoot(),
        PlatformDbModule,
        ClusterModule,
        OperationsModule,
        LimitsModule,
        AuthModule,
        CreditsModule,
        TopUpsModule,
        ProjectsModule,
        RunsModule,
        GenerationsModule,
        BuildsModule,
        ImportsModule,
        EditsModule,
        AgentRunsModule,
        VersionsModule,
        PreviewProxyModule,
        SystemModule,
        AdminModule,
        ProjectDatabasesModule,
        SecretsModule,
        SharesModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: JsonBodyInterceptor },
      ],
    };
  }
}
