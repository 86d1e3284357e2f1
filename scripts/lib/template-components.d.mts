// Types of template-components.mjs, for the unit test that imports it.
export const TEMPLATE_DIR: string;
export const COMPONENT_LIST_FILE: string;
export const LISTED_MODULES: ReadonlyArray<{ module: string; file: string; shapes: string }>;
export function componentList(): string;
