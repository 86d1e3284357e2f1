import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'api/src/generated/**',
      'web/src/routeTree.gen.ts',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      '**/*.cjs',
      'api/test/fixtures/lovable-shape/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters from their emitted types: a type-only import would erase them.
    files: ['api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Boundaries of the API: only the sandbox driver talks to Docker, only repositories (and the
    // database module that provides them) talk to Prisma. Tests may reach in to set up and check.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.spec.ts', 'api/src/generated/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['dockerode'], message: 'Only api/src/sandboxes/docker.driver.ts (and the container spec it takes) may use dockerode: ask the sandboxes service.' },
            { group: ['**/generated/prisma/**', '**/platform-db/prisma.service.js'], message: "Only repositories touch Prisma: add a method to the domain's *.repository.ts." },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/sandboxes/docker.driver.ts', 'api/src/sandboxes/container-spec.ts', 'api/src/**/*.repository.ts', 'api/src/platform-db/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The v2 template and the offline agent's starter blueprints are React apps (with an Express server for data apps).
    files: ['api/blueprints/**/*.{ts,tsx}', 'api/templates/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Written this way in every project generated so far; a change here changes what new projects get.
    files: ['api/blueprints/blog/src/{App,components/PostView}.tsx', 'api/blueprints/dashboard/src/components/DonutChart.tsx'],
    rules: { 'react-hooks/set-state-in-effect': 'off', 'react-hooks/immutability': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every web call goes through protocol/src/endpoints.ts, whose entries an API test checks against
    // the routes the server serves: no hand-written API paths in the web app.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.spec.{ts,tsx}', 'web/src/test/**', 'web/src/**/test-*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/]',
          message: 'Build API URLs from WEB_ENDPOINTS (protocol/src/endpoints.ts) with apiRoute or endpointPath.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]',
          message: 'Build API URLs from WEB_ENDPOINTS (protocol/src/endpoints.ts) with apiRoute or endpointPath.',
        },
        {
          // The page a new tab opens (a preview: someone else's code) must get no handle on the app's tab.
          selector: 'JSXOpeningElement:has(JSXAttribute[name.name="target"][value.value="_blank"]):not(:has(JSXAttribute[name.name="rel"][value.value=/noopener/]))',
          message: 'Links that open a new tab need rel="noopener noreferrer".',
        },
      ],
    },
  },
  {
    // Requests are made by the client and stream clients in web/src/api, which name their endpoint.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**', 'web/src/**/*.spec.{ts,tsx}', 'web/src/test/**', 'web/src/**/test-*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API through web/src/api (apiJson, apiFetch or a stream client).' }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Call the API through web/src/api (apiJson, apiFetch or a stream client).' },
        { object: 'globalThis', property: 'fetch', message: 'Call the API through web/src/api (apiJson, apiFetch or a stream client).' },
        { object: 'window', property: 'open', message: 'Open new tabs with a link: <a target="_blank" rel="noopener noreferrer">.' },
      ],
    },
  },
);
