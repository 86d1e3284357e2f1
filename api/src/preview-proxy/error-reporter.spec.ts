import { describe, expect, it, jest } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { errorReporterScript } from './error-reporter.js';

const WORKSPACE = 'http://localhost:3000';
const PAGE = `<!doctype html><html><head></head><body>
  <main data-forge-loc="src/App.tsx:3:5:App">
    <h1 data-forge-loc="src/components/Hero.tsx:12:7:Hero"><span>Welcome   to
      the shop</span></h1>
    <a href="#elsewhere" id="link" data-forge-loc="src/App.tsx:8:7">Shop</a>
    <p id="untagged-inside">Plain</p>
  </main>
  <footer id="outside">No tag</footer>
</body></html>`;

/** The page framed by the workspace: the reporter runs in it, and its parent is a window whose postMessage is watched. */
function newFramedPage() {
  const workspace = new JSDOM('', { url: `${WORKSPACE}/` });
  const postMessage = jest.fn();
  workspace.window.postMessage = postMessage as unknown as typeof workspace.window.postMessage;
  const page = new JSDOM(PAGE, { url: 'http://p1.preview.localhost:3000/', runScripts: 'outside-only' });
  Object.defineProperty(page.window, 'parent', { get: () => workspace.window });
  const appClicks = jest.fn();
  page.window.document.addEventListener('click', appClicks);
  page.window.eval(/<script[^>]*>([\s\S]*)<\/script>/.exec(errorReporterScript(`${WORKSPACE}/`))![1]!);
  const { document } = page.window;
  const fromWorkspace = (data: unknown, origin = WORKSPACE, source: unknown = workspace.window) =>
    page.window.dispatchEvent(new page.window.MessageEvent('message', { data, origin, source: source as Window }));
  const click = (selector: string) => {
    const event = new page.window.MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector(selector)!.dispatchEvent(event);
    return event;
  };
  const hover = (selector: string) => document.querySelector(selector)!.dispatchEvent(new page.window.MouseEvent('mouseover', { bubbles: true }));
  const outline = () => document.querySelector<HTMLElement>('[data-forge-select-outline]');
  return { sut: { fromWorkspace, click, hover, outline, document }, mocks: { postMessage, appClicks, otherWindow: new JSDOM('').window } };
}

const selectMode = (on: boolean) => ({ source: 'forge-preview', type: 'select-mode', on });

describe('the preview error reporter', () => {
  it('posts only to the workspace origin, and only when framed', () => {
    const script = errorReporterScript('http://localhost:3000');
    expect(script).toContain('if (window.parent === window) return;');
    expect(script).toContain('var target = "http://localhost:3000";');
    expect(script).toContain('}, target);');
    expect(script).not.toContain("'*'");
  });
});

describe('select mode in the preview', () => {
  it('outlines the nearest tagged element under the pointer with its component, and posts the clicked one instead of letting the app have the click', () => {
    const { sut, mocks } = newFramedPage();
    sut.fromWorkspace(selectMode(true));

    sut.hover('h1 span');
    expect(sut.outline()!.style.display).toBe('block');
    expect(sut.outline()!.textContent).toBe('Hero · h1');
    sut.hover('#untagged-inside');
    expect(sut.outline()!.textContent).toBe('App · main');
    sut.hover('#outside');
    expect(sut.outline()!.style.display).toBe('none');

    const click = sut.click('h1 span');
    expect(click.defaultPrevented).toBe(true);
    expect(mocks.appClicks).not.toHaveBeenCalled();
    expect(mocks.postMessage).toHaveBeenCalledWith(
      {
        source: 'forge-preview',
        type: 'element-selected',
        element: { target: { file: 'src/components/Hero.tsx', line: 12, column: 7 }, tagName: 'h1', component: 'Hero', text: 'Welcome to the shop' },
      },
      WORKSPACE,
    );

    // A link goes nowhere; an element without a component is named by its tag.
    expect(sut.click('#link').defaultPrevented).toBe(true);
    expect(mocks.postMessage).toHaveBeenLastCalledWith(expect.objectContaining({ element: expect.objectContaining({ tagName: 'a', component: null, text: 'Shop' }) }), WORKSPACE);
    // A click on nothing tagged is still the app's no more, and posts nothing.
    mocks.postMessage.mockClear();
    expect(sut.click('#outside').defaultPrevented).toBe(true);
    expect(mocks.postMessage).not.toHaveBeenCalled();
  });

  it('is turned off by the workspace: the outline goes and clicks are the app’s again', () => {
    const { sut, mocks } = newFramedPage();
    sut.fromWorkspace(selectMode(true));
    sut.hover('h1');
    sut.fromWorkspace(selectMode(false));
    expect(sut.outline()).toBeNull();
    expect(sut.click('h1').defaultPrevented).toBe(false);
    expect(mocks.appClicks).toHaveBeenCalledTimes(1);
    expect(mocks.postMessage).not.toHaveBeenCalled();
  });

  it('ignores a select-mode message from another origin or another window', () => {
    const { sut, mocks } = newFramedPage();
    sut.fromWorkspace(selectMode(true), 'http://evil.example');
    sut.fromWorkspace(selectMode(true), 'http://p2.preview.localhost:3000');
    sut.fromWorkspace(selectMode(true), WORKSPACE, mocks.otherWindow);
    sut.fromWorkspace({ source: 'forge-preview', type: 'select-mode', on: 'yes' });
    expect(sut.outline()).toBeNull();
    expect(sut.click('h1').defaultPrevented).toBe(false);
    expect(mocks.appClicks).toHaveBeenCalledTimes(1);
    expect(mocks.postMessage).not.toHaveBeenCalled();
  });
});
