// Select mode over the preview's reporter channel: the workspace turns it on and off in the framed
// page, and the page posts back the element the owner picked. Both ends check the other's window and
// origin; these readers check the shape, since anything may arrive by postMessage.
import { PREVIEW_ERROR_SOURCE } from './preview-errors.js';
import { MAX_SELECTED_TEXT_CHARS, type SelectedElement, sourceTarget } from './source-tags.js';

const MAX_TAG_NAME_CHARS = 64;
const TAG_NAME = /^[a-z][a-z0-9-]*$/;
const COMPONENT_NAME = /^[A-Za-z_$][\w$]*$/;

/** Workspace → page: select mode on or off. */
export interface SelectModeMessage {
  source: typeof PREVIEW_ERROR_SOURCE;
  type: 'select-mode';
  on: boolean;
}

/** Page → workspace: the element clicked or tapped in select mode. */
export interface ElementSelectedMessage {
  source: typeof PREVIEW_ERROR_SOURCE;
  type: 'element-selected';
  element: SelectedElement;
}

export function selectModeMessage(on: boolean): SelectModeMessage {
  return { source: PREVIEW_ERROR_SOURCE, type: 'select-mode', on };
}

/** Whether select mode is to be on, or null when the data is not a select-mode message. */
export function readSelectModeMessage(data: unknown): boolean | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<SelectModeMessage>;
  if (message.source !== PREVIEW_ERROR_SOURCE || message.type !== 'select-mode' || typeof message.on !== 'boolean') return null;
  return message.on;
}

/** The picked element when the data is a well-formed selection, else null. */
export function readElementSelectedMessage(data: unknown): SelectedElement | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<ElementSelectedMessage>;
  if (message.source !== PREVIEW_ERROR_SOURCE || message.type !== 'element-selected') return null;
  const element = message.element as Partial<SelectedElement> | undefined;
  if (typeof element !== 'object' || element === null) return null;
  const target = sourceTarget(element.target);
  const tagName = typeof element.tagName === 'string' ? element.tagName.toLowerCase() : '';
  if (!target || tagName.length > MAX_TAG_NAME_CHARS || !TAG_NAME.test(tagName)) return null;
  const component = typeof element.component === 'string' && element.component.length <= MAX_TAG_NAME_CHARS && COMPONENT_NAME.test(element.component) ? element.component : null;
  const text = typeof element.text === 'string' ? element.text.replace(/\s+/g, ' ').trim().slice(0, MAX_SELECTED_TEXT_CHARS) : '';
  return { target, tagName, component, text };
}
