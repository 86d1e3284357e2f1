import './env';

/** The secret this server needs: listed in .env.example, saved in the workspace's Secrets view. */
export const API_KEY_NAME = 'SERVICE_API_KEY';

/** The key, or null until it is saved (the app then restarts with it). */
export function apiKey(): string | null {
  return process.env[API_KEY_NAME]?.trim() || null;
}
