import { describe, expect, it } from '@jest/globals';
import { MissingSecrets } from './missing-secrets.js';
import type { PageProblem } from './page-problems.js';

function newMissingSecrets(missing: string[] = ['OPENWEATHER_API_KEY']) {
  return { sut: new MissingSecrets(missing) };
}

const problem = (kind: PageProblem['kind'], message: string, stack?: string): PageProblem => ({ kind, message, file: null, line: null, ...(stack ? { stack } : {}) });

describe(MissingSecrets.name, () => {
  it("lets the app's own API answer 503 while a key is missing, but not its page, nor other statuses", () => {
    const { sut } = newMissingSecrets();
    expect(sut.tolerates({ path: '/api/weather?city=Oslo', status: 503, document: false })).toBe(true);
    expect(sut.tolerates({ path: '/', status: 503, document: true })).toBe(false);
    expect(sut.tolerates({ path: '/api/weather', status: 500, document: false })).toBe(false);
    expect(sut.tolerates({ path: '/api/weather', status: 502, document: false })).toBe(false);
  });

  it('explains nothing once every key is saved: the check is a normal one', () => {
    const { sut } = newMissingSecrets([]);
    expect(sut.any).toBe(false);
    expect(sut.tolerates({ path: '/api/weather', status: 503, document: false })).toBe(false);
    expect(sut.judge([problem('exception', 'Error: Waiting for OPENWEATHER_API_KEY')])).toEqual({ problems: [problem('exception', 'Error: Waiting for OPENWEATHER_API_KEY')], explained: [] });
  });

  it('explains exceptions and console errors that name a missing key as a whole word, in the message or the stack', () => {
    const { sut } = newMissingSecrets(['OPENWEATHER_API_KEY', 'MAP_TOKEN']);
    expect(sut.named(problem('console', 'Error: Waiting for OPENWEATHER_API_KEY: add it in Secrets.'))).toBe('OPENWEATHER_API_KEY');
    expect(sut.named(problem('exception', 'Error: missing key', 'Error: missing key\n    at readKey (server: MAP_TOKEN)'))).toBe('MAP_TOKEN');
    expect(sut.named(problem('exception', 'OPENWEATHER_API_KEY_V2 is not defined'))).toBeNull();
    expect(sut.named(problem('console', 'MY_MAP_TOKEN rejected'))).toBeNull();
  });

  it("explains an error answer whose body names a missing key, but never by the request's own line, a load failure or an empty page", () => {
    const { sut } = newMissingSecrets();
    const answered = (body?: string): PageProblem => ({ ...problem('request', 'GET /api/weather answered 500'), ...(body ? { body } : {}) });
    expect(sut.named(answered('{"error":"OPENWEATHER_API_KEY is not set"}'))).toBe('OPENWEATHER_API_KEY');
    expect(sut.named(answered('{"error":"upstream timed out"}'))).toBeNull();
    expect(sut.named(answered())).toBeNull();
    for (const kind of ['request', 'load', 'empty'] as const) expect(sut.named(problem(kind, 'GET /api/OPENWEATHER_API_KEY answered 500'))).toBeNull();
  });

  it('keeps what the missing keys do not explain as problems, in order', () => {
    const { sut } = newMissingSecrets();
    const waiting = problem('console', 'ApiError: Waiting for OPENWEATHER_API_KEY: add it in Secrets.');
    const unrelated = problem('exception', "TypeError: Cannot read properties of undefined (reading 'temp')");
    const empty = problem('empty', 'The page rendered nothing');
    expect(sut.judge([waiting, unrelated, empty])).toEqual({ problems: [unrelated, empty], explained: [waiting] });
  });
});
