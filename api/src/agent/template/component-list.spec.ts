// The v2 prompt's list of the template's components (api/prompts/v2/components.md) is made from the
// template's sources by scripts/lib/template-components.mjs; it may not drift from them.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPONENT_LIST_FILE, LISTED_MODULES, componentList } from '../../../../scripts/lib/template-components.mjs';
import { TEMPLATE_DIR } from './template-files.js';

describe('the v2 prompt component list', () => {
  it('is what the template files say (regenerate with `node scripts/lib/template-components.mjs`)', () => {
    expect(readFileSync(COMPONENT_LIST_FILE, 'utf8')).toBe(componentList());
  });

  it('covers every UI component of the template', () => {
    const listed = LISTED_MODULES.map((entry) => entry.file);
    for (const name of readdirSync(join(TEMPLATE_DIR, 'base/src/components/ui'))) expect(listed).toContain(`base/src/components/ui/${name}`);
  });

  it('lists each component with its own props and variants', () => {
    const list = componentList();
    expect(list).toContain(
      "`Button({ variant?: 'default' | 'accent' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link'; size?: 'default' | 'sm' | 'lg' | 'icon' | 'icon-sm'; asChild?: boolean; <button> props })`",
    );
    expect(list).toContain("`SheetContent({ side?: 'right' | 'left' | 'top' | 'bottom'; Radix Dialog.Content props })`");
    expect(list).toContain('`Card`, `CardHeader`, `CardAction`, `CardContent`, `CardFooter`: `{ <div> props }`');
  });
});
