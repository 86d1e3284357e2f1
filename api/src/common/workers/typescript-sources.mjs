// Imported first (`--import`) by worker threads of a platform that runs from its TypeScript sources,
// as the tests run it; the built platform's workers run the compiled files and never load this.
import { register } from 'node:module';

register('./typescript-hooks.mjs', import.meta.url);
