import { describe, expect, it } from '@jest/globals';
import { ownHostCookies } from './preview-cookies.js';

describe('ownHostCookies', () => {
  const host = 'abc.preview.forge.test:3000';

  it('keeps host-only cookies and cookies for exactly its own host', () => {
    expect(ownHostCookies(['cart=1; Path=/', 'theme=dark; Domain=abc.preview.forge.test; HttpOnly'], host)).toEqual(['cart=1; Path=/', 'theme=dark; Domain=abc.preview.forge.test; HttpOnly']);
  });

  it('drops cookies whose Domain reaches the preview domain, the platform or anywhere else', () => {
    const cookies = ['forge_session=attacker; Domain=forge.test; Path=/api', 'tossed=1; domain=.preview.forge.test', 'other=1; Path=/; DOMAIN=xyz.preview.forge.test', 'kept=1'];
    expect(ownHostCookies(cookies, host)).toEqual(['kept=1']);
  });

  it('passes an absent header through', () => {
    expect(ownHostCookies(undefined, host)).toBeUndefined();
  });
});
