import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { posix } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ImportProjectResponse } from '@forge/protocol/api';
import { ErrorCode } from '@forge/protocol/errors';
import { normalizeProjectName, projectNameFromFileName } from '@forge/protocol/project-name';
import { BuildsService } from '../builds/builds.service.js';
import { DomainError, badRequest } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectsService } from '../projects/projects.service.js';
import { RunsService } from '../runs/runs.service.js';
import { type ImportedArchive, ImportRefusal, readImportArchive } from './import-archive.js';

const MB = 1024 * 1024;
/** Where a project lists the secrets it needs (DESIGN: Secrets). */
const ENV_EXAMPLE = '.env.example';

/** The ZIP as the upload left it on disk. */
export interface UploadedZip {
  path: string;
  originalname: string;
}

/**
 * Imports a project from a ZIP: the archive is read and checked whole in the request (a refusal
 * answers 400 with nothing written, a name in use 409), then the files are written as a run of kind
 * import (its log in the terminal, kept for a reload) and become the project's first version; the
 * project's build starts as the run ends, with the automatic fixes any build has.
 */
@Injectable()
export class ImportsService {
  private readonly logger = new Logger('Imports');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectsService,
    private readonly runs: RunsService,
    private readonly builds: BuildsService,
  ) {}

  async start(ownerId: string, upload: UploadedZip | undefined, requestedName: unknown): Promise<ImportProjectResponse> {
    try {
      if (!upload) throw badRequest('Choose a ZIP file to import: send it as the multipart field "file".');
      const zipName = posix.basename(upload.originalname.replaceAll('\\', '/')) || 'project.zip';
      const projectName = normalizeProjectName(typeof requestedName === 'string' && requestedName.trim() ? requestedName : projectNameFromFileName(zipName));
      this.projects.assertValidName(projectName);
      // A taken name is refused before the archive is read: the answer comes at once.
      await this.projects.assertNameFree(ownerId, projectName);
      const archive = await this.read(upload.path, zipName);
      return await this.launch(ownerId, projectName, zipName, archive);
    } finally {
      if (upload) await rm(upload.path, { force: true });
    }
  }

  private async read(zipPath: string, zipName: string): Promise<ImportedArchive> {
    const limits = { maxFiles: this.config.limits.importFiles, maxBytes: this.config.limits.importMb * MB };
    let archive: ImportedArchive;
    try {
      archive = await readImportArchive(zipPath, limits);
    } catch (err) {
      if (err instanceof ImportRefusal) throw new DomainError(ErrorCode.Validation, `${zipName} was not imported: ${err.message}. Nothing was saved.`);
      throw err;
    }
    if (archive.files.size === 0) throw new DomainError(ErrorCode.Validation, `${zipName} was not imported: it holds no project files. Nothing was saved.`);
    // The variables of a .env become the project's required secrets unless the project lists its own.
    if (archive.envKeys.length > 0 && !archive.files.has(ENV_EXAMPLE)) archive.files.set(ENV_EXAMPLE, Buffer.from(envExample(archive)));
    return archive;
  }

  /** Claims the name, creates the project and opens the run; the files are written by the run. */
  private async launch(ownerId: string, projectName: string, zipName: string, archive: ImportedArchive): Promise<ImportProjectResponse> {
    const release = await this.projects.claim(ownerId, projectName, { kind: 'import' });
    let runId: string;
    let projectId: string;
    try {
      const sizes = [...archive.files].map(([path, bytes]) => ({ path, bytes: bytes.length }));
      projectId = (await this.projects.createForImport(ownerId, projectName, sizes)).id;
      runId = randomUUID();
      this.runs.open(runId);
      await this.runs.record({ id: runId, ownerId, kind: 'import', projectId, projectName });
    } catch (err) {
      await release();
      throw err;
    }
    void this.execute(runId, ownerId, projectId, projectName, zipName, archive)
      .catch((err: Error) => this.logger.error(`Import of ${zipName} into ${projectName} (${projectId}): ${err.message}`))
      .finally(release);
    return { runId, projectName, filesImported: archive.files.size };
  }

  private async execute(runId: string, ownerId: string, projectId: string, projectName: string, zipName: string, archive: ImportedArchive): Promise<void> {
    const log = (message: string, level: 'info' | 'success' | 'warning' | 'error' = 'info') => this.runs.append(runId, { type: 'log', level, message });
    let succeeded = false;
    let failure: string | null = null;
    try {
      this.runs.append(runId, { type: 'started', runId, kind: 'import', projectName });
      log(`📦 Importing ${zipName}: ${archive.files.size} ${archive.files.size === 1 ? 'file' : 'files'}, ${(archive.bytes / MB).toFixed(1)} MB`);
      if (archive.unwrapped) log(`Unwrapped the top folder ${archive.unwrapped}/`);
      for (const [folder, count] of archive.skipped) log(`Skipped ${folder} (${count} ${count === 1 ? 'file' : 'files'}): the build makes it again`);
      if (archive.envFiles.length > 0) {
        const names = archive.envFiles.join(', ');
        log(`🔒 Not stored: ${names}. Secrets never become project files.`, 'warning');
        if (archive.envKeys.length > 0) log(`Its variables (${archive.envKeys.join(', ')}) are the project's secrets: set their values under Secrets.`, 'warning');
      }
      await this.projects.applyChanges(projectId, { writes: archive.files, deletes: new Set() }, { kind: 'import', message: `Imported from ${zipName}` });
      for (const path of archive.files.keys()) this.runs.append(runId, { type: 'file', path, change: 'created' });
      log(`✅ Imported ${archive.files.size} ${archive.files.size === 1 ? 'file' : 'files'} as the first version of ${projectName}`, 'success');
      this.runs.append(runId, { type: 'result', success: true, filesSaved: archive.files.size });
      succeeded = true;
    } catch (err) {
      failure = (err as Error).message || 'The import failed';
      this.logger.warn(`Import of ${zipName} into ${projectName} (${projectId}): ${failure}`);
      this.runs.append(runId, { type: 'error', message: `The import failed: ${failure}` });
      this.runs.append(runId, { type: 'result', success: false, filesSaved: 0 });
    } finally {
      await this.runs.finish(runId, succeeded ? 'completed' : 'failed', failure).catch((err: Error) => this.logger.error(`Recording the import of ${projectName}: ${err.message}`));
      await this.runs.close(runId);
    }
    // Built (and fixed, when a model can) whether or not anyone watches; the workspace follows this build.
    if (succeeded) await this.builds.buildUnlessRunning(projectId, projectName, ownerId).catch((err: Error) => this.logger.warn(`Building ${projectName} after its import: ${err.message}`));
  }
}

function envExample(archive: ImportedArchive): string {
  const from = archive.envFiles.join(', ');
  return archive.envKeys.map((key) => `# Set under Secrets (it was in ${from} of the imported ZIP, which was not stored)\n${key}=\n`).join('\n');
}
