// The dependencies a project made under the v1 conventions may use, with the versions
// api/prompts/v1/conventions.md names (a test keeps the two in step). The sandbox image
// preinstalls them, beside the v2 template's stack, so v1 projects keep building offline.

export const STATIC_APP_DEPENDENCIES = {
  react: '^19.3.1',
  'react-dom': '^19.3.1',
  'lucide-react': '^1.75.0',
} as const;

export const STATIC_APP_DEV_DEPENDENCIES = {
  '@types/node': '^22.20.5',
  '@types/react': '^19.3.0',
  '@types/react-dom': '^19.3.0',
  '@vitejs/plugin-react': '^6.3.0',
  typescript: '^5.9.3',
  vite: '^8.3.8',
} as const;

/** Added for apps that keep data: the server runs with tsx, so it is a runtime dependency. */
export const DATA_APP_DEPENDENCIES = {
  'drizzle-orm': '^0.45.4',
  express: '^5.3.0',
  pg: '^8.23.1',
  tsx: '^4.23.15',
} as const;

export const DATA_APP_DEV_DEPENDENCIES = {
  '@types/express': '^5.0.6',
  '@types/pg': '^8.23.1',
  'drizzle-kit': '^0.31.11',
} as const;

export const ALL_ALLOWED_DEPENDENCIES: Readonly<Record<string, string>> = {
  ...STATIC_APP_DEPENDENCIES,
  ...STATIC_APP_DEV_DEPENDENCIES,
  ...DATA_APP_DEPENDENCIES,
  ...DATA_APP_DEV_DEPENDENCIES,
};
