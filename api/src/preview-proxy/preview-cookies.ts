/**
 * The cookies a preview may set: only ones for its own host. A `Domain` attribute naming a parent
 * (the preview domain, or the platform's own domain) would reach other tenants' previews or the
 * platform, so such a cookie is dropped.
 */
export function ownHostCookies(setCookie: string[] | undefined, host: string): string[] | undefined {
  if (!setCookie) return setCookie;
  const ownHost = host.toLowerCase().replace(/:\d+$/, '');
  return setCookie.filter((cookie) => {
    const domain = domainAttribute(cookie);
    return domain === null || domain === ownHost;
  });
}

function domainAttribute(cookie: string): string | null {
  for (const part of cookie.split(';').slice(1)) {
    const [name, ...value] = part.split('=');
    if (name?.trim().toLowerCase() === 'domain') return value.join('=').trim().replace(/^\./, '').toLowerCase();
  }
  return null;
}
