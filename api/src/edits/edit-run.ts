import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SourceTarget } from '@forge/protocol/source-tags';
import { AgentService } from '../agent/agent.service.js';
import type { ImageInput, ProjectReader } from '../agent/llm-provider.js';
import { BuildsService } from '../builds/builds.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DiffsService } from '../diffs/diffs.service.js';
import type { FileEntry } from '../projects/file-kinds.js';
import { INTERRUPTED_EDIT_MESSAGE, type LogLine, type RunContext, type RunEnd, type RunWork, SERVER_STOPPING, runStopOf, eventOf } from '../runs/runs.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { type CheckedChanges, checkChanges } from '../code-changes/change-check.js';
import { checkedAnswer } from '../code-changes/checked-answer.js';
import { installChangedPackages } from '../code-changes/package-install.js';
import { selectEditContext } from './edit-context.js';
import { editPrompt } from './edit-prompt.js';
import { targetedElement } from './edit-target.js';

export interface EditRunInput {
  projectId: string;
  projectName: string;
  /** The person's request, in their words. */
  request: string;
  images?: ImageInput[];
  /** The element picked in the preview, when the edit is aimed at one. */
  target?: SourceTarget;
}

const MAX_LOGGED_REQUEST_CHARS = 160;
export const EDIT_CREDITS_RAN_OUT_MESSAGE = 'Your credits ran out while the agent was answering, so nothing was changed. Top up your credits and try again.';
const MAX_LISTED_FILES = 12;

/**
 * One natural-language edit as a run: the files that matter go to the model with the request, its
 * answer (whole files, EDIT blocks, DELETE lines) is checked whole (a failing answer goes back
 * once), applied all at once as a new version, logged file by file, and the project is rebuilt.
 */
@Injectable()
export class EditRun {
  private readonly logger = new Logger('Edits');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
    private readonly builds: BuildsService,
    private readonly sandboxes: SandboxesService,
    private readonly diffs: DiffsService,
  ) {}

  work(input: EditRunInput): RunWork {
    return { run: (context) => this.run(context, input) };
  }

  private async run(job: RunContext, input: EditRunInput): Promise<RunEnd> {
    const log: LogLine = (message, level = 'info') => job.append({ type: 'log', level, message });
    job.append({ type: 'started', runId: job.runId, kind: 'edit', projectName: input.projectName });
    try {
      log(`🚀 Editing ${input.projectName}: ${shorten(input.request, MAX_LOGGED_REQUEST_CHARS)}`);
      await this.waitForBuilds(input, log);
      const files = await this.projects.fileEntries(input.projectId);
      const tree = files.map((file) => file.path);
      const conventions = await this.projects.conventionsOf(input.projectId);
      let reader = this.reader(input.projectId, files);
      const targetText = input.target ? await reader.read(input.target.file) : null;
      const element = input.target && targetText !== null ? targetedElement(targetText, input.target) : null;
      if (element) log(`🎯 Aimed at the <${element.tagName ?? 'element'}> in ${element.target.file}:${element.target.line}`);
      const context = await selectEditContext({
        request: input.request,
        tree,
        read: (path) => reader.read(path),
        budgetTokens: this.config.edits.contextTokens,
        first: element?.target.file,
      });
      const shown = Object.keys(context.shown);
      log(context.whole ? `🔎 The agent sees all ${plural(shown.length, 'file')} of the project` : `🔎 The agent sees ${shown.length} of ${plural(tree.length, 'file')}: ${list(shown)}`);

      // An edit applies all at once: once the balance is gone, no further model call is made and nothing changes.
      let creditsOut = false;
      const answer = await checkedAnswer({
        ask: (retry) =>
          this.agent.edit(
            {
              projectName: input.projectName,
              conventions,
              request: input.request,
              prompt: editPrompt({ projectName: input.projectName, request: input.request, files, context, element }),
              images: input.images,
              target: element?.target,
              files: context.shown,
              project: reader,
              retry,
            },
            job.signal,
          ),
        current: (path) => reader.read(path),
        log,
        onBlock: (event) => log(event.type === 'file_start' ? `📝 Writing ${event.path}` : event.type === 'edit_start' ? `✏️ Editing ${event.path}` : `🗑️ Deleting ${event.path}`),
        onContinued: (turn) => log(`⏳ The answer was cut off at the output limit; the agent continues it (response ${turn})`),
        usage: async (call) => {
          creditsOut ||= (await job.recordCall(call, `Edit of ${input.projectName}`)) <= 0n;
        },
        beforeNextCall: () => {
          if (creditsOut) throw new Error(EDIT_CREDITS_RAN_OUT_MESSAGE);
        },
      });
      if (!answer.ok) {
        const reasons = answer.problems.map((problem) => `${problem.block}: ${problem.reason}`).join('; ');
        return failed(`Nothing was changed: the agent's answer failed the checks twice. ${reasons}`);
      }
      let changes = answer.changes;
      if (changes.writes.size === 0 && changes.deletes.size === 0) return failed('Nothing was changed: the agent answered without changing any file.');

      // A build that started meanwhile (a visited preview waking up) may have fixed files: check against them.
      if (await this.waitForBuilds(input, log)) {
        reader = this.reader(input.projectId, await this.projects.fileEntries(input.projectId));
        const again = await checkChanges(answer.parsed, (path) => reader.read(path));
        if (!again.ok) return failed(`Nothing was changed: the project changed while the agent was writing. ${again.problems.map((p) => `${p.block}: ${p.reason}`).join('; ')}`);
        changes = again.changes;
      }

      for (const warning of changes.warnings) log(warning, 'warning');
      const install = await installChangedPackages(this.sandboxes, input.projectId, changes, (path) => reader.read(path), log);
      if (!install.ok) return failed(install.message);
      await this.projects.applyChanges(input.projectId, { writes: changes.writes, deletes: changes.deletes }, { kind: 'edit', message: input.request });
      await this.logChanges(job, changes, reader);
      const summary = describeChanges(changes);
      log(`✅ Applied: ${summary}`, 'success');

      const build = (await this.refreshPreview(job, input.projectId, changes)) ?? (await this.followBuild(job, input.projectId, input.projectName));
      const message = build.previewUrl
        ? `✅ Changes applied (${summary}); the preview is up to date.`
        : `✅ Changes applied (${summary}), but the build failed${build.failure ? `: ${build.failure}` : ''}. The History can restore the version before.`;
      this.logger.log(`Edit ${job.runId} of ${input.projectName} (${input.projectId}): ${summary}`);
      return { status: 'completed', error: null, events: [{ type: 'result', success: true, message }] };
    } catch (err) {
      const stopping = job.signal.aborted && job.signal.reason === SERVER_STOPPING;
      const platformStop = runStopOf(job.signal);
      const message = stopping ? INTERRUPTED_EDIT_MESSAGE : platformStop ? platformStop.message('edit') : job.signal.aborted ? 'The edit was stopped.' : (err as Error).message || 'Edit failed';
      this.logger.warn(`Edit ${job.runId} of ${input.projectName} failed: ${message}`);
      return failed(message);
    }
  }

  /** Waits for the project's running build (and its fixes), saying so; true when there was one. */
  private async waitForBuilds(input: EditRunInput, log: LogLine): Promise<boolean> {
    return this.builds.whenIdle(input.projectId, () => log(`⏳ Waiting for the running build of ${input.projectName} to finish first...`));
  }

  private async logChanges(job: RunContext, changes: CheckedChanges, before: ProjectReader): Promise<void> {
    const diff = (message: string) => job.append({ type: 'log', level: 'info', message, diff: true });
    for (const path of changes.modified) {
      for (const line of await this.diffs.wordDiffLines(path, await before.read(path), changes.writes.get(path)!)) diff(line);
      job.append({ type: 'file', path, change: 'modified' });
    }
    for (const path of changes.created) {
      for (const line of await this.diffs.wordDiffLines(path, null, changes.writes.get(path)!)) diff(line);
      job.append({ type: 'file', path, change: 'created' });
    }
    for (const path of changes.deleted) {
      job.append({ type: 'log', level: 'info', message: `🗑️ ${path}` });
      job.append({ type: 'file', path, change: 'deleted' });
    }
  }

  /**
   * The fast path for a change of client code while the preview runs: the running app's bundle is
   * rebuilt in place. Null when a full build is needed instead (it says why in the log).
   */
  private async refreshPreview(job: RunContext, projectId: string, changes: CheckedChanges): Promise<{ previewUrl: string; failure: null } | null> {
    const log: LogLine = (message, level = 'info') => job.append({ type: 'log', level, message });
    const outcome = await this.sandboxes
      .refresh(projectId, { written: [...changes.writes.keys()], deleted: changes.deleted })
      .catch((err: Error) => ({ refreshed: false as const, reason: err.message }));
    if (!outcome.refreshed) {
      log(`🔨 A full build is needed (${outcome.reason})`);
      return null;
    }
    log(`⚡ Bundled the change into the running preview in ${(outcome.durationMs / 1000).toFixed(1)} s`, 'success');
    // Checked in the browser like any build: problems send it through a full build and its automatic fixes.
    if (!(await this.builds.checkInPlace(projectId, outcome.previewUrl, log))) {
      log('🔨 The changed preview fails in the browser: a full build with automatic fixes follows', 'warning');
      return null;
    }
    job.append({ type: 'preview', previewUrl: outcome.previewUrl });
    return { previewUrl: outcome.previewUrl, failure: null };
  }

  /** The rebuild's log into the edit's, followed through the build run's events; the preview address when it went live. */
  private async followBuild(job: RunContext, projectId: string, projectName: string): Promise<{ previewUrl: string | null; failure: string | null }> {
    job.append({ type: 'log', level: 'info', message: `🔨 Rebuilding ${projectName} with the changes...` });
    let previewUrl: string | null = null;
    let failure: string | null = null;
    try {
      for await (const batch of (await this.builds.rebuild(projectId)).events) {
        for (const record of batch) {
          const event = eventOf(record);
          if (event.type === 'log') job.append({ type: 'log', level: event.level, message: event.message, ...(event.diff ? { diff: true as const } : {}) });
          else if (event.type === 'result' && event.success) previewUrl = event.previewUrl ?? null;
          else if (event.type === 'error') {
            failure = event.details ? `${event.message}: ${event.details}` : event.message;
            job.append({ type: 'log', level: 'error', message: `❌ ${failure}` });
          }
        }
      }
    } catch (err) {
      failure = (err as Error).message;
      job.append({ type: 'log', level: 'error', message: `❌ The build could not start: ${failure}` });
    }
    if (previewUrl) job.append({ type: 'preview', previewUrl });
    return { previewUrl, failure };
  }

  /** The project's text files as they are, each read once; binary ones are never read. */
  private reader(projectId: string, files: FileEntry[]): ProjectReader {
    const cache = new Map<string, Promise<string | null>>();
    const inTree = new Set(files.filter((file) => !file.binary).map((file) => file.path));
    return {
      paths: files.map((file) => file.path),
      read: (path) => {
        let text = cache.get(path);
        if (!text) {
          text = inTree.has(path)
            ? this.projects.readFile(projectId, path).then(
                (content) => (content.includes('\u0000') ? null : content),
                () => null,
              )
            : Promise.resolve(null);
          cache.set(path, text);
        }
        return text;
      },
    };
  }
}

function failed(message: string): RunEnd {
  return {
    status: 'failed',
    error: message,
    events: [
      { type: 'error', message },
      { type: 'result', success: false },
    ],
  };
}

/** `2 files changed (src/App.tsx, src/content.ts), 1 created (…)`. */
function describeChanges(changes: CheckedChanges): string {
  const parts: string[] = [];
  if (changes.modified.length > 0) parts.push(`${plural(changes.modified.length, 'file')} changed (${list(changes.modified)})`);
  if (changes.created.length > 0) parts.push(`${changes.created.length} created (${list(changes.created)})`);
  if (changes.deleted.length > 0) parts.push(`${changes.deleted.length} deleted (${list(changes.deleted)})`);
  return parts.join(', ');
}

function list(paths: string[]): string {
  const shown = paths.slice(0, MAX_LISTED_FILES).join(', ');
  return paths.length > MAX_LISTED_FILES ? `${shown} and ${paths.length - MAX_LISTED_FILES} more` : shown;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function shorten(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
