import { Inject, Injectable, Logger } from '@nestjs/common';
import { fileStartMarker, FILE_END_MARKER } from '@forge/protocol/file-stream';
import { ErrorCode } from '@forge/protocol/errors';
import type { LogLevel } from '@forge/protocol/runs';
import type { BuildFailedAt } from '@forge/protocol/streams';
import { stripAnsi } from '@forge/protocol/text';
import { AgentService } from '../agent/agent.service.js';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CreditsService } from '../credits/credits.service.js';
import { BINARY_FILES_NOTE, type FileEntry, listedForModel } from '../projects/file-kinds.js';
import { DiffsService } from '../diffs/diffs.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { type BuildError, extractBuildErrors, formatBuildError } from './build-errors.js';
import type { UnhelpfulAttempt } from './fix-progress.js';
import { type CheckedAnswer, checkedAnswer } from '../code-changes/checked-answer.js';
import { installChangedPackages } from '../code-changes/package-install.js';
import { relativeImports } from '../code-changes/relative-imports.js';

export interface FixAttemptInput {
  ownerId: string;
  /** The build this attempt repairs: its model calls are recorded and charged on it. */
  buildId: string;
  projectId: string;
  projectName: string;
  /** The failed build's whole output (install, build, start), or the checking browser's report. */
  buildLog: string;
  /** The errors already found; absent: read from `buildLog`. */
  errors?: BuildError[];
  /** `runtime`: it built and started, then failed in the browser. */
  failedAt?: BuildFailedAt;
  /** 1-based number of this repair attempt. */
  attempt: number;
  /** The attempt before, when it changed files and the same errors came back: the request says so. */
  previous?: UnhelpfulAttempt | null;
  /** Appends a line to the build's log (the terminal view), with its level; `diff`: it holds inline diff markers. */
  log: (line: string, level?: LogLevel, diff?: boolean) => void;
  signal: AbortSignal;
}

export interface FixAttemptResult {
  /** Paths the agent rewrote (or created), relative to the project. Empty: the agent changed nothing. */
  changedPaths: string[];
  inputTokens: number;
  outputTokens: number;
}

export type FixAvailability = { available: true } | { available: false; reason: string };

export const OFFLINE_FIX_UNAVAILABLE = 'Automatic fixes need a language model. Set ANTHROPIC_API_KEY (or OPENAI_BASE_URL with LLM_PROVIDER=openai) and build again.';

export const FIX_CREDITS_RAN_OUT_MESSAGE = 'Your credits ran out during the automatic fix, so it changed nothing. Top up your credits and build again.';

/** File content shown to the model in one request; the rest is named, not shown. */
export const MAX_CONTEXT_CHARS = 60_000;
const MAX_LOG_TAIL_CHARS = 6_000;
const MAX_LOG_TAIL_LINES = 80;
const MAX_TREE_ENTRIES = 1_000;
const MAX_ERROR_LOG_CHARS = 160;
/** Read when no error names a project file: where a project's problems usually start. */
const ENTRY_FILES = ['src/App.tsx', 'src/main.tsx', 'server/index.ts', 'vite.config.ts', 'tsconfig.json'];

/**
 * One repair attempt of the auto-fix loop: shows the agent the build's errors and the files
 * involved, saves the complete files it answers with, and logs what changed.
 */
@Injectable()
export class AutoFixService {
  private readonly logger = new Logger('AutoFix');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
    private readonly credits: CreditsService,
    private readonly diffs: DiffsService,
    private readonly sandboxes: SandboxesService,
  ) {}

  get maxAttempts(): number {
    return this.config.autoFix.maxAttempts;
  }

  /** False when the configured provider cannot repair code (the offline starter agent); the reason is a user-facing sentence. */
  availability(): FixAvailability {
    if (this.agent.provider.name === 'offline') return { available: false, reason: OFFLINE_FIX_UNAVAILABLE };
    return { available: true };
  }

  /** Refused with 402 (credits.exhausted) when the account's balance is not positive. */
  async attempt(input: FixAttemptInput): Promise<FixAttemptResult> {
    const { log } = input;
    await this.credits.assertCanSpend(input.ownerId, 'automatic fix');
    const errors = input.errors ?? extractBuildErrors(input.buildLog);
    log(`🔧 Auto-fix attempt ${input.attempt}/${this.maxAttempts}: ${plural(errors.length, 'error')} to fix`);
    for (const error of errors) log(`   • ${shorten(formatBuildError(error), MAX_ERROR_LOG_CHARS)}`);

    const files = await this.projects.fileEntries(input.projectId);
    // Binary files (images, fonts) are named in the request, never read or shown.
    const tree = files.filter((file) => !file.binary).map((file) => file.path);
    const conventions = await this.projects.conventionsOf(input.projectId);
    const context = await this.readContext(input, errors, tree);
    const maxTurns = this.config.autoFix.maxTurns;
    const request = fixRequest({ input, errors, files, context, maxAttempts: this.maxAttempts });

    const runtime = input.failedAt === 'runtime';
    const description = errors.length > 0 ? `${runtime ? 'Fix the app' : 'Fix the build'}: ${formatBuildError(errors[0])}` : 'Fix the failed build';
    const usage = { inputTokens: 0, outputTokens: 0 };
    let creditsOut = false;
    const current = (path: string) => (tree.includes(path) ? this.readFile(input, path) : Promise.resolve(null));
    let answer: CheckedAnswer;
    try {
      // The same checks and the same all-at-once apply as an edit: a failing answer goes back once.
      answer = await checkedAnswer({
        ask: (retry) =>
          this.agent.fix({ projectName: input.projectName, conventions, request, files: context.shown, description, maxOutputTokens: this.config.autoFix.maxTokens, maxTurns, retry }, input.signal),
        current,
        log,
        onContinued: (turn) => log(`⏳ The answer was cut off; the agent continues it (turn ${turn}/${maxTurns})`),
        usage: async (call) => {
          usage.inputTokens += call.inputTokens;
          usage.outputTokens += call.outputTokens;
          const balance = await this.credits.recordCall(input.ownerId, { buildId: input.buildId }, call, `Automatic fix of ${input.projectName} (attempt ${input.attempt})`);
          creditsOut ||= balance <= 0n;
        },
        // Fixes apply all at once: once the balance is gone, no further call is made and nothing changes.
        beforeNextCall: () => {
          if (creditsOut) throw new DomainError(ErrorCode.CreditsExhausted, FIX_CREDITS_RAN_OUT_MESSAGE);
        },
      });
    } catch (err) {
      if (input.signal.aborted || err instanceof DomainError) throw err;
      const message = (err as Error).message || 'the model gave no reason';
      this.logger.warn(`Fix attempt ${input.attempt} of ${input.projectName} (${input.projectId}) failed: ${message}`);
      throw new DomainError(ErrorCode.Unavailable, `The automatic fix failed: ${message}`);
    }
    if (!answer.ok) {
      log('⚠️ The agent proposed no changes that could be applied', 'warning');
      return { changedPaths: [], ...usage };
    }

    const { changes } = answer;
    for (const change of answer.parsed) if (change.kind === 'file' && !changes.writes.has(change.path) && !changes.deletes.has(change.path)) log(`· ${change.path} unchanged`);
    for (const warning of changes.warnings) log(warning, 'warning');
    if (changes.modified.length + changes.created.length + changes.deleted.length === 0) {
      log('⚠️ The agent proposed no changes', 'warning');
      return { changedPaths: [], ...usage };
    }
    // As an edit's: a fix that changes the packages lands only once they install.
    const install = await installChangedPackages(this.sandboxes, input.projectId, changes, current, log);
    if (!install.ok) {
      log(`⚠️ ${install.message}`, 'warning');
      return { changedPaths: [], ...usage };
    }
    const changedPaths = [...changes.modified, ...changes.created, ...changes.deleted];
    const before = new Map<string, string | null>();
    for (const path of [...changes.modified, ...changes.deleted]) before.set(path, await current(path));
    try {
      await this.projects.applyChanges(input.projectId, { writes: changes.writes, deletes: changes.deletes }, { kind: 'fix', message: `Auto-fix attempt ${input.attempt}: ${description}` });
    } catch (err) {
      throw new DomainError(ErrorCode.Internal, 'The automatic fix could not be saved', (err as Error).message);
    }
    for (const path of changedPaths) for (const line of await this.diffs.wordDiffLines(path, before.get(path) ?? null, changes.writes.get(path) ?? null)) log(line, 'info', true);
    this.logger.log(`Fix attempt ${input.attempt} of ${input.projectName} (${input.projectId}) changed ${changedPaths.length} files`);
    return { changedPaths, ...usage };
  }

  /**
   * The files to show: those the errors point at, package.json, then what they import, within
   * MAX_CONTEXT_CHARS; files that do not fit are named in the request instead.
   */
  private async readContext(input: FixAttemptInput, errors: BuildError[], tree: string[]): Promise<FixContext> {
    const inTree = new Set(tree);
    const errorFiles = unique(errors.map((error) => error.file).filter((file): file is string => file !== null && inTree.has(file)));
    const wanted = [...errorFiles, 'package.json', ...(errorFiles.length === 0 ? ENTRY_FILES : [])];
    const shown: Record<string, string> = {};
    const omitted: string[] = [];
    let budget = MAX_CONTEXT_CHARS;

    const show = async (path: string): Promise<string | null> => {
      if (path in shown || omitted.includes(path) || !inTree.has(path)) return null;
      const content = await this.readFile(input, path);
      if (content === null) return null;
      if (content.length > budget) {
        omitted.push(path);
        return null;
      }
      shown[path] = content;
      budget -= content.length;
      return content;
    };

    for (const path of unique(wanted)) await show(path);
    // Imports of the failing files are often where the mismatch is; they come last and only while they fit.
    for (const path of errorFiles) {
      const content = shown[path];
      if (content === undefined) continue;
      for (const imported of relativeImports(path, content, inTree)) await show(imported);
    }
    return { shown, omitted };
  }

  private async readFile(input: FixAttemptInput, path: string): Promise<string | null> {
    try {
      const content = await this.projects.readFile(input.projectId, path);
      // Binary files (images, fonts) cannot be shown as text.
      return content.includes('\u0000') ? null : content;
    } catch {
      return null;
    }
  }
}

interface FixContext {
  /** Path to content, as shown to the model. */
  shown: Record<string, string>;
  /** Files that were wanted but did not fit. */
  omitted: string[];
}

function fixRequest(args: { input: FixAttemptInput; errors: BuildError[]; files: FileEntry[]; context: FixContext; maxAttempts: number }): string {
  const { input, errors, files: tree, context, maxAttempts } = args;
  const runtime = input.failedAt === 'runtime';
  const what = runtime ? 'The app built and started, but failed when opened in a browser (headless Chromium loading its preview).' : 'The build failed.';
  const sections: string[] = [`Project name: ${input.projectName}`, `${what} This is repair attempt ${input.attempt} of ${maxAttempts}.`];

  sections.push(
    errors.length > 0
      ? ['## Errors', ...errors.map((error, i) => `${i + 1}. ${formatBuildError(error)}`)].join('\n')
      : '## Errors\nNo error line was recognised in the build output; read its end below.',
  );
  if (input.previous) sections.push(previousAttemptNote(input.previous, runtime));
  sections.push([runtime ? '## What the browser reported' : '## End of the build output', '```', logTail(input.buildLog), '```'].join('\n'));

  const listed = tree.slice(0, MAX_TREE_ENTRIES);
  const more = tree.length - listed.length;
  sections.push(['## Project files', ...listed.map(listedForModel), ...(more > 0 ? [`… and ${more} more`] : []), ...(tree.some((file) => file.binary) ? ['', BINARY_FILES_NOTE] : [])].join('\n'));

  const files = Object.entries(context.shown).map(([path, content]) => [fileStartMarker(path), content.replace(/\n$/, ''), FILE_END_MARKER].join('\n'));
  sections.push(['## Current content of the files involved', ...files].join('\n'));
  if (context.omitted.length > 0) {
    sections.push(`To keep this request short, these files were left out: ${context.omitted.join(', ')}. ` + 'They exist unchanged; if you must change one of them, write it complete.');
  }
  sections.push(`Answer with the complete files that fix the ${runtime ? 'app' : 'build'}, in the file-stream protocol.`);
  return sections.join('\n\n');
}

/** Tells the model its last attempt did not move the error, so it looks for another cause instead of repeating it. */
function previousAttemptNote(previous: UnhelpfulAttempt, runtime: boolean): string {
  return [
    '## The previous attempt did not fix this',
    `Attempt ${previous.attempt} changed ${previous.changedPaths.join(', ')}, and the ${runtime ? 'app' : 'build'} still fails with the same errors, so the cause is elsewhere. ` +
      'Its changes are in the files as shown below. Check what the errors actually name (a file under the wrong name or path, an import that does not match an export, a missing dependency) and fix that; do not repeat the same change.',
  ].join('\n');
}

/** The end of the build output, where the errors are, without colour codes. */
function logTail(log: string): string {
  const lines = stripAnsi(log).trimEnd().split(/\r?\n/).slice(-MAX_LOG_TAIL_LINES);
  const text = lines.join('\n');
  return text.length > MAX_LOG_TAIL_CHARS ? `…${text.slice(-MAX_LOG_TAIL_CHARS)}` : text;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
