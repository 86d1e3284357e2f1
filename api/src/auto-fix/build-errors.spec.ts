import { describe, expect, it } from '@jest/globals';
import { extractBuildErrors, formatBuildError, projectRelativePath } from './build-errors.js';

const ESC = '\u001b';
const lines = (...text: string[]) => text.join('\n');

describe('extractBuildErrors', () => {
  describe('TypeScript', () => {
    it('reads tsc errors in the plain form, without duplicates', () => {
      const log = lines(
        '> recipe-box@0.1.0 typecheck',
        '> tsc --noEmit',
        '',
        "src/App.tsx(12,5): error TS2322: Type 'number' is not assignable to type 'string'.",
        "src/components/RecipeCard.tsx(8,24): error TS2339: Property 'title' does not exist on type 'Recipe'.",
        "src/components/RecipeCard.tsx(8,24): error TS2339: Property 'title' does not exist on type 'Recipe'.",
        `src/lib/api.ts(3,10): error TS2305: Module '"./types"' has no exported member 'Post'.`,
      );
      expect(extractBuildErrors(log)).toEqual([
        { file: 'src/App.tsx', line: 12, column: 5, message: "Type 'number' is not assignable to type 'string'." },
        { file: 'src/components/RecipeCard.tsx', line: 8, column: 24, message: "Property 'title' does not exist on type 'Recipe'." },
        { file: 'src/lib/api.ts', line: 3, column: 10, message: `Module '"./types"' has no exported member 'Post'.` },
      ]);
    });

    it('reads the pretty, coloured form and ignores its code frame and summary', () => {
      const log = lines(
        `${ESC}[96msrc/App.tsx${ESC}[0m:${ESC}[93m12${ESC}[0m:${ESC}[93m5${ESC}[0m - ${ESC}[91merror${ESC}[0m${ESC}[90m TS2322: ${ESC}[0mType 'number' is not assignable to type 'string'.`,
        '',
        `${ESC}[7m12${ESC}[0m     const title: string = count;`,
        `${ESC}[7m  ${ESC}[0m ${ESC}[91m          ~~~~~${ESC}[0m`,
        '',
        '',
        `Found 1 error in src/App.tsx${ESC}[90m:12${ESC}[0m`,
        '',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: 'src/App.tsx', line: 12, column: 5, message: "Type 'number' is not assignable to type 'string'." }]);
    });

    it('keeps errors about the configuration without a file', () => {
      const log = "error TS5083: Cannot read file '/workspace/app/tsconfig.node.json'.";
      expect(extractBuildErrors(log)).toEqual([{ file: null, line: null, column: null, message: "Cannot read file 'tsconfig.node.json'." }]);
    });
  });

  describe('Vite 8 and Rolldown', () => {
    it('reads an unresolved import with its code frame, not the stack of the bundler', () => {
      const log = lines(
        'vite v8.0.3 building client environment for production...',
        'transforming...✓ 31 modules transformed.',
        '✗ Build failed in 212ms',
        'error during build:',
        'Build failed with 1 error:',
        '',
        "[UNRESOLVED_IMPORT] Error: Could not resolve './Missing' in src/App.tsx",
        '   ╭─[ src/App.tsx:3:26 ]',
        '   │',
        " 3 │ import { Missing } from './Missing';",
        '   │                         ─────┬─────  ',
        '   │                              ╰─────── Module not found.',
        '───╯',
        '',
        '    at aggregateBindingErrorsIntoJsError (file:///workspace/app/node_modules/rolldown/dist/shared/error-B8po7KiL.mjs:48:18)',
        '    at unwrapBindingResult (file:///workspace/app/node_modules/rolldown/dist/shared/error-B8po7KiL.mjs:18:128)',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: 'src/App.tsx', line: 3, column: 26, message: "Could not resolve './Missing' in src/App.tsx" }]);
    });

    it('takes the importer from the message when there is no code frame', () => {
      expect(extractBuildErrors("[UNRESOLVED_IMPORT] Could not resolve './Missing' in src/App.tsx")).toEqual([
        { file: 'src/App.tsx', line: null, column: null, message: "Could not resolve './Missing' in src/App.tsx" },
      ]);
    });

    it('lists every parse error of a failed transform, ignoring warnings', () => {
      const log = lines(
        '[EVAL] Warning: Use of `eval` function is strongly discouraged as it poses security risks and may cause issues with minification.',
        '   ╭─[ src/lib/calc.ts:4:10 ]',
        '✗ Build failed in 96ms',
        'error during build:',
        '[vite:oxc] Transform failed with 2 errors:',
        '',
        '[PARSE_ERROR] Error: Unexpected token',
        '   ╭─[ src/App.tsx:3:10 ]',
        '   │',
        ' 3 │   return <div className="app">{items.map((i) => <Item key={i.id} {...i} />}</div>;',
        '   │          ┬',
        '   │          ╰──',
        '───╯',
        '',
        '[PARSE_ERROR] Error: Expected `,` or `)` but found `}`',
        '    ╭─[ src/components/Item.tsx:14:3 ]',
        '    │',
        ' 14 │   }',
        '    │   ┬',
        '    │   ╰── `,` or `)` expected',
        '────╯',
      );
      expect(extractBuildErrors(log)).toEqual([
        { file: 'src/App.tsx', line: 3, column: 10, message: 'Unexpected token' },
        { file: 'src/components/Item.tsx', line: 14, column: 3, message: 'Expected `,` or `)` but found `}`' },
      ]);
    });

    it('reads the error a plugin wraps, and keeps no file when it is in a dependency', () => {
      const log = lines(
        'error during build:',
        'Build failed with 1 error:',
        '',
        '[plugin vite-plugin-pwa:build]',
        'Error: Build failed with 1 error:',
        '',
        '[PARSE_ERROR] Unexpected token',
        '     ╭─[ node_modules/@vidstack/react/prod/vidstack.js:226:9 ]',
        '     │',
        ' 226 │     return <MediaPlayerBridge {...props} />;',
        '─────╯',
        '    at aggregateBindingErrorsIntoJsError (file:///workspace/app/node_modules/rolldown/dist/shared/error-B8po7KiL.mjs:48:18)',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: null, line: null, column: null, message: 'Unexpected token' }]);
    });

    it('reads "error during build:" with the file line Vite adds', () => {
      const log = lines(
        '✓ 12 modules transformed.',
        '✗ Build failed in 150ms',
        'error during build:',
        '[vite:build-import-analysis] Failed to parse source for import analysis because the content contains invalid JS syntax. If you are using JSX, make sure to name the file with the .jsx or .tsx extension.',
        'file: /workspace/app/src/App.js:3:10',
        '    at TransformPluginContext._formatLog (file:///workspace/app/node_modules/vite/dist/node/chunks/node.js:30151:39)',
      );
      expect(extractBuildErrors(log)).toEqual([
        {
          file: 'src/App.js',
          line: 3,
          column: 10,
          message:
            '[vite:build-import-analysis] Failed to parse source for import analysis because the content contains invalid JS syntax. If you are using JSX, make sure to name the file with the .jsx or .tsx extension.',
        },
      ]);
    });

    it('reads a missing export in the Rollup form', () => {
      const log = lines('error during build:', 'src/App.tsx (3:9): "formatPrice" is not exported by "src/lib/format.ts", imported by "src/App.tsx".', 'file: /workspace/app/src/App.tsx:3:9');
      expect(extractBuildErrors(log)).toEqual([
        { file: 'src/App.tsx', line: 3, column: 9, message: 'src/App.tsx (3:9): "formatPrice" is not exported by "src/lib/format.ts", imported by "src/App.tsx".' },
      ]);
    });

    it('points an import Rolldown cannot resolve at the importing file', () => {
      const log = lines(
        '✗ Build failed in 1.23s',
        'error during build:',
        'Build failed with 1 error:',
        '',
        'Error: [vite]: Rolldown failed to resolve import "react-router-dom" from "/workspace/app/src/main.tsx".',
        'This is most likely unintended because it can break your application at runtime.',
        'If you do want to externalize this module explicitly add it to',
        '`build.rolldownOptions.external`',
        '    at viteLog (file:///workspace/app/node_modules/vite/dist/node/chunks/node.js:33111:57)',
        '    at onRollupLog (file:///workspace/app/node_modules/vite/dist/node/chunks/node.js:33142:63)',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: 'src/main.tsx', line: null, column: null, message: '[vite]: Rolldown failed to resolve import "react-router-dom" from "src/main.tsx".' }]);
    });

    it('points a file Vite cannot load at the file that imports it', () => {
      const log = lines(
        'error during build:',
        "[vite:load-fallback] Could not load /workspace/app/src/components/Header (imported by src/App.tsx): ENOENT: no such file or directory, open '/workspace/app/src/components/Header'",
        '    at async open (node:internal/fs/promises:639:25)',
      );
      expect(extractBuildErrors(log)).toEqual([
        {
          file: 'src/App.tsx',
          line: null,
          column: null,
          message: "[vite:load-fallback] Could not load src/components/Header (imported by src/App.tsx): ENOENT: no such file or directory, open 'src/components/Header'",
        },
      ]);
    });
  });

  describe('esbuild and tsx', () => {
    it('reads the boxed form and the one-line form of the same error once', () => {
      const log = lines(
        '✘ [ERROR] Expected ";" but found "x"',
        '',
        '    src/main.ts:4:7:',
        '      4 │ const a x = 1;',
        '        │        ^',
        '        ╵        ;',
        '',
        'node:internal/modules/run_main:123',
        '    triggerUncaughtException(',
        '    ^',
        'Error: Transform failed with 1 error:',
        '/workspace/app/src/main.ts:4:7: ERROR: Expected ";" but found "x"',
        '    at failureErrorWithLog (/workspace/app/node_modules/esbuild/lib/main.js:1467:15)',
        '    at /workspace/app/node_modules/esbuild/lib/main.js:736:50',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: 'src/main.ts', line: 4, column: 7, message: 'Expected ";" but found "x"' }]);
    });
  });

  describe('npm', () => {
    it('reads a version that does not exist', () => {
      const log = lines(
        'npm error code ETARGET',
        'npm error notarget No matching version found for lucide-react@^9.0.0.',
        'npm error notarget In most cases you or one of your dependencies are requesting',
        "npm error notarget a package version that doesn't exist.",
        'npm error A complete log of this run can be found in: /root/.npm/_logs/2026-03-02T10_11_12_345Z-debug-0.log',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: null, line: null, column: null, message: 'No matching version found for lucide-react@^9.0.0.' }]);
    });

    it('reads a package that is not in the registry', () => {
      const log = lines(
        'npm error code E404',
        'npm error 404 Not Found - GET https://registry.npmjs.org/react-fancy-charts - Not found',
        'npm error 404',
        "npm error 404  'react-fancy-charts@^2.1.0' is not in this registry.",
        'npm error 404',
        'npm error 404 Note that you can also install from a',
        'npm error 404 tarball, folder, http url, or git url.',
        'npm error A complete log of this run can be found in: /root/.npm/_logs/2026-03-02T10_11_12_345Z-debug-0.log',
      );
      expect(extractBuildErrors(log)).toEqual([
        {
          file: null,
          line: null,
          column: null,
          message: "404 Not Found - GET https://registry.npmjs.org/react-fancy-charts - Not found: 'react-fancy-charts@^2.1.0' is not in this registry.",
        },
      ]);
    });

    it('reads a peer dependency conflict, in the older npm ERR! form too', () => {
      const conflict = [
        'code ERESOLVE',
        'ERESOLVE unable to resolve dependency tree',
        '',
        'While resolving: recipe-box@0.1.0',
        'Found: react@19.3.1',
        'node_modules/react',
        '  react@"^19.3.1" from the root project',
        '',
        'Could not resolve dependency:',
        'peer react@"^16.8.0 || ^17.0.0 || ^18.0.0" from react-beautiful-dnd@13.1.1',
        'node_modules/react-beautiful-dnd',
        '  react-beautiful-dnd@"^13.1.1" from the root project',
        '',
        'Fix the upstream dependency conflict, or retry',
        'this command with --force or --legacy-peer-deps',
        'to accept an incorrect (and potentially broken) dependency resolution.',
      ];
      const expected = [
        {
          file: null,
          line: null,
          column: null,
          message: 'ERESOLVE unable to resolve dependency tree: peer react@"^16.8.0 || ^17.0.0 || ^18.0.0" from react-beautiful-dnd@13.1.1; found react@19.3.1',
        },
      ];
      expect(extractBuildErrors(conflict.map((l) => `npm error ${l}`.trimEnd()).join('\n'))).toEqual(expected);
      expect(extractBuildErrors(conflict.map((l) => `npm ERR! ${l}`.trimEnd()).join('\n'))).toEqual(expected);
    });

    it('ignores the lifecycle failure that only repeats the tool errors above it', () => {
      const log = lines(
        "src/App.tsx(12,5): error TS2322: Type 'number' is not assignable to type 'string'.",
        'npm error Lifecycle script `build` failed with error:',
        'npm error code 2',
        'npm error path /workspace/app',
        'npm error command failed',
        'npm error command sh -c tsc --noEmit && vite build',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: 'src/App.tsx', line: 12, column: 5, message: "Type 'number' is not assignable to type 'string'." }]);
    });
  });

  describe('Node at run time', () => {
    it('places an error at the first frame of its stack inside the project', () => {
      const log = lines(
        '> recipe-box@0.1.0 start',
        '> tsx server/index.ts',
        '',
        '/workspace/app/server/routes.ts:12',
        '  return posts.map((p) => p.title);',
        '               ^',
        '',
        "TypeError: Cannot read properties of undefined (reading 'map')",
        '    at listPosts (/workspace/app/server/routes.ts:12:16)',
        '    at file:///workspace/app/server/index.ts:10:3',
        '    at ModuleJob.run (node:internal/modules/esm/module_job:271:25)',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: 'server/routes.ts', line: 12, column: 16, message: "TypeError: Cannot read properties of undefined (reading 'map')" }]);
    });

    it('reads a plain Error with a file:// frame', () => {
      const log = lines('Error: DATABASE_URL is not set', '    at file:///workspace/app/server/index.ts:10:3', '    at ModuleJob.run (node:internal/modules/esm/module_job:271:25)');
      expect(extractBuildErrors(log)).toEqual([{ file: 'server/index.ts', line: 10, column: 3, message: 'DATABASE_URL is not set' }]);
    });

    it('uses the throw site Node prints when the stack has no project frame', () => {
      const log = lines(
        'file:///workspace/app/server/index.ts:3',
        "import { pool } from './db';",
        '         ^^^^',
        "SyntaxError: The requested module './db' does not provide an export named 'pool'",
        '    at ModuleJob._instantiate (node:internal/modules/esm/module_job:180:21)',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: 'server/index.ts', line: 3, column: null, message: "SyntaxError: The requested module './db' does not provide an export named 'pool'" }]);
    });

    it('points a missing module at the file that imports it', () => {
      const log = lines(
        'node:internal/modules/esm/resolve:275',
        '    throw new ERR_MODULE_NOT_FOUND(',
        '          ^',
        '',
        "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/workspace/app/server/db' imported from /workspace/app/server/index.ts",
        '    at finalizeResolution (node:internal/modules/esm/resolve:275:11)',
        '    at moduleResolve (node:internal/modules/esm/resolve:860:10) {',
        "  code: 'ERR_MODULE_NOT_FOUND',",
        "  url: 'file:///workspace/app/server/db'",
        '}',
      );
      expect(extractBuildErrors(log)).toEqual([{ file: 'server/index.ts', line: null, column: null, message: "Cannot find module 'server/db' imported from server/index.ts" }]);
    });

    it('keeps the message but no file when every frame is in node_modules or outside the project', () => {
      const log = lines(
        'Error: connect ECONNREFUSED 127.0.0.1:5432',
        '    at /workspace/app/node_modules/pg-pool/index.js:45:11',
        '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
        'Error: EACCES: permission denied',
        '    at file:///root/.cache/tool/index.js:1:1',
      );
      expect(extractBuildErrors(log)).toEqual([
        { file: null, line: null, column: null, message: 'connect ECONNREFUSED 127.0.0.1:5432' },
        { file: null, line: null, column: null, message: 'EACCES: permission denied' },
      ]);
    });
  });

  it('drops paths that escape the project or point into node_modules, keeping their messages', () => {
    const log = lines(
      "../shared/types.ts(1,1): error TS6059: File '../shared/types.ts' is not under 'rootDir'.",
      "node_modules/@types/react/index.d.ts(10,1): error TS2300: Duplicate identifier 'React'.",
      "/etc/passwd(1,1): error TS1005: ';' expected.",
    );
    expect(extractBuildErrors(log).map((e) => e.file)).toEqual([null, null, null]);
    expect(extractBuildErrors(log).map((e) => e.message)).toEqual(["File '../shared/types.ts' is not under 'rootDir'.", "Duplicate identifier 'React'.", "';' expected."]);
  });

  it('keeps the first errors, in order, up to the limit, across tools', () => {
    const tsc = Array.from({ length: 12 }, (_, i) => `src/App.tsx(${i + 1},1): error TS2304: Cannot find name 'x${i}'.`);
    const errors = extractBuildErrors(lines('npm error code ETARGET', 'npm error notarget No matching version found for foo@^9.', ...tsc));
    expect(errors).toHaveLength(8);
    expect(errors[0].message).toBe('No matching version found for foo@^9.');
    expect(errors.slice(1).map((e) => e.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(extractBuildErrors(lines(...tsc), 3).map((e) => e.line)).toEqual([1, 2, 3]);
  });

  it('reads a command the shell cannot find', () => {
    expect(extractBuildErrors(lines('> vite build', '', 'sh: 1: vite: not found'))).toEqual([{ file: null, line: null, column: null, message: 'vite: command not found' }]);
  });

  it('falls back to the last lines that mention an error or a failure', () => {
    const log = lines(
      'Step 1/3: installing',
      'warning: something odd happened early (error budget ok)',
      'Killed',
      'The build failed: the container ran out of memory (exit code 137)',
      'ERROR: no output was produced',
      '',
    );
    expect(extractBuildErrors(log, 2)).toEqual([
      { file: null, line: null, column: null, message: 'The build failed: the container ran out of memory (exit code 137)' },
      { file: null, line: null, column: null, message: 'ERROR: no output was produced' },
    ]);
    expect(extractBuildErrors('all good\n')).toEqual([]);
  });
});

describe('formatBuildError', () => {
  it('shows the place before the message, as precisely as it is known', () => {
    expect(formatBuildError({ file: 'src/App.tsx', line: 12, column: 5, message: 'Oops' })).toBe('src/App.tsx:12:5 Oops');
    expect(formatBuildError({ file: 'src/App.tsx', line: 12, column: null, message: 'Oops' })).toBe('src/App.tsx:12 Oops');
    expect(formatBuildError({ file: 'src/App.tsx', line: null, column: null, message: 'Oops' })).toBe('src/App.tsx Oops');
    expect(formatBuildError({ file: null, line: null, column: null, message: 'Oops' })).toBe('Oops');
  });
});

describe('projectRelativePath', () => {
  it.each([
    ['/workspace/app/src/App.tsx', 'src/App.tsx'],
    ['file:///workspace/app/server/index.ts', 'server/index.ts'],
    ['./src/main.tsx', 'src/main.tsx'],
    ['src/routes/index.tsx?tsr-split=component', 'src/routes/index.tsx'],
    ['/workspace/app/node_modules/vite/dist/node/cli.js', null],
    ['/workspace/other/src/App.tsx', null],
    ['../secrets.ts', null],
    ['node:internal/modules/run_main', null],
    ['<stdin>', null],
  ])('%s → %s', (raw, expected) => {
    expect(projectRelativePath(raw)).toBe(expected);
  });
});
