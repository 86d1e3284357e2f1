import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { ProjectDatabasesService } from './project-databases.service.js';
import { type InitializeDatabaseDto, initializeDatabaseSchema } from './dto/initialize-database.dto.js';
import { type TableDataQuery, tableDataQuerySchema } from './dto/table-data.query.js';

@Controller()
export class ProjectDatabasesController {
  constructor(private readonly databases: ProjectDatabasesService) {}

  @Get('projects/:project/database/status')
  status(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.databases.status(user.id, project);
  }

  @Get('projects/:project/database/schema')
  schema(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.databases.schema(user.id, project);
  }

  @Get('projects/:project/database/tables/:table/data')
  tableData(@CurrentUser() user: AuthUser, @Param('project') project: string, @Param('table') table: string, @Query({ schema: tableDataQuerySchema }) query: TableDataQuery) {
    return this.databases.tableData(user.id, project, table, query);
  }

  @Get('database/auto-url')
  autoUrl(@CurrentUser() user: AuthUser, @Query('project') project: unknown) {
    return this.databases.autoUrl(user.id, project);
  }

  @Post('projects/:project/database/initialize')
  @HttpCode(200)
  initialize(@CurrentUser() user: AuthUser, @Param('project') project: string, @Body({ schema: initializeDatabaseSchema }) body: InitializeDatabaseDto) {
    return this.databases.initialize(user.id, project, body);
  }
}
