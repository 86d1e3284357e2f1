import { describe, expect, it } from '@jest/globals';
import { TARGET_MESSAGE, editProjectSchema } from './edit-project.dto.js';

const parse = (body: unknown) => editProjectSchema.safeParse(body);

describe('editProjectSchema', () => {
  it('takes a request with or without the target picked in the preview, keeping only the target’s own fields', () => {
    expect(parse({ modificationRequest: 'Make it blue' })).toMatchObject({ success: true, data: { modificationRequest: 'Make it blue' } });
    expect(parse({ modificationRequest: ' Make this say Hello ', target: { file: 'src/components/Hero.tsx', line: 12, column: 7, extra: 'x' } })).toEqual({
      success: true,
      data: { modificationRequest: 'Make this say Hello', target: { file: 'src/components/Hero.tsx', line: 12, column: 7 } },
    });
  });

  it.each([
    ['a string', 'src/App.tsx:5:7'],
    ['a path out of the project', { file: '../secrets.txt', line: 1, column: 1 }],
    ['an absolute path', { file: '/etc/passwd', line: 1, column: 1 }],
    ['line 0', { file: 'src/App.tsx', line: 0, column: 1 }],
    ['a fractional column', { file: 'src/App.tsx', line: 3, column: 1.5 }],
    ['a missing line', { file: 'src/App.tsx', column: 1 }],
    ['null', null],
  ])('refuses a target that is %s, saying what a target is', (_case, target) => {
    const result = parse({ modificationRequest: 'Make this say Hello', target });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: ['target'], message: TARGET_MESSAGE })]);
  });
});
