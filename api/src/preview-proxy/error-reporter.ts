// The script the preview proxy puts into every HTML page of a preview: it reports the page's
// uncaught errors and unhandled rejections to the workspace framing it, and to nobody else; and it
// runs select mode, in which the owner picks an element of the page to have the agent edit it.
import { MAX_REPORTED_MESSAGE_CHARS, MAX_REPORTED_STACK_CHARS, PREVIEW_ERROR_SOURCE } from '@forge/protocol/preview-errors';
import { MAX_SELECTED_TEXT_CHARS, SOURCE_TAG_ATTRIBUTE } from '@forge/protocol/source-tags';

/** Reports per page at most: an error thrown in a loop must not flood the workspace. */
const MAX_REPORTS = 20;

/** The outline's colour: the workspace's primary. */
const OUTLINE_COLOUR = '#7c6cff';

/**
 * Posted only to `workspaceOrigin` (postMessage's target origin): a page opened directly, or framed
 * by any other site, reports nothing to anyone. The workspace checks the sender's origin in turn.
 * Select mode is turned on and off only by a message from the framing window on that origin.
 */
export function errorReporterScript(workspaceOrigin: string): string {
  const origin = new URL(workspaceOrigin).origin;
  return `<script data-forge-preview-reporter>(function () {
  if (window.parent === window) return;
  var target = ${JSON.stringify(origin)};
  var SOURCE = ${JSON.stringify(PREVIEW_ERROR_SOURCE)};
  var sent = 0;
  function text(value, max) { return value == null ? null : String(value).slice(0, max); }
  function send(message, file, line, stack) {
    if (sent >= ${MAX_REPORTS}) return;
    sent++;
    var where = file ? String(file).replace(location.origin, '') : null;
    try {
      window.parent.postMessage({ source: SOURCE, type: 'runtime-error', error: { message: text(message, ${MAX_REPORTED_MESSAGE_CHARS}), file: where, line: line || null, stack: text(stack, ${MAX_REPORTED_STACK_CHARS}) } }, target);
    } catch (e) {}
  }
  function describe(error) {
    if (error && typeof error === 'object' && 'message' in error) return (error.name && String(error.message).indexOf(error.name) !== 0 ? error.name + ': ' : '') + error.message;
    return String(error);
  }
  window.addEventListener('error', function (event) {
    // A resource that failed to load (an image, a script tag) is not an uncaught error.
    if (event.target && event.target !== window) return;
    send(event.error ? describe(event.error) : event.message, event.filename, event.lineno, event.error && event.error.stack);
  }, true);
  window.addEventListener('unhandledrejection', function (event) {
    send('Unhandled promise rejection: ' + describe(event.reason), null, null, event.reason && event.reason.stack);
  });

  // Select mode: the nearest tagged element under the pointer is outlined with its component's name;
  // a click or tap is the app's no more (no navigation, no handlers) and posts the element instead.
  var TAG = ${JSON.stringify(SOURCE_TAG_ATTRIBUTE)};
  var TAG_VALUE = /^(.+?):(\\d+):(\\d+)(?::([A-Za-z_$][\\w$]*))?$/;
  var SWALLOWED = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'dblclick', 'auxclick', 'contextmenu'];
  var selecting = false, shown = null, box = null, label = null, cursor = null;
  function tagged(node) {
    while (node && node.nodeType !== 1) node = node.parentNode;
    return node && node.closest ? node.closest('[' + TAG + ']') : null;
  }
  function sourceOf(element) {
    var match = TAG_VALUE.exec(element.getAttribute(TAG) || '');
    return match ? { target: { file: match[1], line: Number(match[2]), column: Number(match[3]) }, component: match[4] || null } : null;
  }
  function overlay() {
    box = document.createElement('div');
    box.setAttribute('data-forge-select-outline', '');
    box.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;box-sizing:border-box;border:2px solid ${OUTLINE_COLOUR};border-radius:3px;background:rgba(124,108,255,0.08);display:none;transition:all 60ms ease-out;';
    label = document.createElement('div');
    label.style.cssText = 'position:absolute;left:-2px;bottom:100%;margin-bottom:2px;padding:1px 6px;border-radius:3px;background:${OUTLINE_COLOUR};color:#fff;font:600 11px/16px ui-sans-serif,system-ui,sans-serif;white-space:nowrap;max-width:240px;overflow:hidden;text-overflow:ellipsis;';
    box.appendChild(label);
    cursor = document.createElement('style');
    cursor.textContent = '*, *::before, *::after { cursor: crosshair !important; }';
    document.documentElement.appendChild(box);
    document.documentElement.appendChild(cursor);
  }
  function outline(element) {
    shown = element;
    if (!box) return;
    var source = element && sourceOf(element);
    if (!source) { box.style.display = 'none'; return; }
    var rect = element.getBoundingClientRect();
    box.style.display = 'block';
    box.style.left = rect.left + 'px';
    box.style.top = rect.top + 'px';
    box.style.width = Math.max(rect.width, 4) + 'px';
    box.style.height = Math.max(rect.height, 4) + 'px';
    // Near the top of the page the label goes inside the outline, where it can be seen.
    label.style.bottom = rect.top < 20 ? 'auto' : '100%';
    label.style.top = rect.top < 20 ? '0' : 'auto';
    var tagName = element.tagName.toLowerCase();
    label.textContent = source.component ? source.component + ' \\u00b7 ' + tagName : tagName;
  }
  function onHover(event) {
    var element = tagged(event.target);
    if (element !== shown) outline(element);
  }
  function onMove() { if (shown) outline(shown); }
  function swallow(event) {
    event.stopImmediatePropagation();
    // A touch's default is the click that selects: only a mouse press's (focus, text selection) goes.
    if (event.cancelable && event.type.indexOf('touch') !== 0 && event.type.indexOf('pointer') !== 0) event.preventDefault();
  }
  function onClick(event) {
    event.stopImmediatePropagation();
    event.preventDefault();
    var element = tagged(event.target);
    var source = element && sourceOf(element);
    if (!source) return;
    outline(element);
    var words = String(element.innerText || element.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, ${MAX_SELECTED_TEXT_CHARS});
    try {
      window.parent.postMessage({ source: SOURCE, type: 'element-selected', element: { target: source.target, tagName: element.tagName.toLowerCase(), component: source.component, text: words } }, target);
    } catch (e) {}
  }
  function setSelecting(on) {
    if (on === selecting) return;
    selecting = on;
    var change = on ? 'addEventListener' : 'removeEventListener';
    window[change]('mouseover', onHover, true);
    window[change]('scroll', onMove, true);
    window[change]('resize', onMove, true);
    window[change]('click', onClick, true);
    window[change]('submit', swallow, true);
    for (var i = 0; i < SWALLOWED.length; i++) window[change](SWALLOWED[i], swallow, true);
    if (on) { overlay(); return; }
    if (box) box.remove();
    if (cursor) cursor.remove();
    box = label = cursor = shown = null;
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== target || event.source !== window.parent) return;
    var data = event.data;
    if (data && data.source === SOURCE && data.type === 'select-mode' && typeof data.on === 'boolean') setSelecting(data.on);
  });
})();</script>`;
}
