import { describe, expect, it, jest } from '@jest/globals';
import { EDIT_END_MARKER, FILE_END_MARKER, FileStreamParser, REPLACE_MARKER, SEARCH_MARKER, deleteMarker, editStartMarker, fileStartMarker } from '@forge/protocol/file-stream';
import { templateFiles } from '../agent/template/template-files.js';
import { TemplateLayDown } from './template-lay-down.js';

const file = (path: string, content: string) => `${fileStartMarker(path)}\n${content}${FILE_END_MARKER}\n`;
const edit = (path: string, search: string, replace: string) => [editStartMarker(path), SEARCH_MARKER, search, REPLACE_MARKER, replace, EDIT_END_MARKER, ''].join('\n');

/** A generation's files fed `chunks` the way the generation run feeds them: events in order, whole files at their end. */
function setup(conventions: 'v1' | 'v2' = 'v2') {
  const mocks = { save: jest.fn<(path: string, content: string) => void>(), log: jest.fn<(message: string, level?: string) => void>() };
  const sut = new TemplateLayDown().begin({ projectName: 'Tea Shop', conventions, ...mocks });
  const parser = new FileStreamParser();
  const open = new Map<string, string>();
  const feed = (events: ReturnType<FileStreamParser['push']>) => {
    for (const event of events) {
      sut.see(event);
      if (event.type === 'file_start') open.set(event.path, '');
      else if (event.type === 'file_content') open.set(event.path, open.get(event.path)! + event.text);
      else if (event.type === 'file_end') sut.write(event.path, open.get(event.path)!);
    }
  };
  const push = (...chunks: string[]) => chunks.forEach((chunk) => feed(parser.push(chunk)));
  const stream = (...chunks: string[]) => {
    push(...chunks);
    feed(parser.end());
  };
  /** The project as the saves leave it. */
  const project = () => new Map(mocks.save.mock.calls.map(([path, content]) => [path, content]));
  return { sut, mocks, push, stream, project };
}

describe('TemplateLayDown', () => {
  it('lays the named shape down, personalised, before the first file of the answer, in the template order', () => {
    const { sut, mocks, stream } = setup();
    stream('A tea shop with a menu and a cart.\nTemplate: data\n', file('src/pages/menu.tsx', 'export function Menu() { return null; }\n'));
    const template = templateFiles('data', { projectName: 'Tea Shop' });
    const saved = mocks.save.mock.calls.map(([path]) => path);
    expect(saved).toEqual([...template.keys(), 'src/pages/menu.tsx']);
    expect(mocks.save.mock.calls[0]).toEqual(['package.json', template.get('package.json')]);
    expect(template.get('package.json')).toContain('"name": "tea-shop"');
    expect(sut.shape).toBe('data');
    expect(mocks.log).toHaveBeenCalledWith(expect.stringContaining(`Laying down the data starter template (${template.size} files)`));
  });

  it('lays it down as soon as the shape line is whole, before any block starts', () => {
    const { mocks, push } = setup();
    push('Building it.\nTemplate: api-', 'key');
    // Not yet: the line could still grow.
    expect(mocks.save).not.toHaveBeenCalled();
    push('\nNow the files.');
    expect(mocks.save.mock.calls.map(([path]) => path)).toContain('server/key.ts');
  });

  it('applies EDIT blocks to the laid-down files and to files written earlier in the answer, in order', () => {
    const { sut, project, stream } = setup();
    const css = templateFiles('static').get('src/index.css')!;
    stream(
      'Template: static\n',
      edit('index.html', '    <title>Tea Shop</title>', '    <title>Tea Shop: menu</title>'),
      edit('src/index.css', '  --primary: #4f46e5;', '  --primary: #166534;'),
      edit('src/index.css', '  --accent: #f59e0b;', '  --accent: #ca8a04;'),
      file('src/data/teas.ts', "export const TEAS = ['sencha'];\n"),
      edit('src/data/teas.ts', "export const TEAS = ['sencha'];", "export const TEAS = ['sencha', 'oolong'];"),
    );
    const files = project();
    expect(files.get('index.html')).toContain('<title>Tea Shop: menu</title>');
    expect(files.get('src/index.css')).toBe(css.replace('--primary: #4f46e5;', '--primary: #166534;').replace('--accent: #f59e0b;', '--accent: #ca8a04;'));
    expect(files.get('src/data/teas.ts')).toBe("export const TEAS = ['sencha', 'oolong'];\n");
    expect(sut.modelChanges).toBe(5);
  });

  it('leaves a file as it was when an EDIT does not apply, and says why', () => {
    const { sut, mocks, project, stream } = setup();
    stream('Template: static\n', edit('src/index.css', '  --primary: #000000;', '  --primary: #111111;'), edit('src/nope.ts', 'a', 'b'));
    expect(project().get('src/index.css')).toBe(templateFiles('static').get('src/index.css'));
    expect(mocks.log).toHaveBeenCalledWith(
      'EDIT src/index.css: the SEARCH text was not found; quote the current lines exactly, with their indentation'.replace(/^/, '⚠️ ').replace(':', ' could not be applied:'),
      'warning',
    );
    expect(mocks.log).toHaveBeenCalledWith(expect.stringContaining('EDIT src/nope.ts could not be applied'), 'warning');
    expect(sut.modelChanges).toBe(0);
  });

  it('drops what a DELETE line removes from the files the project keeps', () => {
    const { sut, stream, project } = setup();
    stream('Template: static\n', `${deleteMarker('src/components/ui/table.tsx')}\n`, file('src/App.tsx', 'export function App() { return null; }\n'));
    const saved = [...project().keys()];
    expect(saved).toContain('src/components/ui/table.tsx');
    expect(sut.kept(saved)).toEqual(saved.filter((path) => path !== 'src/components/ui/table.tsx'));
  });

  it('without a shape line, lays the static template down for an answer that begins by editing it', () => {
    const { sut, mocks, project, stream } = setup();
    stream(edit('index.html', '    <title>Tea Shop</title>', '    <title>Teas</title>'));
    expect(sut.shape).toBe('static');
    expect(project().get('index.html')).toContain('<title>Teas</title>');
    expect(mocks.log).toHaveBeenCalledWith(expect.stringContaining('did not say which template'), 'warning');
  });

  it('without a shape line, takes an answer that begins with a whole file as the whole project', () => {
    const { sut, mocks, stream } = setup();
    stream('A counter.\n', file('package.json', '{ "name": "counter" }\n'), file('src/App.tsx', 'export {};\n'));
    expect(mocks.save.mock.calls.map(([path]) => path)).toEqual(['package.json', 'src/App.tsx']);
    expect(sut.shape).toBeNull();
  });

  it('lays nothing down under conventions without a template (v1)', () => {
    const { mocks, stream } = setup('v1');
    stream('Template: static\n', file('src/App.tsx', 'export {};\n'));
    expect(mocks.save.mock.calls.map(([path]) => path)).toEqual(['src/App.tsx']);
  });

  it('does not apply an EDIT the stream cut before its end', () => {
    const { sut, project, stream } = setup();
    stream('Template: static\n', [editStartMarker('src/index.css'), SEARCH_MARKER, '  --primary: #4f46e5;', REPLACE_MARKER, '  --primary: #16'].join('\n'));
    expect(project().get('src/index.css')).toBe(templateFiles('static').get('src/index.css'));
    expect(sut.modelChanges).toBe(0);
  });
});
