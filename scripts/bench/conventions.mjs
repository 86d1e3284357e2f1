// How long the answer for a reference app is under the v2 conventions, against v1 (issue #23): the
// offline agent's answer for the reference description, as it streams today (every file written,
// since the generation does not lay the template down yet) and as a v2 answer is meant to be (the
// app's own files and EDITs of the template's). Runs on the built platform (api/dist).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const REFERENCE = ['A landing page for a coffee roaster called "Bean There", in warm brown', 'reference'];
/** The v1 offline agent's answer for the same description, measured on cd08eb0, the last commit with the v1 blueprints. */
const V1_REFERENCE_CHARS = 45_941;
const TARGET_CHARS = 40_000;

export async function benchConventions() {
  const load = (path) => import(pathToFileURL(join(root, 'api/dist/agent/offline', path)).href);
  const { planProject } = await load('plan-project.js');
  const { renderTranscript } = await load('transcript.js');
  const plan = planProject(...REFERENCE);
  const laidDown = renderTranscript(plan, { templateLaidDown: true }).length;
  const whole = renderTranscript(plan).length;
  const chars = (n) => `${n.toLocaleString('en-US')} chars`;
  return [
    [
      'Reference answer, v2 (app files + template EDITs)',
      `${chars(laidDown)} (${Math.round((laidDown / V1_REFERENCE_CHARS) * 100)}% of v1)`,
      `≤ ${TARGET_CHARS.toLocaleString('en-US')} chars`,
      laidDown <= TARGET_CHARS,
    ],
    ['Reference answer, v2 (every file written)', chars(whole), '', true],
    ['Reference answer, v1 (measured at cd08eb0)', chars(V1_REFERENCE_CHARS), '', true],
  ];
}
