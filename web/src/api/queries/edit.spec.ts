import { describe, expect, it, jest } from '@jest/globals';
import { createSseLineReader, parseEditEvent } from './edit';

describe('createSseLineReader', () => {
  it('delivers data lines across arbitrary chunk boundaries', () => {
    const seen: Array<[string, string | null]> = [];
    const reader = createSseLineReader((data, name) => seen.push([data, name]));
    const stream = 'data: {"type":"log","message":"one"}\n\ndata: {"type":"comp' + 'lete"}\r\n\r\ndata: [DONE]';
    for (const chunk of stream.match(/.{1,7}/gs) ?? []) reader.push(chunk);
    reader.end();
    expect(seen).toEqual([
      ['{"type":"log","message":"one"}', null],
      ['{"type":"complete"}', null],
      ['[DONE]', null],
    ]);
  });

  it('remembers the event name until the blank line and skips comments', () => {
    const seen: Array<[string, string | null]> = [];
    const reader = createSseLineReader((data, name) => seen.push([data, name]));
    reader.push(': keep-alive\nevent: log\ndata: {"message":"hi"}\n\ndata: {"type":"log","message":"x"}\n');
    expect(seen).toEqual([
      ['{"message":"hi"}', 'log'],
      ['{"type":"log","message":"x"}', null],
    ]);
  });
});

describe('parseEditEvent', () => {
  it('reads the four spec events', () => {
    expect(parseEditEvent('{"type":"log","message":"Reading files"}')).toEqual({ type: 'log', message: 'Reading files' });
    expect(parseEditEvent('{"type":"complete"}')).toEqual({ type: 'complete', message: null });
    expect(parseEditEvent('{"type":"error","message":"Boom"}')).toEqual({ type: 'error', message: 'Boom' });
    expect(parseEditEvent('[DONE]')).toEqual({ type: 'done' });
  });

  it('accepts the message under data and the type from the event name', () => {
    expect(parseEditEvent('{"type":"log","data":"Saved src/App.tsx"}')).toEqual({ type: 'log', message: 'Saved src/App.tsx' });
    expect(parseEditEvent('{"message":"late"}', 'log')).toEqual({ type: 'log', message: 'late' });
    expect(parseEditEvent('{"type":"error","error":"No model"}')).toEqual({ type: 'error', message: 'No model' });
  });

  it('ignores unknown types and unparseable lines with a warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseEditEvent('{"type":"usage","tokens":3}')).toBeNull();
    expect(parseEditEvent('{not json')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
