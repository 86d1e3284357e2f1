import { existsSync } from 'node:fs';

// Secrets saved in the workspace are written to .env; variables set by the host take precedence.
if (existsSync('.env')) process.loadEnvFile('.env');
