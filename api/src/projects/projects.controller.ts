import { Body, Controller, Delete, Get, Header, Param, Post } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { BodyLimit } from '../common/http/json-body.js';
import { SAVE_PROJECT_BODY_LIMIT_BYTES, type SaveProjectDto, saveProjectSchema } from './dto/save-project.dto.js';
import { FILE_ANSWER_HEADERS } from './file-answer.js';
import { ProjectsService } from './projects.service.js';

@Controller('projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.projects.list(user.id);
  }

  @Post('save')
  @BodyLimit(SAVE_PROJECT_BODY_LIMIT_BYTES)
  save(@CurrentUser() user: AuthUser, @Body({ schema: saveProjectSchema }) body: SaveProjectDto) {
    return this.projects.save(user.id, body.projectName, body.files);
  }

  @Get(':project/tree')
  tree(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.projects.tree(user.id, project);
  }

  @Get(':project/file/*path')
  @Header('X-Content-Type-Options', FILE_ANSWER_HEADERS.noSniff)
  @Header('Content-Security-Policy', FILE_ANSWER_HEADERS.contentSecurityPolicy)
  file(@CurrentUser() user: AuthUser, @Param('project') project: string, @Param('path') path: string[]) {
    return this.projects.file(user.id, project, path.join('/'));
  }

  @Get(':project/download')
  download(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.projects.download(user.id, project);
  }

  @Delete(':project')
  remove(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.projects.remove(user.id, project);
  }
}
