import { describe, expect, it } from '@jest/globals';
import { hostOnlyCookies } from './preview-cookies.js';

describe('hostOnlyCookies', () => {
  it('keeps host-only cookies as they are', () => {
    expect(hostOnlyCookies(['cart=1; Path=/', 'theme=dark; HttpOnly; SameSite=Lax'])).toEqual(['cart=1; Path=/', 'theme=dark; HttpOnly; SameSite=Lax']);
  });

  it('makes cookies for the preview domain, the platform or any other domain host-only, keeping their other attributes', () => {
    const cookies = [
      'forge_session=attacker; Domain=forge.test; Path=/api',
      'tossed=1; domain=.preview.forge.test',
      'other=1; Path=/; DOMAIN=xyz.preview.forge.test',
      'own=1; Domain=abc.preview.forge.test; Secure',
    ];
    expect(hostOnlyCookies(cookies)).toEqual(['forge_session=attacker; Path=/api', 'tossed=1', 'other=1; Path=/', 'own=1; Secure']);
  });

  it('leaves a value that merely contains the word alone', () => {
    expect(hostOnlyCookies(['note=Domain=x; Path=/'])).toEqual(['note=Domain=x; Path=/']);
  });

  it('passes an absent header through', () => {
    expect(hostOnlyCookies(undefined)).toBeUndefined();
  });
});
