import { describe, expect, it } from '@jest/globals';
import { parseTranscript } from '@forge/protocol/file-stream';
import { type CompletionRequest, ProviderError, type ProviderEvent } from '../llm-provider.js';
import { BLUEPRINT_IDS } from './describe.js';
import { readTemplateShape } from '../template/template-files.js';
import { BLUEPRINTS } from './blueprints/catalog.js';
import { EXAMPLE_DESCRIPTIONS } from './blueprints/example-descriptions.js';
import { OfflineStarterAgent, estimateTokens, typingChunks } from './offline-agent.js';
import { planProject } from './plan-project.js';

function request(description: string, projectName = 'my-react-app', purpose: CompletionRequest['purpose'] = 'generation'): CompletionRequest {
  return {
    system: 'You are Forge.',
    messages: [{ role: 'user', content: `Project name: ${projectName}\n\n${description}` }],
    maxOutputTokens: 16_000,
    purpose,
    conventions: 'v2',
    description,
    projectName,
  };
}

async function collect(agent: OfflineStarterAgent, req: CompletionRequest, signal = new AbortController().signal): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const event of agent.complete(req, signal)) events.push(event);
  return events;
}

function textOf(events: ProviderEvent[]): string {
  return events.map((e) => (e.type === 'text' ? e.text : '')).join('');
}

const instant = new OfflineStarterAgent({ charsPerSecond: Infinity });

describe('OfflineStarterAgent', () => {
  it('identifies itself', () => {
    expect(instant.name).toBe('offline');
    expect(instant.model).toBe('starter-blueprints');
  });

  describe.each(BLUEPRINT_IDS)('generating a %s', (id) => {
    const { description, projectName } = EXAMPLE_DESCRIPTIONS[id][0];

    it("streams a transcript that parses into exactly the blueprint's files", async () => {
      const events = await collect(instant, request(description, projectName));
      const { files, events: parsed } = parseTranscript(textOf(events));
      const expected = planProject(description, projectName).files;

      expect(parsed.filter((e) => e.type === 'file_refused')).toEqual([]);
      expect([...files.keys()]).toEqual(Object.keys(expected));
      for (const [path, file] of files) {
        expect(file.complete).toBe(true);
        expect(file.content).toBe(expected[path]);
      }
      expect(parsed.filter((e) => e.type === 'file_end').every((e) => e.type === 'file_end' && e.closedBy === 'end_marker')).toBe(true);
    });

    it('opens with a few lines of commentary ending with the shape line, and closes with a line', async () => {
      const text = textOf(await collect(instant, request(description, projectName)));
      const opening = text.slice(0, text.indexOf('<<<FILE ')).trim().split('\n');
      const notes = planProject(description, projectName).notes;
      expect(opening.length).toBe(4 + notes.length);
      expect(opening.at(-1)).toBe(`Template: ${BLUEPRINTS[id].isDataApp ? 'data' : 'static'}`);
      expect(readTemplateShape(text)).toBe(BLUEPRINTS[id].isDataApp ? 'data' : 'static');
      const closing = text.slice(text.lastIndexOf('<<<END FILE>>>') + '<<<END FILE>>>'.length).trim();
      expect(closing.split('\n')).toHaveLength(1);
      expect(closing).toMatch(/^Done: \d+ files/);
    });
  });

  it('ends with a token estimate and end_turn', async () => {
    const req = request('A todo app');
    const events = await collect(instant, req);
    const text = textOf(events);
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'end_turn' });
    expect(events.at(-2)).toEqual({
      type: 'usage',
      inputTokens: estimateTokens(req.system + req.messages[0].content),
      outputTokens: estimateTokens(text),
    });
    expect(events.slice(0, -2).every((e) => e.type === 'text')).toBe(true);
  });

  it('types in chunks of 20 to 120 characters', async () => {
    const chunks = (await collect(instant, request('A blog'))).flatMap((e) => (e.type === 'text' ? [e.text] : []));
    expect(chunks.length).toBeGreaterThan(100);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(20);
      expect(chunk.length).toBeLessThanOrEqual(121);
    }
  });

  it('never splits a surrogate pair between chunks', () => {
    const text = '🎉🙂'.repeat(500);
    for (const chunk of typingChunks(text)) {
      expect(/[\ud800-\udbff]$/.test(chunk)).toBe(false);
      expect(/^[\udc00-\udfff]/.test(chunk)).toBe(false);
    }
    expect(typingChunks(text).join('')).toBe(text);
  });

  it('gives the same stream for the same request', async () => {
    const req = request('A shop for plants, sage green', 'plant-shop');
    expect(await collect(instant, req)).toEqual(await collect(new OfflineStarterAgent({ charsPerSecond: 0 }), req));
  });

  it('paces the stream at roughly the configured speed', async () => {
    const paced = new OfflineStarterAgent({ charsPerSecond: 200_000 });
    const started = Date.now();
    const events = await collect(paced, request('A todo app'));
    const elapsed = Date.now() - started;
    const chars = textOf(events).length;
    // The last chunk is sent without waiting after it.
    expect(elapsed).toBeGreaterThanOrEqual(((chars - 120) / 200_000) * 1000 * 0.8);
  });

  it('streams a scripted answer at its own pace only when the tests-only hook is on', async () => {
    const answer = 'Template: static\n\n<<<FILE src/App.tsx>>>\nexport default function App() { return null; }\n<<<END FILE>>>\n';
    const description = `SCRIPTED ANSWER at 20000 chars/s:\n${answer}`;
    const scripted = new OfflineStarterAgent({ charsPerSecond: Infinity, scriptedAnswers: true });
    const started = Date.now();
    expect(textOf(await collect(scripted, request(description)))).toBe(answer);
    expect(Date.now() - started).toBeGreaterThanOrEqual(((answer.length - 120) / 20_000) * 1000 * 0.8);
    // Off (every real platform), the same description is only a description: a blueprint answers it.
    expect(textOf(await collect(instant, request(description)))).not.toBe(answer);
    // The reference form: the blueprint's answer on the laid-down template (no whole template files).
    const reference = textOf(await collect(scripted, request('REFERENCE ANSWER at 0 chars/s:\nA todo app')));
    expect(reference).toContain('Template: static');
    expect(reference).not.toContain('<<<FILE package.json>>>');
    expect(reference).toContain('<<<FILE src/App.tsx>>>');
    // Edits and fixes are never scripted this way.
    expect(textOf(await collect(scripted, request(description, 'my-react-app', 'fix')))).not.toBe(answer);
  });

  it('stops at once when aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(collect(instant, request('A blog'), controller.signal)).rejects.toThrow('stopped');
  });

  it('stops mid-stream when aborted, without finishing the transcript', async () => {
    const slow = new OfflineStarterAgent({ charsPerSecond: 2000 });
    const controller = new AbortController();
    const received: ProviderEvent[] = [];
    const started = Date.now();
    const run = (async () => {
      for await (const event of slow.complete(request('A blog'), controller.signal)) {
        received.push(event);
        if (received.length === 3) setTimeout(() => controller.abort(new Error('user stopped')), 10);
      }
    })();
    await expect(run).rejects.toThrow('user stopped');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(received.every((e) => e.type === 'text')).toBe(true);
    expect(received.length).toBeLessThan(20);
  });

  it('explains that it cannot repair code, and writes no files', async () => {
    const events = await collect(instant, { ...request('Make the header blue', 'shop', 'fix'), files: { 'src/App.tsx': 'x' } });
    const text = textOf(events);
    expect(text).toContain('offline starter agent cannot');
    expect(text).toContain('ANTHROPIC_API_KEY');
    expect(text).toContain('LLM_PROVIDER=openai');
    expect(text).toContain('OPENAI_BASE_URL');
    expect(parseTranscript(text).files.size).toBe(0);
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'end_turn' });
  });

  it('refuses an edit it cannot make without a model, saying plainly what would make it possible', async () => {
    const project = { paths: ['src/App.tsx'], read: async () => 'export function App() { return null; }\n' };
    const run = collect(instant, { ...request('Add a dark mode toggle', 'shop', 'edit'), project });
    await expect(run).rejects.toBeInstanceOf(ProviderError);
    await expect(run).rejects.toMatchObject({ transient: false, message: expect.stringContaining('Nothing was changed: the offline agent cannot do "Add a dark mode toggle"') });
    await expect(run).rejects.toThrow('Anything else needs a language model, and none is configured here.');
  });

  it('answers an edit it knows with EDIT blocks, in the same stream shape as a model', async () => {
    const project = { paths: ['index.html'], read: async () => '<html>\n  <title>Old</title>\n</html>\n' };
    const events = await collect(instant, { ...request('Change the title to "New"', 'shop', 'edit'), project });
    expect(textOf(events)).toContain('<<<EDIT index.html>>>\n<<<SEARCH>>>\n  <title>Old</title>\n<<<REPLACE>>>\n  <title>New</title>\n<<<END EDIT>>>');
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'end_turn' });
  });
});
