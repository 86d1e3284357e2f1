/**
 * The cookies a preview sets, each for its own host only: a `Domain` attribute (the preview domain,
 * the platform's own domain, anything wider than the preview's host) would reach other tenants'
 * previews or the platform, so it is taken out and the cookie stays the app's own, as it meant it to
 * be. (A preview's script can still write such cookies itself: only a preview domain on the Public
 * Suffix List stops that; see deploy/README.md.)
 */
export function hostOnlyCookies(setCookie: string[] | undefined): string[] | undefined {
  if (!setCookie) return setCookie;
  return setCookie.map((cookie) => {
    const [pair, ...attributes] = cookie.split(';');
    return [pair, ...attributes.filter((attribute) => attribute.split('=')[0]!.trim().toLowerCase() !== 'domain')].join(';');
  });
}
