// Debian's Chromium: the platform's preview checks open every built preview in it, and the
// end-to-end tests drive it. Installed with apt when missing (as root).
import { existsSync } from 'node:fs';
import { log, run } from './setup.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Installs Chromium when missing; without it, `required` throws and otherwise a warning says what is lost. */
export function ensureChromium({ required }) {
  if (existsSync(CHROMIUM)) return true;
  const fail = (why) => {
    if (required) throw new Error(why);
    log(`warning: ${why} Preview checks will be reported as skipped.`);
    return false;
  };
  if (process.getuid?.() !== 0) return fail('Chromium is not installed: install it with `sudo apt-get install -y chromium`.');
  log('Installing Chromium for the preview checks (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], { env });
  } catch (err) {
    return fail(`Chromium could not be installed (${err.message}).`);
  }
  return true;
}
