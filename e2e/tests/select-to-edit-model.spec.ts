import { expect, test } from '../fixtures/accounts';
import { SCRIPTED_MODEL_PROJECT_PREFIX, lastUserText, modelRequests, queueModelAnswer } from '../fixtures/scripted-model';
import { HERO_FILE, HERO_HEADING, HERO_HEADING_LINE, heroAppFiles, openHeroApp } from '../fixtures/hero-app';
import { expectPreviewForward } from '../fixtures/workspace';

// The same pick as select-to-edit.spec.ts, answered by a model through the real Anthropic SDK: the
// request it receives names the element's file and line and shows that file first.
test('an edit aimed at a heading picked in the preview tells the model its file and line, shows that file first, and lands there', async ({ page, account }) => {
  test.setTimeout(300_000);
  const projectName = `${SCRIPTED_MODEL_PROJECT_PREFIX}select`;
  const preview = await openHeroApp(page, account, projectName);
  const heading = preview.getByRole('heading', { name: HERO_HEADING });

  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await heading.click();
  await expect(page.getByTestId('edit-target')).toHaveText(`Editing <h1> in ${HERO_FILE}:${HERO_HEADING_LINE} · Hero`);

  const line = heroAppFiles()[HERO_FILE]!.split('\n')[HERO_HEADING_LINE - 1]!;
  await queueModelAnswer(
    ['The selected heading now says Hello.', '', `<<<EDIT ${HERO_FILE}>>>`, '<<<SEARCH>>>', line, '<<<REPLACE>>>', line.replace(HERO_HEADING, 'Hello'), '<<<END EDIT>>>', ''].join('\n'),
  );
  const asked = (await modelRequests()).length;
  await page.getByLabel(`Describe a change to ${projectName}`).fill('Make this say Hello');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Project updated').first()).toBeVisible({ timeout: 120_000 });

  const requests = (await modelRequests()).slice(asked);
  expect(requests).toHaveLength(1);
  const prompt = lastUserText(requests[0]!);
  expect(prompt).toContain('Make this say Hello');
  expect(prompt).toContain(`The person picked the <h1> element written in ${HERO_FILE} at line ${HERO_HEADING_LINE}, column 7`);
  // The element as written in the file: the tags exist only in the sandbox's build, never in what the model reads.
  expect(prompt).toContain(`<h1 className="mt-4 text-5xl font-extrabold tracking-tight">${HERO_HEADING}</h1>`);
  expect(prompt).not.toContain('data-forge-loc');
  // The element's file is the first of the files shown.
  const files = prompt.slice(prompt.indexOf('## Every file of the project'));
  expect(files.indexOf(`<<<FILE ${HERO_FILE}>>>`)).toBeGreaterThan(0);
  expect(files.indexOf(`<<<FILE ${HERO_FILE}>>>`)).toBe(files.indexOf('<<<FILE '));

  const saved = await account.api.get(`/api/projects/${projectName}/file/${HERO_FILE}`);
  expect(((await saved.json()) as { content: string }).content.split('\n')[HERO_HEADING_LINE - 1]).toBe(line.replace(HERO_HEADING, 'Hello'));
  await expectPreviewForward(page, 60_000);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Hello', { timeout: 30_000 });

  // A target the project has no file for is refused before anything runs, in the API's error shape.
  const refused = await account.api.post(`/api/projects/${projectName}/edit`, { data: { modificationRequest: 'Make this say Hi', target: { file: 'src/Nowhere.tsx', line: 1, column: 1 } } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ error: expect.stringContaining('src/Nowhere.tsx:1'), code: 'validation' });
});
